// @ts-check
// The SQLite store's writer, on its own thread (see sqlite-store.ts). With synchronous=FULL
// every COMMIT waits for the disk; here that wait blocks this thread only, while the main
// thread goes on reading and checking requests, which queue up as the next batch. The
// delivery outbox's writes go through here too (delivery/sqlite-outbox-writes.mjs).
//
// Plain JavaScript on purpose: worker_threads loads this file itself, the same way under
// the tests (TypeScript sources) and under the compiled server, and needs no loader for it.
import { statSync } from "node:fs";
import { parentPort, receiveMessageOnPort, workerData } from "node:worker_threads";
import BetterSqlite3 from "better-sqlite3";
import { outboxWrites } from "./delivery/sqlite-outbox-writes.mjs";
import { decideNow } from "./enquiry-decision.mjs";

/**
 * The enquiries table's columns come from the store (store.ts, ENQUIRY_COLUMNS): this file
 * cannot import TypeScript, and the list is written once.
 * @type {{ path: string; busyTimeoutMs: number; columns: { stored: readonly string[]; inserted: readonly string[] } }}
 */
const { path, busyTimeoutMs, columns } = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

const db = new BetterSqlite3(path, { timeout: busyTimeoutMs });
db.pragma(`busy_timeout = ${busyTimeoutMs}`);
db.pragma("synchronous = FULL");
const opened = statSync(path);

const selectByKey = db.prepare("SELECT session_id, request_hash FROM enquiries WHERE idempotency_key = ?");
const insertRow = db.prepare(`INSERT INTO enquiries (${columns.inserted.join(", ")}) VALUES (${columns.inserted.map((column) => `@${column}`).join(", ")})`);
// ALTCHA's replay store: a challenge counts once.
const pruneChallenges = db.prepare("DELETE FROM used_challenges WHERE expires_at < ?");
const useChallenge = db.prepare("INSERT INTO used_challenges (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING");
const releaseRow = db.prepare(`UPDATE enquiries SET released_at = ?
  WHERE session_id = ? AND spam_reasons IS NOT NULL AND released_at IS NULL RETURNING id`);
const selectSession = db.prepare("SELECT 1 FROM enquiries WHERE session_id = ?");
const selectRecent = db.prepare("SELECT COUNT(*) AS count, MIN(created_at) AS oldest FROM enquiries WHERE ip_hash = ? AND created_at >= ?");
const outbox = outboxWrites(db, columns.stored);

// Removals for the law's sake (store.ts, PersonalDataStore): the deliveries first (they
// reference the enquiries), then the enquiries, which takes their idempotency keys with them.
const BY_EMAIL = "lower(email) = lower(@email)";
const BEFORE = "created_at < @before";
/** @param {string} where */
function removal(where) {
  return {
    deliveries: db.prepare(`DELETE FROM enquiry_deliveries WHERE enquiry_id IN (SELECT id FROM enquiries WHERE ${where})`),
    enquiries: db.prepare(`DELETE FROM enquiries WHERE ${where}`),
  };
}
const removals = { erase: removal(BY_EMAIL), purge: removal(BEFORE) };
const recordRemoval = db.prepare(`INSERT INTO data_removals (reason, enquiries, deliveries, received_before, removed_at)
  VALUES (@reason, @enquiries, @deliveries, @before, @now)`);

/**
 * An erasure is recorded even when nothing was found (the request was carried out); a
 * retention pass only when it removed something, or the daily run would fill the table.
 * @param {RemoveJob} job
 */
function remove(job) {
  const statements = removals[job.op];
  const params = job.op === "erase" ? { email: job.email } : { before: job.before };
  const deliveries = statements.deliveries.run(params).changes;
  const enquiries = statements.enquiries.run(params).changes;
  if (job.op === "erase" || enquiries > 0) {
    recordRemoval.run({
      reason: job.op === "erase" ? "erasure" : "retention",
      enquiries,
      deliveries,
      before: job.op === "purge" ? job.before : null,
      now: job.now,
    });
  }
  return { enquiries, deliveries };
}

/**
 * @typedef {{ op: "insert" } & import("./enquiry-decision.mjs").InsertJob} InsertJob
 * @typedef {{ op: "erase"; email: string; now: string } | { op: "purge"; before: string; now: string }} RemoveJob
 * @typedef {{ op: "release"; sessionId: string; channels: string[]; now: string }} ReleaseJob
 * @typedef {InsertJob | RemoveJob | ReleaseJob | import("./delivery/sqlite-outbox-writes.mjs").OutboxJob} Job
 */

/**
 * The decision's steps (enquiry-decision.mjs) on this connection, inside the batch's transaction.
 * @type {import("./enquiry-decision.mjs").Steps<false>}
 */
const steps = {
  keys: ({ keys }) => keys.map((key) => /** @type {{ session_id: string; request_hash: string | null } | undefined} */ (selectByKey.get(key)) ?? null),
  recent: ({ probes }) => probes.map(({ ipHash, since }) => /** @type {{ count: number; oldest: string | null }} */ (selectRecent.get(ipHash, since))),
  challenges({ challenges, now }) {
    // ALTCHA's replay store: expired challenges can never verify again, so they go first.
    pruneChallenges.run(now);
    return challenges.map(({ id, expiresAt }) => useChallenge.run(id, expiresAt).changes === 1);
  },
  insert: ({ rows }) => rows.map((row) => insertRow.run(row).lastInsertRowid),
  deliveries({ enquiries }) {
    for (const { enquiryId, channels, createdAt } of enquiries) outbox.insertDeliveries(/** @type {number | bigint} */ (enquiryId), channels, createdAt);
  },
};

