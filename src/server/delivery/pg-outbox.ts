// The outbox on PostgreSQL, shared by every API instance on the database. A claim takes due
// rows with FOR UPDATE SKIP LOCKED, so instances claiming at once each get different rows
// and never wait on each other, and leases them; the send happens outside any transaction.
import type pg from "pg";
import { columnList, ENQUIRY_COLUMNS, type StoredEnquiry } from "../store.ts";
import type { Channel } from "./config.ts";
import { STATUS_ORDER, type DeliveryRow, type DeliveryStatus, type Outbox, type Settlement } from "./outbox.ts";

/**
 * The delivery rows as a data-modifying CTE of another statement (the release of a spam
 * enquiry): one per channel in `channelsParam` (a text[] parameter) for each enquiry
 * `insertedCte` returned (its id and created_at), in the same statement and so the same
 * transaction.
 */
export function pgInsertDeliveries(insertedCte: string, channelsParam: string): string {
  return `INSERT INTO enquiry_deliveries (id, enquiry_id, channel, next_attempt_at, created_at)
    SELECT gen_random_uuid(), i.id, c.channel, i.created_at, i.created_at
    FROM ${insertedCte} i CROSS JOIN unnest(${channelsParam}::text[]) AS c (channel)`;
}

/**
 * The delivery rows of a batch of new enquiries as one statement: parameters `ids`, `channels`
 * and `createdAt` are arrays (bigint[], text[], timestamptz[]) with one element per row.
 */
export function pgInsertDeliveryRows(ids: string, channels: string, createdAt: string): string {
  return `INSERT INTO enquiry_deliveries (id, enquiry_id, channel, next_attempt_at, created_at)
    SELECT gen_random_uuid(), d.enquiry_id, d.channel, d.created_at, d.created_at
    FROM unnest(${ids}::bigint[], ${channels}::text[], ${createdAt}::timestamptz[]) AS d (enquiry_id, channel, created_at)`;
}

/**
 * The time of a statement: the database's own clock (one clock for every instance, however
 * their hosts' clocks drift), or the injected one in parameter $n when the outbox was opened
 * with a clock (tests: a lease or a retry delay passes without waiting for it).
 */
const nowAt = (n: number) => `COALESCE($${n}::timestamptz, now())`;

const CLAIM = `
WITH due AS (
  SELECT id FROM enquiry_deliveries
  WHERE status = 'pending' AND next_attempt_at <= ${nowAt(4)} AND (lease_until IS NULL OR lease_until <= ${nowAt(4)})
    AND channel = ANY ($3::text[])
  ORDER BY next_attempt_at LIMIT $1
  FOR UPDATE SKIP LOCKED
), claimed AS (
  UPDATE enquiry_deliveries d SET lease_until = ${nowAt(4)} + $2::int * interval '1 millisecond', attempts = d.attempts + 1
  FROM due WHERE d.id = due.id
  RETURNING d.id, d.channel, d.attempts, d.enquiry_id
)
SELECT c.id, c.channel, c.attempts, e.id AS enquiry_id, ${columnList(
  ENQUIRY_COLUMNS.stored.filter((column) => column !== "id"),
  "e",
)}
FROM claimed c JOIN enquiries e ON e.id = c.enquiry_id`;

const SETTLE: Record<Settlement["status"], string> = {
  delivered: `UPDATE enquiry_deliveries SET status = 'delivered', delivered_at = ${nowAt(2)}, lease_until = NULL, last_error = NULL WHERE id = $1`,
  pending: `UPDATE enquiry_deliveries SET next_attempt_at = ${nowAt(4)} + $2::int * interval '1 millisecond', lease_until = NULL, last_error = $3 WHERE id = $1`,
  failed: "UPDATE enquiry_deliveries SET status = 'failed', lease_until = NULL, last_error = $2 WHERE id = $1",
  released: "UPDATE enquiry_deliveries SET lease_until = NULL, attempts = GREATEST(attempts - 1, 0) WHERE id = $1",
};

