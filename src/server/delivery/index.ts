// The delivery feature as the server starts it (docs/notifications.md).
import { openSqliteOutbox, type SqliteStore } from "../sqlite-store.ts";
import type { EnquiryStore } from "../store.ts";
import type { Channel, DeliveryConfig } from "./config.ts";
import { emailSender } from "./email.ts";
import type { Outbox } from "./outbox.ts";
import { openPgOutbox } from "./pg-outbox.ts";
import type { Sender } from "./send-result.ts";
import { webhookSender } from "./webhook.ts";
import { startDeliveryWorker, type DeliveryLog, type DeliveryWorker, type WorkerOptions } from "./worker.ts";

/** The database the store uses: PostgreSQL when databaseUrl is set, else the SQLite file. */
export interface OutboxPlace {
  databaseUrl?: string;
  dbPath: string;
}

/** The outbox of an already opened (so migrated) store's database, for the operator's commands. */
export function openOutbox(place: OutboxPlace): Outbox {
  return place.databaseUrl ? openPgOutbox(place.databaseUrl) : openSqliteOutbox(place.dbPath);
}

/**
 * Starts sending the deliveries of the configured channels, or returns null when none is
 * configured (enquiries are then stored only). Stop it before closing the store.
 *
 * One worker per channel, each claiming and sending only its own channel's deliveries: a
 * receiver that never answers holds up its own batch until its timeout, never the other
 * channel's (a shared batch waits for its slowest send, so a black-hole webhook once cut the
 * email rate about 36 times).
 *
 * On SQLite the workers use the store's own outbox, whose writes share the store's writer
 * thread (sqlite-store.ts); on PostgreSQL, an outbox with a small pool of its own.
 */
export function startDeliveries(
  config: DeliveryConfig,
  store: EnquiryStore | SqliteStore,
  databaseUrl: string | undefined,
  log: DeliveryLog,
  tuning: Pick<WorkerOptions, "pollMs" | "leaseMs" | "firstRetryMs" | "apiBusy"> = {},
): DeliveryWorker | null {
  const senders: WorkerOptions["senders"] = {};
  if (config.email) senders.email = emailSender(config.email);
  if (config.webhook) senders.webhook = webhookSender(config.webhook);
  if (Object.keys(senders).length === 0) return null;
  const outbox =
    "outbox" in store ? store.outbox : openPgOutbox(databaseUrl!, (error) => log.error(`PostgreSQL connection error (deliveries): ${error.message}`));
  return startChannelWorkers({ outbox, senders, log, ...tuning });
}

/** One worker per channel in `senders` on one outbox, woken and stopped together; stopping closes the outbox. */
export function startChannelWorkers(options: WorkerOptions): DeliveryWorker {
  const workers = (Object.entries(options.senders) as [Channel, Sender][]).map(([channel, sender]) =>
    startDeliveryWorker({ ...options, senders: { [channel]: sender } }),
  );
  return {
    wake() {
      for (const worker of workers) worker.wake();
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
      await options.outbox.close();
    },
  };
}

/**
 * `store`, calling `stored` after each new enquiry is committed, so its deliveries start at
 * once rather than at the next poll; `busy` says whether enquiries are being stored right
 * now, so deliveries give way to them (worker.ts).
 */
export function notifyingStore(store: EnquiryStore, stored: () => void): { store: EnquiryStore; busy(): boolean } {
  let storing = 0;
  return {
    store: {
      kind: store.kind,
      async insert(enquiry, options) {
        storing += 1;
        try {
          const result = await store.insert(enquiry, options);
          if (result.outcome === "created") stored();
          return result;
        } finally {
          storing -= 1;
        }
      },
      list: (options) => store.list(options),
      count: () => store.count(),
      listSpam: (limit) => store.listSpam(limit),
      async releaseSpam(sessionId, channels) {
        const result = await store.releaseSpam(sessionId, channels);
        if (result.outcome === "released") stored();
        return result;
      },
      formSecret: store.formSecret,
      close: () => store.close(),
    },
    busy: () => storing > 0,
  };
}
