import type { Channel } from "./delivery/config.ts";
import { openPgStore } from "./pg-store.ts";
import { DEFAULT_DB_PATH, openSqliteStore } from "./sqlite-store.ts";
import type { EnquiryStore } from "./store.ts";

export interface OpenStoreOptions {
  /** DATABASE_URL: postgres://… selects PostgreSQL; unset means SQLite at `dbPath`. */
  databaseUrl?: string;
  /** ENQUIRY_DB, for SQLite. Default data/enquiries.db. */
  dbPath?: string;
  /** DATABASE_POOL_SIZE, for PostgreSQL. */
  poolSize?: number;
  ipHashKey?: string;
  now?: () => number;
  /** The configured delivery channels: each new enquiry gets an outbox row for each. */
  deliveryChannels?: readonly Channel[];
}

/** The store the settings name: PostgreSQL when a database URL is given, else the SQLite file. */
export async function openStore(options: OpenStoreOptions): Promise<EnquiryStore> {
  if (options.databaseUrl) {
    return openPgStore({
      connectionString: options.databaseUrl,
      poolSize: options.poolSize,
      ipHashKey: options.ipHashKey,
      now: options.now,
      deliveryChannels: options.deliveryChannels,
    });
  }
  return openSqliteStore({
    path: options.dbPath ?? DEFAULT_DB_PATH,
    ipHashKey: options.ipHashKey,
    now: options.now,
    deliveryChannels: options.deliveryChannels,
  });
}
