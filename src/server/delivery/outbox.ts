// The delivery outbox as the worker and the operator command see it, whatever the database.
// Rows are written with the enquiry (sqlite-outbox-writes.mjs insertDeliveries, pg-outbox.ts
// pgInsertDeliveries) and worked off by worker.ts.
import type { StoredEnquiry } from "../store.ts";
import type { Channel } from "./config.ts";

export type DeliveryStatus = "pending" | "delivered" | "failed";

/** A delivery the worker has claimed (leased) to send now, with its enquiry. */
export interface DueDelivery {
  /** UUID, the same on every try: receivers de-duplicate by it. */
  id: string;
  channel: Channel;
  /** Tries so far, this one included. */
  attempts: number;
  enquiry: StoredEnquiry;
}

/** How a try ended, as recorded. */
export type Settlement =
  | { status: "delivered" }
  /** Try again after `delayMs`. */
  | { status: "pending"; delayMs: number; error: string }
  | { status: "failed"; error: string }
  /** Not tried after all (the server is stopping): free again at once, the try not counted. */
  | { status: "released" };

/** One row of `npm run enquiries -- deliveries`. */
export interface DeliveryRow {
  id: string;
  session_id: string;
  channel: Channel;
  status: DeliveryStatus;
  attempts: number;
  /** ISO 8601 UTC. */
  created_at: string;
  next_attempt_at: string;
  delivered_at: string | null;
  last_error: string | null;
}

export type RetryTarget = { id: string } | "failed";

export interface Outbox {
  /**
   * Leases up to `limit` due, pending deliveries of these channels for `leaseMs`, counting a
   * try. Another worker (in this process or another) never gets a leased row until its lease
   * has passed, which is how a delivery interrupted by kill -9 is taken up again.
   */
  claim(limit: number, leaseMs: number, channels: readonly Channel[]): Promise<DueDelivery[]>;
  settle(id: string, settlement: Settlement): Promise<void>;
  /** Failed first, then pending, then delivered; newest first within each. */
  list(limit: number): Promise<DeliveryRow[]>;
  counts(): Promise<Record<DeliveryStatus, number>>;
  /** Queues again for now with a fresh count of tries: one delivery, or every failed one. The number requeued. */
  retry(target: RetryTarget): Promise<number>;
  close(): Promise<void>;
}

export const STATUS_ORDER = "CASE status WHEN 'failed' THEN 0 WHEN 'pending' THEN 1 ELSE 2 END";
