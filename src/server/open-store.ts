import type { Channel } from "./delivery/config.ts";
import type { ServerConfig } from "./env.ts";
import { openPgStore } from "./pg-store.ts";
import { openSqliteStore, type SqliteStore } from "./sqlite-store.ts";
import type { EnquiryStore, PersonalDataStore } from "./store.ts";

export interface OpenStoreOptions extends Pick<ServerConfig, "databaseUrl" | "dbPath">, Partial<Pick<ServerConfig, "poolSize" | "ipHashKey" | "formSecret">> {
  now?: () => number;
  /** The configured delivery channels: each new enquiry gets an outbox row for each. */
  deliveryChannels?: readonly Channel[];
}

/** The store the settings name: PostgreSQL when a database URL is given, else the SQLite file (which brings its outbox). */
export async function openStore(options: OpenStoreOptions): Promise<(EnquiryStore & PersonalDataStore) | SqliteStore> {
  if (options.databaseUrl) {
    return openPgStore({
      connectionString: options.databaseUrl,
      poolSize: options.poolSize,
      ipHashKey: options.ipHashKey,
      formSecret: options.formSecret,
      now: options.now,
      deliveryChannels: options.deliveryChannels,
    });
  }
  return openSqliteStore({
    path: options.dbPath,
    ipHashKey: options.ipHashKey,
    formSecret: options.formSecret,
    now: options.now,
    deliveryChannels: options.deliveryChannels,
  });
}
