import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import BetterSqlite3, { type Database } from "better-sqlite3";
import type { Channel } from "./delivery/config.ts";
import { insertDeliveries } from "./delivery/sqlite-outbox.ts";
import type { Enquiry } from "./enquiry.ts";
import { hashIp, newIpHashKey } from "./ip-hash.ts";
import { applyMigrations } from "./sqlite-migrations.ts";
import { listParameters, type EnquiryStore, type InsertOptions, type InsertResult, type ListOptions, type StoredEnquiry } from "./store.ts";

export const DEFAULT_DB_PATH = "data/enquiries.db";

/** Most inserts committed together (see "group commit" below). */
export const MAX_BATCH = 256;

export interface SqliteStoreOptions {
  /** Database file; its directory is created. ":memory:" for a throwaway store. */
  path: string;
  /** Key for hashing client IPs. Without one, a random key is made once and kept in the database. */
  ipHashKey?: string;
  /** Clock in epoch ms (tests). */
  now?: () => number;
  /** One outbox row per channel is written with each new enquiry (docs/notifications.md). */
  deliveryChannels?: readonly Channel[];
}

const COLUMNS = "id, session_id, first_name, last_name, email, phone, subject, message, created_at";

const BUSY_TIMEOUT_MS = 5000;

function openDatabase(path: string): Database {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new BetterSqlite3(path, { timeout: BUSY_TIMEOUT_MS });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  switchToWal(db);
  db.pragma("synchronous = FULL");
  return db;
}

/**
 * Switching a new file to WAL needs a moment alone with it; while another process opens the
 * same new file, SQLite can answer "database is locked" without waiting on the busy timeout.
 * Two instances starting together are normal (docs/scaling.md), so try again for a while.
 */
function switchToWal(db: Database): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      db.pragma("journal_mode = WAL");
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_BUSY" || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
    }
  }
}

function storedIpHashKey(db: Database): string {
  db.prepare("INSERT INTO server_settings (name, value) VALUES ('ip_hash_key', ?) ON CONFLICT (name) DO NOTHING").run(
    newIpHashKey(),
  );
  const row = db.prepare("SELECT value FROM server_settings WHERE name = 'ip_hash_key'").get() as { value: string };
  return row.value;
}

function listQuery(options: ListOptions): { sql: string; params: number[] } {
  const { limit, offset, ascending } = listParameters(options);
  const base = `SELECT ${COLUMNS} FROM enquiries ORDER BY id ${ascending ? "ASC" : "DESC"}`;
  if (limit === undefined) return { sql: `${base} LIMIT -1 OFFSET ?`, params: [offset] };
  return { sql: `${base} LIMIT ? OFFSET ?`, params: [limit, offset] };
}

interface Job {
  enquiry: Enquiry;
  options: InsertOptions;
  resolve(result: InsertResult): void;
  reject(error: unknown): void;
}

/**
 * Opens (creating and migrating as needed) the SQLite enquiry store.
 *
 * Group commit: with synchronous=FULL every COMMIT waits for the disk (an fsync of the WAL),
 * and better-sqlite3 waits on the event loop's thread. So inserts that arrive together are
 * queued and committed in one transaction, on the next turn of the event loop; each runs in
 * its own savepoint (a failing one rolls back alone) and every caller's promise settles
 * only after the shared COMMIT returned. One fsync then covers a whole burst of requests,
 * and no enquiry is acknowledged before it is on disk.
 */
export function openSqliteStore(options: SqliteStoreOptions): EnquiryStore {
  const db = openDatabase(options.path);
  applyMigrations(db);
  const ipHashKey = options.ipHashKey ?? storedIpHashKey(db);
  const now = options.now ?? Date.now;
  const channels = options.deliveryChannels ?? [];

  const selectByKey = db.prepare("SELECT session_id FROM enquiries WHERE idempotency_key = ?").pluck();
  const insertRow = db.prepare(`INSERT INTO enquiries
    (session_id, first_name, last_name, email, phone, subject, message, idempotency_key, ip_hash, created_at)
    VALUES (@session_id, @first_name, @last_name, @email, @phone, @subject, @message, @idempotency_key, @ip_hash, @created_at)`);
  const selectRecent = db.prepare(
    "SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM enquiries WHERE ip_hash = ? AND created_at >= ?",
  );
  const selectCount = db.prepare("SELECT COUNT(*) FROM enquiries").pluck();

  // One enquiry; inside `commitBatch` this is a savepoint of the batch's transaction.
  const insertOne = db.transaction((enquiry: Enquiry, insertOptions: InsertOptions): InsertResult => {
    const key = insertOptions.idempotencyKey ?? null;
    const existing = key === null ? undefined : (selectByKey.get(key) as string | undefined);
    if (existing !== undefined) return { outcome: "repeat", sessionId: existing };
    const ipHash = insertOptions.ip === undefined ? null : hashIp(insertOptions.ip, ipHashKey);
    const limit = insertOptions.limit;
    if (limit && limit.max > 0 && ipHash !== null) {
      const recent = selectRecent.get(ipHash, new Date(limit.sinceMs).toISOString()) as { count: number; oldest: string | null };
      if (recent.count >= limit.max) {
        return { outcome: "limited", count: recent.count, oldestAt: recent.oldest === null ? now() : Date.parse(recent.oldest) };
      }
    }
    const sessionId = randomUUID();
    const createdAt = new Date(now()).toISOString();
    const { lastInsertRowid } = insertRow.run({
      session_id: sessionId,
      first_name: enquiry.first_name,
      last_name: enquiry.last_name,
      email: enquiry.email,
      phone: enquiry.phone,
      subject: enquiry.subject,
      message: enquiry.message ?? "",
      idempotency_key: key,
      ip_hash: ipHash,
      created_at: createdAt,
    });
    insertDeliveries(db, lastInsertRowid, channels, createdAt);
    return { outcome: "created", sessionId };
  });

  type Settled = { ok: true; result: InsertResult } | { ok: false; error: unknown };
  const commitBatch = db.transaction((jobs: Job[]): Settled[] =>
    jobs.map((job) => {
      try {
        return { ok: true, result: insertOne(job.enquiry, job.options) };
      } catch (error) {
        return { ok: false, error };
      }
    }),
  );

  let queue: Job[] = [];
  let flushScheduled = false;
  let closed = false;

  function flush(): void {
    flushScheduled = false;
    while (queue.length > 0) {
      const jobs = queue.slice(0, MAX_BATCH);
      queue = queue.slice(jobs.length);
      let settled: Settled[];
      try {
        // BEGIN IMMEDIATE: takes the write lock first, so counts and inserts see one state.
        settled = commitBatch.immediate(jobs);
      } catch (error) {
        // The COMMIT (or BEGIN) failed: nothing of this batch is stored.
        for (const job of jobs) job.reject(error);
        continue;
      }
      settled.forEach((outcome, i) => (outcome.ok ? jobs[i]!.resolve(outcome.result) : jobs[i]!.reject(outcome.error)));
    }
  }

  return {
    kind: "sqlite",
    insert(enquiry, insertOptions = {}) {
      if (closed) return Promise.reject(new Error("The enquiry store is closed."));
      return new Promise<InsertResult>((resolve, reject) => {
        queue.push({ enquiry, options: insertOptions, resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
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
      flush();
      db.close();
    },
  };
}
