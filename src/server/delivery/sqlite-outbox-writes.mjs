// @ts-check
// The outbox's writes on SQLite, run on the store's writer thread (sqlite-writer.mjs) inside
// its group-commit transaction: the delivery rows of a new enquiry in the enquiry's own
// savepoint, and the delivery worker's claims, settlements and requeues beside the inserts.
// So the event loop never waits on SQLite's write lock for a delivery, and one COMMIT (one
// fsync) covers a burst of enquiries and the outcomes recorded meanwhile.
//
// Plain JavaScript, like sqlite-writer.mjs, which loads it without a TypeScript loader. The
// reads (list, counts) are in sqlite-outbox.ts.
import { timeOrderedId } from "../time-ordered-id.mjs";

/**
 * @typedef {{ op: "claim"; limit: number; now: string; lease: string; channels: string[] }} ClaimJob
 * @typedef {{ op: "settle"; id: string; status: "delivered" | "pending" | "failed" | "released"; now: string; next: string | null; error: string | null }} SettleJob
 * @typedef {{ op: "retry"; id: string | null; now: string }} RetryJob
 * @typedef {ClaimJob | SettleJob | RetryJob} OutboxJob
 */

/**
 * @param {import("better-sqlite3").Database} db
 * @param {readonly string[]} enquiryColumns a stored enquiry's columns (store.ts, ENQUIRY_COLUMNS.stored)
 */
export function outboxWrites(db, enquiryColumns) {
  const insert = db.prepare(`INSERT INTO enquiry_deliveries (id, enquiry_id, channel, next_attempt_at, created_at)
    VALUES (?, ?, ?, ?, ?)`);
  const claimRows = db.prepare(`UPDATE enquiry_deliveries SET lease_until = @lease, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM enquiry_deliveries
      WHERE status = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
        AND channel IN (SELECT value FROM json_each(@channels))
      ORDER BY next_attempt_at LIMIT @limit)
    RETURNING id, channel, attempts, enquiry_id`);
  const enquiriesById = db.prepare(`SELECT ${enquiryColumns.join(", ")} FROM enquiries WHERE id IN (SELECT value FROM json_each(?))`);
  const settleStatements = {
    delivered: db.prepare("UPDATE enquiry_deliveries SET status = 'delivered', delivered_at = @now, lease_until = NULL, last_error = NULL WHERE id = @id"),
    pending: db.prepare("UPDATE enquiry_deliveries SET next_attempt_at = @next, lease_until = NULL, last_error = @error WHERE id = @id"),
    failed: db.prepare("UPDATE enquiry_deliveries SET status = 'failed', lease_until = NULL, last_error = @error WHERE id = @id"),
    released: db.prepare("UPDATE enquiry_deliveries SET lease_until = NULL, attempts = MAX(attempts - 1, 0) WHERE id = @id"),
  };
  const requeue = "UPDATE enquiry_deliveries SET status = 'pending', attempts = 0, next_attempt_at = @now, lease_until = NULL";
  const requeueFailed = db.prepare(`${requeue} WHERE status = 'failed'`);
  const requeueOne = db.prepare(`${requeue} WHERE id = @id`);

  /** @param {ClaimJob} job */
  function claim(job) {
    const rows = /** @type {{ id: string; channel: string; attempts: number; enquiry_id: number }[]} */ (
      claimRows.all({ lease: job.lease, now: job.now, channels: JSON.stringify(job.channels), limit: job.limit })
    );
    if (rows.length === 0) return [];
    const enquiries = new Map(/** @type {{ id: number }[]} */ (enquiriesById.all(JSON.stringify(rows.map((row) => row.enquiry_id)))).map((e) => [e.id, e]));
    return rows.map((row) => ({ id: row.id, channel: row.channel, attempts: row.attempts, enquiry: enquiries.get(row.enquiry_id) }));
  }

  return {
    /**
     * One pending row per channel for the enquiry just inserted, in its transaction: the
     * enquiry and its deliveries are committed together or not at all.
     * @param {number | bigint} enquiryId
     * @param {readonly string[]} channels
     * @param {string} createdAt
     */
    insertDeliveries(enquiryId, channels, createdAt) {
      for (const channel of channels) insert.run(timeOrderedId(Date.parse(createdAt)), enquiryId, channel, createdAt, createdAt);
    },
    /** @param {OutboxJob} job */
    run(job) {
      if (job.op === "claim") return claim(job);
      if (job.op === "settle") return settleStatements[job.status].run({ id: job.id, now: job.now, next: job.next, error: job.error }).changes;
      return (job.id === null ? requeueFailed.run({ now: job.now }) : requeueOne.run({ now: job.now, id: job.id })).changes;
    },
  };
}
