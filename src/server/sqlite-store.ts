import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3, { type Database } from "better-sqlite3";
import type { Enquiry } from "./enquiry.ts";
import { hashIp, newIpHashKey } from "./ip-hash.ts";
import { applyMigrations } from "./sqlite-migrations.ts";
import type { EnquiryStore, InsertOptions, InsertResult, ListOptions, RecentActivity, StoredEnquiry } from "./store.ts";

export const DEFAULT_DB_PATH = "data/enquiries.db";

export interface SqliteStoreOptions {
  /** Database file; its directory is created. ":memory:" for a throwaway store. */
  path: string;
  /** Key for hashing client IPs. Without one, a random key is made once and kept in the database. */
  ipHashKey?: string;
  /** Clock in epoch ms (tests). */
  now?: () => number;
}

const COLUMNS = "id, session_id, first_name, last_name, email, phone, subject, message, created_at";

function openDatabase(path: string): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  db.pragma("busy_timeout = 5000");
  return db;
}

function storedIpHashKey(db: Database): string {
  db.prepare("INSERT INTO server_settings (name, value) VALUES ('ip_hash_key', ?) ON CONFLICT (name) DO NOTHING").run(
    newIpHashKey(),
  );
  const row = db.prepare("SELECT value FROM server_settings WHERE name = 'ip_hash_key'").get() as { value: string };
  return row.value;
}

function nonNegativeInteger(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of 0 or more.`);
  return value;
}

function listQuery(options: ListOptions): { sql: string; params: number[] } {
  const limit = nonNegativeInteger(options.limit, "limit");
  const offset = nonNegativeInteger(options.offset, "offset") ?? 0;
  const direction = options.order === "oldest-first" ? "ASC" : "DESC";
  const base = `SELECT ${COLUMNS} FROM enquiries ORDER BY id ${direction}`;
  if (limit === undefined) return { sql: `${base} LIMIT -1 OFFSET ?`, params: [offset] };
  return { sql: `${base} LIMIT ? OFFSET ?`, params: [limit, offset] };
}

/** Opens (creating and migrating as needed) the SQLite enquiry store. */
export function openSqliteStore(options: SqliteStoreOptions): EnquiryStore {
  const db = openDatabase(options.path);
  applyMigrations(db);
  const ipHashKey = options.ipHashKey ?? storedIpHashKey(db);
  const now = options.now ?? Date.now;

  const selectByKey = db.prepare("SELECT session_id FROM enquiries WHERE idempotency_key = ?").pluck();
  const insertRow = db.prepare(`INSERT INTO enquiries
    (session_id, first_name, last_name, email, phone, subject, message, idempotency_key, ip_hash, created_at)
    VALUES (@session_id, @first_name, @last_name, @email, @phone, @subject, @message, @idempotency_key, @ip_hash, @created_at)`);
  const selectRecent = db.prepare(
    "SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM enquiries WHERE ip_hash = ? AND created_at >= ?",
  );
  const selectCount = db.prepare("SELECT COUNT(*) FROM enquiries").pluck();

  function findSessionId(key: string): string | null {
    return (selectByKey.get(key) as string | undefined) ?? null;
  }

  // Synchronous with synchronous=FULL: when this returns, the row is on disk.
  const insertOnce = db.transaction((enquiry: Enquiry, insertOptions: InsertOptions): InsertResult => {
    const key = insertOptions.idempotencyKey ?? null;
    const existing = key === null ? null : findSessionId(key);
    if (existing !== null) return { sessionId: existing, created: false };
    const sessionId = randomUUID();
    insertRow.run({
      session_id: sessionId,
      first_name: enquiry.first_name,
      last_name: enquiry.last_name,
      email: enquiry.email,
      phone: enquiry.phone,
      subject: enquiry.subject,
      message: enquiry.message ?? "",
      idempotency_key: key,
      ip_hash: insertOptions.ip === undefined ? null : hashIp(insertOptions.ip, ipHashKey),
      created_at: new Date(now()).toISOString(),
    });
    return { sessionId, created: true };
  });

  let closed = false;

  return {
    async insert(enquiry, insertOptions = {}) {
      return insertOnce.immediate(enquiry, insertOptions);
    },
    async findSessionIdByIdempotencyKey(key) {
      return findSessionId(key);
    },
    async recentFromIp(ip, sinceMs): Promise<RecentActivity> {
      const row = selectRecent.get(hashIp(ip, ipHashKey), new Date(sinceMs).toISOString()) as {
        count: number;
        oldest: string | null;
      };
      return { count: row.count, oldestAt: row.oldest === null ? null : Date.parse(row.oldest) };
    },
    async list(listOptions = {}) {
      const { sql, params } = listQuery(listOptions);
      return db.prepare(sql).all(...params) as StoredEnquiry[];
    },
    async count() {
      return selectCount.get() as number;
    },
    async close() {
      if (closed) return;
      closed = true;
      db.close();
    },
  };
}
