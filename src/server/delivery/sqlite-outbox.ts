// The outbox on SQLite. Rows are leased (lease_until) rather than locked: a worker holds no
// transaction while it sends, so it never stands in the way of the enquiries being stored.
// Every write (claim, settle, retry) runs on the store's writer thread, in its group commit
// (sqlite-outbox-writes.mjs); the reads here use the store's own connection.
import type { Database } from "better-sqlite3";
import type { Channel } from "./config.ts";
import { STATUS_ORDER, type DeliveryRow, type DeliveryStatus, type DueDelivery, type Outbox, type Settlement } from "./outbox.ts";

/** The jobs sqlite-outbox-writes.mjs runs on the writer thread. */
export type OutboxJob =
  | { op: "claim"; limit: number; now: string; lease: string; channels: readonly Channel[] }
  | { op: "settle"; id: string; status: Settlement["status"]; now: string; next: string | null; error: string | null }
  /** id null: every failed delivery. */
  | { op: "retry"; id: string | null; now: string };

/**
 * The outbox of a SQLite store: `db` is the store's connection (for reading), `write` hands a
 * job to its writer thread and resolves with the job's result once it is committed.
 */
export function sqliteOutbox(db: Database, write: (job: OutboxJob) => Promise<unknown>, now: () => number): Outbox {
  const iso = (offsetMs = 0) => new Date(now() + offsetMs).toISOString();
  return {
    async claim(limit, leaseMs, channels) {
      return (await write({ op: "claim", limit, now: iso(), lease: iso(leaseMs), channels })) as DueDelivery[];
    },
    async settle(id, settlement) {
      const next = settlement.status === "pending" ? iso(settlement.delayMs) : null;
      const error = "error" in settlement ? settlement.error : null;
      await write({ op: "settle", id, status: settlement.status, now: iso(), next, error });
    },
    async list(limit) {
      return db
        .prepare(
          `SELECT d.id, e.session_id, d.channel, d.status, d.attempts, d.created_at, d.next_attempt_at, d.delivered_at, d.last_error
          FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
          ORDER BY ${STATUS_ORDER}, d.created_at DESC, d.id LIMIT ?`,
        )
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
      return (await write({ op: "retry", id: target === "failed" ? null : target.id, now: iso() })) as number;
    },
    // The store owns the connection and the writer.
    async close() {},
  };
}