const REQUEUE = `UPDATE enquiry_deliveries SET status = 'pending', attempts = 0, next_attempt_at = ${nowAt(1)}, lease_until = NULL`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ClaimRow extends Omit<StoredEnquiry, "id" | "created_at"> {
  id: string;
  channel: Channel;
  attempts: number;
  enquiry_id: string;
  created_at: Date;
}

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/**
 * The outbox of the PostgreSQL database at `connectionString` (migrated by the store), on a
 * small pool of its own. The driver is loaded on first use, like the store's (pg-store.ts):
 * a server on SQLite never loads it. Without `now` the database's clock decides what is due.
 */
export function openPgOutbox(connectionString: string, onIdleError: (error: Error) => void = () => undefined, now?: () => number): Outbox {
  const at = () => (now === undefined ? null : new Date(now()).toISOString());
  let opened: Promise<pg.Pool> | null = null;
  const pool = {
    async query<R extends pg.QueryResultRow>(text: string, params?: unknown[]): Promise<pg.QueryResult<R>> {
      if (closed) throw new Error("The delivery outbox is closed.");
      opened ??= import("pg").then(({ default: driver }) => {
        const created = new driver.Pool({ connectionString, max: 2, idleTimeoutMillis: 30_000, application_name: "nexa-deliveries" });
        created.on("error", onIdleError);
        return created;
      });
      return (await opened).query<R>(text, params);
    },
  };
  let closed: Promise<void> | null = null;
  return {
    async claim(limit, leaseMs, channels) {
      const { rows } = await pool.query<ClaimRow>(CLAIM, [limit, leaseMs, channels, at()]);
      return rows.map(({ id, channel, attempts, enquiry_id, created_at, ...enquiry }) => ({
        id,
        channel,
        attempts,
        enquiry: { ...enquiry, id: Number(enquiry_id), created_at: created_at.toISOString() },
      }));
    },
    async settle(id, settlement) {
      const params =
        settlement.status === "pending"
          ? [id, Math.round(settlement.delayMs), settlement.error, at()]
          : settlement.status === "failed"
            ? [id, settlement.error]
            : settlement.status === "delivered"
              ? [id, at()]
              : [id];
      await pool.query(SETTLE[settlement.status], params);
    },
    async list(limit) {
      const { rows } = await pool.query<
        Omit<DeliveryRow, "created_at" | "next_attempt_at" | "delivered_at"> & { created_at: Date; next_attempt_at: Date; delivered_at: Date | null }
      >(
        `SELECT d.id, e.session_id, d.channel, d.status, d.attempts, d.created_at, d.next_attempt_at, d.delivered_at, d.last_error
         FROM enquiry_deliveries d JOIN enquiries e ON e.id = d.enquiry_id
         ORDER BY ${STATUS_ORDER}, d.created_at DESC, d.id LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({
        ...row,
        created_at: iso(row.created_at)!,
        next_attempt_at: iso(row.next_attempt_at)!,
        delivered_at: iso(row.delivered_at),
      }));
    },
    async counts() {
      const counts: Record<DeliveryStatus, number> = { pending: 0, delivered: 0, failed: 0 };
      const { rows } = await pool.query<{ status: DeliveryStatus; count: number }>(
        "SELECT status, COUNT(*)::int AS count FROM enquiry_deliveries GROUP BY status",
      );
      for (const row of rows) counts[row.status] = row.count;
      return counts;
    },
    async retry(target) {
      if (target === "failed") return (await pool.query(`${REQUEUE} WHERE status = 'failed'`, [at()])).rowCount ?? 0;
      // Not a UUID cannot name a delivery; PostgreSQL would refuse to compare it.
      if (!UUID.test(target.id)) return 0;
      return (await pool.query(`${REQUEUE} WHERE id = $2`, [at(), target.id])).rowCount ?? 0;
    },
    close() {
      closed ??= opened === null ? Promise.resolve() : opened.then((created) => created.end());
      return closed;
    },
  };
}