/**
 * One enquiry with its delivery rows, in its own savepoint of the batch's transaction (a
 * failing one rolls back alone).
 * @param {InsertJob} job
 */
function insertOne(job) {
  return /** @type {import("./enquiry-decision.mjs").Decision} */ (decideNow([job], steps)[0]);
}

/**
 * Staff say an enquiry kept as spam is real: mark it released and queue its deliveries, in one
 * savepoint.
 * @param {ReleaseJob} job
 */
function releaseOne(job) {
  const released = /** @type {{ id: number } | undefined} */ (releaseRow.get(job.now, job.sessionId));
  if (released === undefined) return { outcome: selectSession.get(job.sessionId) === undefined ? "not-found" : "not-spam" };
  outbox.insertDeliveries(released.id, job.channels, job.now);
  return { outcome: "released", channels: job.channels.length };
}

/** Any job, in its own savepoint. */
const runOne = db.transaction((/** @type {Job} */ job) =>
  job.op === "insert" ? insertOne(job) : job.op === "release" ? releaseOne(job) : job.op === "erase" || job.op === "purge" ? remove(job) : outbox.run(job),
);

/** @param {unknown} error */
function plainError(error) {
  const { message, code } = /** @type {{ message?: unknown; code?: unknown }} */ (error ?? {});
  return { message: String(message ?? error), code: typeof code === "string" ? code : undefined };
}

/** @param {Job} job */
function settleOne(job) {
  try {
    return { ok: true, result: runOne(job) };
  } catch (error) {
    return { ok: false, error: plainError(error) };
  }
}

/**
 * A run of inserts decided together, in one savepoint: the same answers as deciding them one
 * after the other (enquiry-decision.mjs), for one SAVEPOINT and one pass of the decision
 * instead of one each (with the one answer per commit below, a fifth of this thread's CPU per
 * enquiry). If anything in the run fails, the savepoint rolls back and each is decided alone,
 * so only the failing one fails.
 */
const decideRun = db.transaction((/** @type {InsertJob[]} */ jobs) => decideNow(jobs, steps));

/** @param {InsertJob[]} jobs */
function settleInserts(jobs) {
  if (jobs.length > 1) {
    try {
      return decideRun(jobs).map((result) => ({ ok: true, result }));
    } catch {
      // One of them fails alone, below.
    }
  }
  return jobs.map(settleOne);
}

// BEGIN IMMEDIATE: takes the write lock first, so counts and inserts see one state.
const commitBatch = db.transaction((/** @type {Job[]} */ jobs) => {
  /** @type {ReturnType<typeof settleOne>[]} */
  const settled = [];
  for (let i = 0; i < jobs.length;) {
    let end = i;
    while (end < jobs.length && /** @type {Job} */ (jobs[end]).op === "insert") end++;
    if (end > i) {
      settled.push(...settleInserts(/** @type {InsertJob[]} */ (jobs.slice(i, end))));
      i = end;
    } else settled.push(settleOne(/** @type {Job} */ (jobs[i++])));
  }
  return settled;
}).immediate;

/** Whether `path` is still the file this writer opened: not deleted, not replaced by another. */
function fileIsTheOneOpened() {
  try {
    const now = statSync(path);
    return now.ino === opened.ino && now.dev === opened.dev;
  } catch {
    return false;
  }
}

const FILE_GONE = {
  code: "NEXA_DB_FILE_GONE",
  message: `The database file ${path} was deleted or replaced while the server was running.`,
};

/** Most jobs committed together when several batches wait (each batch is at most MAX_BATCH). */
const MAX_JOBS_PER_COMMIT = 1024;

/** @typedef {{ type: "batch"; jobs: Job[] } | { type: "close" }} WriterMessage */

/**
 * Commits every batch in `batches` in one transaction and answers them all in one message, in
 * order (the store settles them oldest first): one wake-up of the serving thread per commit,
 * not one per batch.
 * @param {Job[][]} batches
 */
function commitBatches(batches) {
  /** @param {{ message: string; code?: string }} error */
  const fail = (error) => port.postMessage({ type: "failed", error, batches: batches.length });
  if (!fileIsTheOneOpened()) return fail(FILE_GONE);
  try {
    port.postMessage({ type: "done", settled: commitBatch(batches.flat()) });
  } catch (error) {
    // The BEGIN or the COMMIT failed: nothing of these batches is stored.
    fail(plainError(error));
  }
}

// Group commit: the batches the store sent while the last COMMIT waited for the disk are all
// waiting on the port now, and go into this one transaction (one fsync for all of them),
// taken synchronously with receiveMessageOnPort rather than one 'message' event each.
port.on("message", (/** @type {WriterMessage} */ first) => {
  /** @type {Job[][]} */
  const batches = [];
  let jobs = 0;
  let close = false;
  for (let message = first; ;) {
    if (message.type === "close") close = true;
    else {
      batches.push(message.jobs);
      jobs += message.jobs.length;
    }
    if (close || jobs >= MAX_JOBS_PER_COMMIT) break;
    const next = receiveMessageOnPort(port);
    if (next === undefined) break;
    message = next.message;
  }
  if (batches.length > 0) commitBatches(batches);
  if (close) {
    db.close();
    port.close();
  }
});
