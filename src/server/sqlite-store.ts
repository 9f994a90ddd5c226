import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { Worker } from "node:worker_threads";
import BetterSqlite3, { type Database } from "better-sqlite3";
import type { Channel } from "./delivery/config.ts";
import type { Outbox } from "./delivery/outbox.ts";
import { sqliteOutbox, type OutboxJob } from "./delivery/sqlite-outbox.ts";
import type { Decision, InsertJob } from "./enquiry-decision.mjs";
import { ipHasher, newIpHashKey } from "./ip-hash.ts";
import { applySqliteMigrations } from "./migrations.ts";
import {
  columnList,
  ENQUIRY_COLUMNS,
  INBOX,
  insertJob,
  insertResult,
  listParameters,
  type ReleaseResult,
  StoreError,
  type EnquiryStore,
  type HeldDelivery,
  type HeldEnquiry,
  type ListOptions,
  type PersonalDataStore,
  type Removed,
  type StoredEnquiry,
} from "./store.ts";

/** Most inserts committed together (see "group commit" below). */
export const MAX_BATCH = 256;

export interface SqliteStoreOptions {
  /** Database file; its directory is created. */
  path: string;
  /** Key for hashing client IPs. Without one, a random key is made once and kept in the database. */
  ipHashKey?: string;
  /** Key for signing the form's tokens (ENQUIRY_FORM_SECRET). Without one, a random key is made once and kept in the database. */
  formSecret?: string;
  /** Clock in epoch ms (tests). */
  now?: () => number;
  /** One outbox row per channel is written with each new enquiry (docs/notifications.md). */
  deliveryChannels?: readonly Channel[];
}

export interface SqliteStore extends EnquiryStore, PersonalDataStore {
  readonly kind: "sqlite";
  /**
   * The delivery outbox of this database. Its writes go through this store's writer thread,
   * in the same group commit as the enquiries, so a delivery never makes a request wait for
   * SQLite's write lock. Closing the store closes it.
   */
  readonly outbox: Outbox;
}

const COLUMNS = columnList(ENQUIRY_COLUMNS.stored);

const BUSY_TIMEOUT_MS = 5000;

