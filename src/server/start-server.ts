import type { FastifyInstance } from "fastify";
import { buildApp } from "./app.ts";
import { deliveryChannels } from "./delivery/config.ts";
import { notifyingStore, startDeliveries } from "./delivery/index.ts";
import { checkSmtpTls, startTlsRefusedMessage } from "./delivery/email.ts";
import type { DeliveryWorker, WorkerOptions } from "./delivery/worker.ts";
import { ConfigError, DEFAULT_CONFIG, type ServerConfig } from "./env.ts";
import { openStore } from "./open-store.ts";
import { startRetention, type RetentionTimer } from "./personal-data.ts";
import type { EditorBundles } from "./editor/bundle-files.ts";
import type { PageChecker } from "./editor/publish.ts";
import type { SiteRebuilder } from "./editor/rebuild.ts";
import { openStaffStore } from "./staff/open-staff-store.ts";
import type { StaffStore } from "./staff/staff-store.ts";

/** What the editor needs beyond the settings to run inside the server: its built bundles, the working copy, publish's page check, and the rebuild of the live site after a publish. */
export interface EditorMount {
  root: string;
  bundles: EditorBundles;
  checkPages: PageChecker;
  rebuilder?: SiteRebuilder;
}

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
 * Checks that an SMTP server taking a password offers STARTTLS, opens the store (PostgreSQL
 * with databaseUrl, else SQLite), builds the app and listens, then starts delivering
 * enquiries to the configured channels (docs/notifications.md) and removing those past the
 * retention period (docs/api.md, "Personal data"), all from one config (env.ts); settings
 * left out take their defaults. A setting that cannot work rejects with a ConfigError.
 * `deliveryTuning` is for code, not operators: a test that watches a retry happen shortens the wait for it.
 */
export async function startServer(
  options: Partial<ServerConfig> & { editorMount?: EditorMount | null; now?: () => number } = {},
  deliveryTuning: Pick<WorkerOptions, "pollMs" | "firstRetryMs"> = {},
): Promise<RunningServer> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...options };
  const smtp = config.delivery.email?.smtp;
  // Checked before anything opens: a server that refuses STARTTLS would make every email fail.
  const tlsCheck = smtp?.requireTls ? await checkSmtpTls(smtp) : undefined;
  if (tlsCheck?.outcome === "no-starttls") throw new ConfigError(startTlsRefusedMessage(smtp!));
  const store = await openStore({ ...config, deliveryChannels: deliveryChannels(config.delivery) });
  let staff: StaffStore | null = null;
  let deliveries: DeliveryWorker | null = null;
  let retention: RetentionTimer | null = null;
  let app: FastifyInstance;
  try {
    const intake = notifyingStore(store, () => deliveries?.wake());
    const mount = options.editorMount;
    if (mount) staff = await openStaffStore(config);
    app = buildApp({
      ...config,
      store: intake.store,
      now: options.now,
      staffEditor:
        mount && staff
          ? {
              store: staff,
              origin: config.editor.origin,
              now: options.now,
              editor: {
                root: mount.root,
                bundles: mount.bundles,
                checkPages: mount.checkPages,
                rebuilder: mount.rebuilder,
                ...(config.editor.gitRemote ? { gitRemote: config.editor.gitRemote } : {}),
              },
            }
          : undefined,
    });
    app.addHook("onClose", async () => {
      await retention?.stop();
      await deliveries?.stop();
      await staff?.close();
      await store.close();
    });
    // The start-up line, through the log like every other line (LOG_FORMAT=json keeps it JSON).
    const serving = `${config.distDir === null ? "nexa API" : "nexa site and API"}`;
    const database = config.databaseUrl ? "PostgreSQL" : `SQLite ${config.dbPath}`;
    await app.listen({ port: config.port, host: config.host, listenTextResolver: (address) => `${serving} on ${address} (${database})` });
    if (tlsCheck?.outcome === "unknown") {
      app.log.warn(`Could not ask ${smtp!.host}:${smtp!.port} for STARTTLS at start-up (${tlsCheck.error}); every email will require it.`);
    }
    deliveries = startDeliveries(config.delivery, store, config.databaseUrl, app.log, { ...deliveryTuning, apiBusy: intake.busy });
    retention = startRetention({ store, days: config.retentionDays, log: app.log });
  } catch (error) {
    await retention?.stop();
    await deliveries?.stop();
    await staff?.close();
    await store.close();
    throw error;
  }
  const urlHost = config.host.includes(":") ? `[${config.host}]` : config.host;
  return { app, url: `http://${urlHost}:${boundPort(app, config.port)}`, close: () => app.close() };
}
