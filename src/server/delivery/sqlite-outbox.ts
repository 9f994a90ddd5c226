// The outbox on SQLite. Rows are leased (lease_until) rather than locked: a worker holds no
// transaction while it sends, so it never stands in the way of the enquiries being stored.
import { randomUUID } from "node:crypto";
import BetterSqlite3, { type Database, type Statement } from "better-sqlite3";
import type { StoredEnquiry } from "../store.ts";
import type { Channel } from "./config.ts";
import { STATUS_ORDER, type DeliveryRow, type DeliveryStatus, type DueDelivery, type Outbox } from "./outbox.ts";

const inserts = new WeakMap<Database, Statement>();

/**
 * The store's one hook: called inside the transaction that inserts the enquiry, so the
 * enquiry and its deliveries are committed together or not at all.
 */
export function insertDeliveries(db: Database, enquiryId: number | bigint, channels: readonly Channel[], createdAt: string): void {
  if (channels.length === 0) return;
  let insert = inserts.get(db);
  if (!insert) {
    insert = db.prepare(`INSERT INTO enquiry_deliveries (id, enquiry_id, channel, next_attempt_at, created_at)
      VALUES (?, ?, ?, ?, ?)`);
    inserts.set(db, insert);
  }
  for (const channel of channels) insert.run(randomUUID(), enquiryId, channel, createdAt, createdAt);
}

const BUSY_TIMEOUT_MS = 5000;

interface ClaimedRow {
  id: string;
  channel: Channel;
  attempts: number;
  enquiry_id: number;
}

/**
 * The outbox of the SQLite file at `path` (already created and migrated by the store), on a
 * connection of its own. synchronous=NORMAL: a status lost to a power cut only means a
 * delivery is sent again, which at-least-once allows; the enquiry rows keep FULL.
 */
export function openSqliteOutbox(path: string, now: () => number = Date.now): Outbox {
  const db = new BetterSqlite3(path, { timeout: BUSY_TIMEOUT_MS, fileMustExist: true });
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  db.pragma("synchronous = NORMAL");
  const iso = (offsetMs = 0) => new Date(now() + offsetMs).toISOString();

  const claimRows = db.prepare(`UPDATE enquiry_deliveries SET lease_until = @lease, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM enquiry_deliveries
      WHERE status = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
        AND channel IN (SELECT value FROM json_each(@channels))
      ORDER BY next_attempt_at LIMIT @limit)
    RETURNING id, channel, attempts, enquiry_id`);
  const enquiriesById = db.prepare(`SELECT id, session_id, first_name, last_name, email, phone, subject, message, created_at
    FROM enquiries WHERE id IN (SELECT value FROM json_each(?))`);
  const settleStatements = {
    delivered: db.prepare(
      "UPDATE enquiry_deliveries SET status = 'delivered', delivered_at = @now, lease_until = NULL, last_error = NULL WHERE id = @id",
    ),
    pending: db.prepare(
      "UPDATE enquiry_deliveries SET next_attempt_at = @next, lease_until = NULL, last_error = @error WHERE id = @id",
    ),
    failed: db.prepare("UPDATE enquiry_deliveries SET status = 'failed', lease_until = NULL, last_error = @error WHERE id = @id"),
    released: db.prepare("UPDATE enquiry_deliveries SET lease_until = NULL, attempts = MAX(attempts - 1, 0) WHERE id = @id"),
  };

  const claim = db.transaction((limit: number, leaseMs: number, channels: readonly Channel[]): DueDelivery[] => {
    const rows = claimRows.all({ lease: iso(leaseMs), now: iso(), channels: JSON.stringify(channels), limit }) as ClaimedRow[];
    if (rows.length === 0) return [];
    const enquiries = new Map(
      (enquiriesById.all(JSON.stringify(rows.map((row) => row.enquiry_id))) as StoredEnquiry[]).map((e) => [e.id, e]),
    );
    return rows.map((row) => ({ id: row.id, channel: row.channel, attempts: row.attempts, enquiry: enquiries.get(row.enquiry_id)! }));
  });

  return {
    async claim(limit, leaseMs, channels) {
      return claim.immediate(limit, leaseMs, channels);
    },
    async settle(id, settlement) {
      const next = settlement.status === "pending" ? iso(settlement.delayMs) : null;
      const error = "error" in settlement ? settlement.error : null;
      settleStatements[settlement.status].run({ id, now: iso(), next, error });
    },
    async list(limit) {
      return db
        .prepare(`SELECT d.id, e.session_id, d.channel, d.status, d.attempts, d.created_at, d.next_attempt_at, d.delivered_at, d.last_error
          FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
          ORDER BY ${STATUS_ORDER}, d.created_at DESC, d.id LIMIT ?`)
        .all(limit) as DeliveryRow[];
    },
    async counts() {
      const counts: Record<DeliveryStatus, number> = { pending: 0, delivered: 0, failed: 0 };
      const rows = db.prepare("SELECT status, COUNT(*) AS count FROM enquiry_deliveries GROUP BY status").all() as {
        status: DeliveryStatus;
        count: number;
      }[];
      for (const row of rows) counts[row.status] = row.count;
      return counts;
    },
    async retry(target) {
      const requeue = "UPDATE enquiry_deliveries SET status = 'pending', attempts = 0, next_attempt_at = @now, lease_until = NULL";
      const { changes } =
        target === "failed"
          ? db.prepare(`${requeue} WHERE status = 'failed'`).run({ now: iso() })
          : db.prepare(`${requeue} WHERE id = @id`).run({ now: iso(), id: target.id });
      return changes;
    },
    async close() {
      if (db.open) db.close();
    },
  };
}
