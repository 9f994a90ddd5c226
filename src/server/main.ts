import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { buildApp } from "./app.ts";
import { DEFAULT_DB_PATH, openSqliteStore } from "./sqlite-store.ts";

export interface StartOptions {
  port?: number;
  host?: string;
  distDir?: string;
  dbPath?: string;
  rateLimit?: number;
  trustProxy?: FastifyServerOptions["trustProxy"];
  apiBase?: string;
  corsOrigins?: readonly string[];
  ipHashKey?: string;
  logger?: FastifyServerOptions["logger"];
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

/** Opens the SQLite store, builds the app and listens. Defaults: 127.0.0.1:3000, dist/, data/enquiries.db. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const port = options.port ?? 3000;
  const store = openSqliteStore({ path: options.dbPath ?? DEFAULT_DB_PATH, ipHashKey: options.ipHashKey });
  let app: FastifyInstance;
  try {
    app = buildApp({
      store,
      distDir: options.distDir ?? "dist",
      rateLimit: options.rateLimit,
      trustProxy: options.trustProxy,
      apiBase: options.apiBase,
      corsOrigins: options.corsOrigins,
      logger: options.logger ?? { level: "info" },
    });
    app.addHook("onClose", async () => store.close());
    await app.listen({ port, host });
  } catch (error) {
    await store.close();
    throw error;
  }
  const urlHost = host.includes(":") ? `[${host}]` : host;
  return { app, url: `http://${urlHost}:${boundPort(app, port)}`, close: () => app.close() };
}
