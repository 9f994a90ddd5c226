import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { buildApp } from "./app.ts";
import { deliveryChannels, type DeliveryConfig } from "./delivery/config.ts";
import { notifyingStore, startDeliveries } from "./delivery/index.ts";
import type { DeliveryWorker } from "./delivery/worker.ts";
import { openStore } from "./open-store.ts";
import { DEFAULT_DB_PATH } from "./sqlite-store.ts";

export interface StartOptions {
  port?: number;
  host?: string;
  /** The prerendered site; default "dist". null serves the API alone (the site is on a CDN). */
  distDir?: string | null;
  dbPath?: string;
  /** postgres://… (DATABASE_URL): PostgreSQL instead of the SQLite file at dbPath. */
  databaseUrl?: string;
  poolSize?: number;
  rateLimit?: number;
  trustProxy?: FastifyServerOptions["trustProxy"];
  apiBase?: string;
  corsOrigins?: readonly string[];
  ipHashKey?: string;
  logger?: FastifyServerOptions["logger"];
  /** Where each new enquiry is delivered after it is stored; default nowhere (stored only). */
  delivery?: DeliveryConfig;
}

export interface RunningServer {
  app: FastifyInstance;
  /** http://host:port, with the port actually bound (useful with port 0). */
  url: string;
  /** Stops accepting requests, finishes those in flight, then closes the database. */
  close(): Promise<void>;
}

function boundPort(app: FastifyInstance, fallback: number): number {
  const address = app.server.address();
  return typeof address === "object" && address !== null ? address.port : fallback;
}

/**
 * Opens the store (PostgreSQL with databaseUrl, else SQLite), builds the app and listens.
 * Defaults: 127.0.0.1:3000, dist/, data/enquiries.db.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 3000;
  const store = await openStore({
    databaseUrl: options.databaseUrl,
    dbPath: options.dbPath,
    poolSize: options.poolSize,
    ipHashKey: options.ipHashKey,
    deliveryChannels: options.delivery && deliveryChannels(options.delivery),
  });
  let deliveries: DeliveryWorker | null = null;
  let app: FastifyInstance;
  try {
    app = buildApp({
      store: notifyingStore(store, () => deliveries?.wake()),
      distDir: options.distDir === undefined ? "dist" : options.distDir,
      rateLimit: options.rateLimit,
      trustProxy: options.trustProxy,
      apiBase: options.apiBase,
      corsOrigins: options.corsOrigins,
      logger: options.logger ?? { level: "info" },
    });
    app.addHook("onClose", async () => {
      await deliveries?.stop();
      await store.close();
    });
    await app.listen({ port, host });
    // After listen: the worker shares the database the store has just migrated.
    const place = { databaseUrl: options.databaseUrl, dbPath: options.dbPath ?? DEFAULT_DB_PATH };
    if (options.delivery) deliveries = startDeliveries(options.delivery, place, app.log);
  } catch (error) {
    await deliveries?.stop();
    await store.close();
    throw error;
  }
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return { app, url: `http://${urlHost}:${boundPort(app, port)}`, close: () => app.close() };
}
