import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { deliveryChannels } from "./delivery/config.ts";
import { notifyingStore, startDeliveries } from "./delivery/index.ts";
import type { DeliveryWorker } from "./delivery/worker.ts";
import { DEFAULT_CONFIG, type ServerConfig } from "./env.ts";
import { openStore } from "./open-store.ts";

export interface RunningServer {
  app: FastifyInstance;
  /** http://host:port, with the port actually bound (useful with port 0). */
  url: string;
  /** Stops accepting requests, finishes those in flight, stops deliveries, then closes the database. */
  close(): Promise<void>;
}

function boundPort(app: FastifyInstance, fallback: number): number {
  const address = app.server.address();
  return typeof address === "object" && address !== null ? address.port : fallback;
}

/**
 * Opens the store (PostgreSQL with databaseUrl, else SQLite), builds the app and listens,
 * then starts delivering enquiries to the configured channels (docs/notifications.md), all
 * from one config (env.ts); settings left out take their defaults.
 */
export async function startServer(options: Partial<ServerConfig> = {}): Promise<RunningServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...options };
  const store = await openStore({ ...config, deliveryChannels: deliveryChannels(config.delivery) });
  let deliveries: DeliveryWorker | null = null;
  let app: FastifyInstance;
  try {
    const intake = notifyingStore(store, () => deliveries?.wake());
    app = buildApp({ ...config, store: intake.store });
    app.addHook("onClose", async () => {
      await deliveries?.stop();
      await store.close();
    });
    await app.listen({ port: config.port, host: config.host });
    deliveries = startDeliveries(config.delivery, store, config.databaseUrl, app.log, { apiBusy: intake.busy });
  } catch (error) {
    await deliveries?.stop();
    await store.close();
    throw error;
  }
  const urlHost = config.host.includes(":") ? `[${config.host}]` : config.host;
  return { app, url: `http://${urlHost}:${boundPort(app, config.port)}`, close: () => app.close() };
}