export function openDatabase(path: string): Database {
  mkdirSync(dirname(path), { recursive: true });
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

/** A random key kept in server_settings under `name`: made by whichever process asks first. */
function storedKey(db: Database, name: "ip_hash_key" | "form_secret"): string {
  db.prepare("INSERT INTO server_settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING").run(name, newIpHashKey());
  const row = db.prepare("SELECT value FROM server_settings WHERE name = ?").get(name) as { value: string };
  return row.value;
}

function listQuery(options: ListOptions): { sql: string; params: number[] } {
  const { limit, offset, ascending } = listParameters(options);
  const base = `SELECT ${COLUMNS} FROM enquiries WHERE ${INBOX} ORDER BY id ${ascending ? "ASC" : "DESC"}`;
  if (limit === undefined) return { sql: `${base} LIMIT -1 OFFSET ?`, params: [offset] };
  return { sql: `${base} LIMIT ? OFFSET ?`, params: [limit, offset] };
}

/** What sqlite-writer.mjs runs: an enquiry to decide and insert (with its delivery rows), a removal, a release or an outbox write. */
type WriterJob =
  | ({ op: "insert" } & InsertJob)
  | { op: "erase"; email: string; now: string }
  | { op: "purge"; before: string; now: string }
  | { op: "release"; sessionId: string; channels: readonly Channel[]; now: string }
  | OutboxJob;

interface Job {
  job: WriterJob;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

interface PlainError {
  message: string;
  code?: string;
}

/** The writer's answer to one commit: the outcome of every job of its batches, in order, or the failure of them all. */
type WriterMessage =
  { type: "done"; settled: ({ ok: true; result: unknown } | { ok: false; error: PlainError })[] } | { type: "failed"; error: PlainError; batches: number };

/** A writer idle this long stops (its thread and connection); the next insert starts it again. */
const WRITER_IDLE_MS = 30_000;

/**
 * Opens (creating and migrating as needed) the SQLite enquiry store.
 *
 * Group commit on a writer thread: with synchronous=FULL every COMMIT waits for the disk (an
 * fsync of the WAL), and better-sqlite3 waits on the calling thread. So inserts go to
 * sqlite-writer.mjs on a worker thread, one batch per turn of this thread's event loop; while
 * the writer commits, the batches arriving meanwhile wait on its port, and it takes all of them
 * into its next transaction. Each insert runs in its own savepoint
 * (a failing one rolls back alone) and every caller's promise settles only after the shared
 * COMMIT returned. One fsync then covers a whole burst of requests, the event loop never
 * waits for the disk, and no enquiry is acknowledged before it is on disk. Reads (list,
 * count) use this thread's own connection. A new enquiry's delivery rows are written in its
 * savepoint, and the delivery outbox's writes are jobs of the same batches (`outbox`).
 */
export function openSqliteStore(options: SqliteStoreOptions): SqliteStore {
  const db = openDatabase(options.path);
  try {
    applySqliteMigrations(db);
  } catch (error) {
    // A database this version cannot migrate (or newer than it) is left closed, not held open.
    db.close();
    throw error;
  }
  const hashOfIp = ipHasher(options.ipHashKey ?? storedKey(db, "ip_hash_key"));
  const formSecret = options.formSecret ?? storedKey(db, "form_secret");
  const now = options.now ?? Date.now;
  const channels = options.deliveryChannels ?? [];
  const selectCount = db.prepare(`SELECT COUNT(*) FROM enquiries WHERE ${INBOX}`).pluck();
  const selectSpam = db.prepare(
    `SELECT ${COLUMNS}, spam_reasons FROM enquiries WHERE spam_reasons IS NOT NULL AND released_at IS NULL ORDER BY id DESC LIMIT ?`,
  );
  const selectHeld = db.prepare(`SELECT ${COLUMNS}, idempotency_key, ip_hash FROM enquiries WHERE lower(email) = lower(?) ORDER BY id`);
  const selectHeldDeliveries = db.prepare(`SELECT id, channel, status, attempts, created_at, delivered_at, last_error
    FROM enquiry_deliveries WHERE enquiry_id = ? ORDER BY created_at, channel`);

  let writer: Worker | null = null;
  let idleTimer: NodeJS.Timeout | undefined;
  const queue: Job[] = [];
  // Batches sent to the writer and not yet answered, oldest first (it answers them in order).
  const inFlight: Job[][] = [];
  let closed = false;
  let drained: (() => void) | null = null;

  function settle(message: WriterMessage): void {
    if (message.type === "failed") {
      for (const job of inFlight.splice(0, message.batches).flat()) job.reject(new StoreError(message.error.message, message.error.code));
    } else {
      // The oldest batches in flight, whole, in order.
      let next = 0;
      while (next < message.settled.length) {
        const jobs = inFlight.shift();
        if (jobs === undefined) break;
        for (const job of jobs) {
          const outcome = message.settled[next++]!;
          if (outcome.ok) job.resolve(outcome.result);
          else job.reject(new StoreError(outcome.error.message, outcome.error.code));
        }
      }
    }
    whenIdle();
  }

  function startWriter(): Worker {
    const worker = new Worker(new URL("./sqlite-writer.mjs", import.meta.url), {
      workerData: { path: options.path, busyTimeoutMs: BUSY_TIMEOUT_MS, columns: ENQUIRY_COLUMNS },
    });
    worker.on("message", settle);
    worker.on("error", (error) => {
      // The writer thread died (it could not open the file): fail every batch it held, start afresh next time.
      writer = null;
      settle({ type: "failed", error: { message: error.message, code: (error as { code?: string }).code }, batches: inFlight.length });
    });
    return worker;
  }

  function stopWriterWhenIdle(): void {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (inFlight.length > 0 || queue.length > 0 || writer === null) return;
      writer.postMessage({ type: "close" });
      writer = null;
    }, WRITER_IDLE_MS).unref();
  }

  /** When nothing is queued or in flight: a close waiting for the last batch goes on, and the writer stops after a while. */
  function whenIdle(): void {
    if (inFlight.length > 0 || queue.length > 0) return;
    drained?.();
    stopWriterWhenIdle();
  }

  // The queue leaves at the end of the event loop's turn, not with its first job: the requests
  // read in one turn go together. It leaves whether or not the writer is still committing: the
  // writer takes every batch waiting on its port into its next commit (sqlite-writer.mjs), so
  // the batches that gather while one COMMIT waits for the disk share the next one's fsync.
  let sendScheduled = false;
  function sendAtEndOfTurn(): void {
    sendScheduled = false;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_BATCH);
      inFlight.push(batch);
      writer ??= startWriter();
      writer.postMessage({ type: "batch", jobs: batch.map(({ job }) => job) });
    }
    whenIdle();
  }

  /** Queues a job for the writer; settles once the batch holding it is committed. */
  function write(job: WriterJob): Promise<unknown> {
    if (closed) return Promise.reject(new Error("The enquiry store is closed."));
    return new Promise((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (!sendScheduled) {
        sendScheduled = true;
        setImmediate(sendAtEndOfTurn);
      }
    });
  }

  return {
    kind: "sqlite",
    async insert(enquiry, insertOptions = {}) {
      const job = insertJob(enquiry, insertOptions, { hashOfIp, nowMs: now(), channels });
      return insertResult((await write({ op: "insert", ...job })) as Decision, now());
    },
    async list(listOptions = {}) {
      const { sql, params } = listQuery(listOptions);
      return db.prepare(sql).all(...params) as StoredEnquiry[];
    },
    async count() {
      return selectCount.get() as number;
    },
    async findByEmail(email) {
      const enquiries = selectHeld.all(email) as Omit<HeldEnquiry, "deliveries">[];
      return enquiries.map((enquiry) => ({ ...enquiry, deliveries: selectHeldDeliveries.all(enquiry.id) as HeldDelivery[] }));
    },
    async eraseByEmail(email) {
      return (await write({ op: "erase", email, now: new Date(now()).toISOString() })) as Removed;
    },
    async purgeBefore(beforeMs) {
      return (await write({ op: "purge", before: new Date(beforeMs).toISOString(), now: new Date(now()).toISOString() })) as Removed;
    },
    async listSpam(limit) {
      const rows = selectSpam.all(limit) as (StoredEnquiry & { spam_reasons: string })[];
      return rows.map((row) => ({ ...row, spam_reasons: JSON.parse(row.spam_reasons) as string[] }));
    },
    async releaseSpam(sessionId, releaseChannels) {
      return (await write({ op: "release", sessionId, channels: releaseChannels, now: new Date(now()).toISOString() })) as ReleaseResult;
    },
    formSecret,
    outbox: sqliteOutbox(db, write, now),
    async close() {
      if (closed) return;
      closed = true;
      if (inFlight.length > 0 || queue.length > 0) await new Promise<void>((resolve) => (drained = resolve));
      clearTimeout(idleTimer);
      if (writer !== null) {
        const exited = new Promise((resolve) => writer!.once("exit", resolve));
        writer.postMessage({ type: "close" });
        writer = null;
        await exited;
      }
      db.close();
    },
  };
}

/** The outbox of the SQLite file at `path`, on a store of its own (the operator's commands, tests); closing it closes that store. */
export function openSqliteOutbox(path: string, now?: () => number): Outbox {
  const store = openSqliteStore({ path, now });
  return { ...store.outbox, close: () => store.close() };
}
