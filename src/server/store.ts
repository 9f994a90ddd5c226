import type { Enquiry } from "./enquiry.ts";

/** An enquiry as kept in storage. `message` is "" when the visitor left it empty. */
export interface StoredEnquiry extends Required<Enquiry> {
  id: number;
  session_id: string;
  /** ISO 8601, UTC, millisecond precision: 2025-05-22T09:30:00.000Z */
  created_at: string;
}

export interface InsertOptions {
  /** Client-chosen key; a second insert with the same key stores nothing and returns the first session id. */
  idempotencyKey?: string;
  /** The client's IP. Stores keep only a keyed hash of it (for rate limits), never the address. */
  ip?: string;
}

export interface InsertResult {
  sessionId: string;
  /** false when the idempotency key had been seen: nothing new was stored. */
  created: boolean;
}

export interface ListOptions {
  limit?: number;
  offset?: number;
  /** Default "newest-first". Export pages with "oldest-first": new rows then never shift earlier pages. */
  order?: "newest-first" | "oldest-first";
}

export interface RecentActivity {
  count: number;
  /** Epoch ms of the oldest enquiry counted, or null when count is 0. */
  oldestAt: number | null;
}

/**
 * Where enquiries live. SQLite now; PostgreSQL later behind the same interface, which is
 * why rate-limit counting goes through the store (limits shared by every instance).
 * `insert` resolves only once the row is durably committed.
 */
export interface EnquiryStore {
  insert(enquiry: Enquiry, options?: InsertOptions): Promise<InsertResult>;
  findSessionIdByIdempotencyKey(key: string): Promise<string | null>;
  recentFromIp(ip: string, sinceMs: number): Promise<RecentActivity>;
  list(options?: ListOptions): Promise<StoredEnquiry[]>;
  count(): Promise<number>;
  close(): Promise<void>;
}
