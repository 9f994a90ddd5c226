import type { ServerConfig } from "./env.ts";
import { openPgStore } from "./pg-store.ts";
import { openSqliteStore } from "./sqlite-store.ts";
import type { EnquiryStore } from "./store.ts";

export interface OpenStoreOptions extends Pick<ServerConfig, "databaseUrl" | "dbPath">, Partial<Pick<ServerConfig, "poolSize" | "ipHashKey">> {
  now?: () => number;
}

/** The store the settings name: PostgreSQL when a database URL is given, else the SQLite file. */
export async function openStore(options: OpenStoreOptions): Promise<EnquiryStore> {
  if (options.databaseUrl) {
    return openPgStore({
      connectionString: options.databaseUrl,
      poolSize: options.poolSize,
      ipHashKey: options.ipHashKey,
      now: options.now,
    });
  }
  return openSqliteStore({ path: options.dbPath, ipHashKey: options.ipHashKey, now: options.now });
}
