import { openPgStaffStore } from "./pg-staff-store.ts";
import { openSqliteStaffStore } from "./sqlite-staff-store.ts";
import type { StaffStore } from "./staff-store.ts";

/** The staff store of the database the settings name: PostgreSQL with a URL, else the SQLite file. */
export async function openStaffStore(options: { databaseUrl: string | undefined; dbPath: string }): Promise<StaffStore> {
  if (options.databaseUrl) return openPgStaffStore(options.databaseUrl);
  return openSqliteStaffStore(options.dbPath);
}
