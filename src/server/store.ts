import { createHash } from "node:crypto";
import type { Channel } from "./delivery/config.ts";
import type { Enquiry, EnquiryFields } from "./enquiry.ts";

/** An enquiry as kept in storage. `message` is "" when the visitor left it empty. */
export interface StoredEnquiry extends Required<EnquiryFields> {
  id: number;
  session_id: string;
  /** ISO 8601, UTC, millisecond precision: 2025-05-22T09:30:00.000Z */
  created_at: string;
}

/** At most `max` stored enquiries per client IP since `sinceMs` (epoch ms). */
export interface InsertLimit {
  max: number;
  sinceMs: number;
}

export interface InsertOptions {
  /** Client-chosen key; a second insert with the same key stores nothing and returns the first session id. */
  idempotencyKey?: string;
  /** The client's IP, or its /64 for IPv6 (client-network.ts). Stores keep only a keyed hash of it (for rate limits), never the address. */
  ip?: string;
  /**
   * Refuse the insert when `ip` already has `max` enquiries since `sinceMs`. Counted in the
   * same transaction as the insert, serialised per IP, so two servers sharing a database can
   * never both admit one enquiry too many. A repeated idempotency key is answered even when
   * over the limit.
   */
  limit?: InsertLimit;
  /**
   * Why the enquiry is spam (spam/spam-verdict.ts); empty or absent: it is not. Spam is stored
   * with its reasons and gets no delivery rows.
   */
  spamReasons?: readonly string[];
  /**
   * A verified proof-of-work challenge to use up in the same transaction (the replay store).
   * If it was used before, the enquiry is stored as spam with the reason "pow-replayed".
   */
  challenge?: { id: string; expiresAtMs: number };
}

/** An enquiry kept as spam, as `npm run enquiries -- spam` lists it. */
export interface SpamEnquiry extends StoredEnquiry {
  spam_reasons: string[];
}

export type ReleaseResult =
  /** No longer spam: its deliveries are queued (a running server sends them). */
  | { outcome: "released"; channels: number }
  | { outcome: "not-found" }
  /** Not spam, or already released. */
  | { outcome: "not-spam" };

export type InsertResult =
  /** Stored and durably committed. */
  | { outcome: "created"; sessionId: string }
  /** The idempotency key had been seen with this same enquiry: nothing new was stored; the first enquiry's session id. */
  | { outcome: "repeat"; sessionId: string }
  /** The idempotency key had been seen with a different enquiry: nothing stored. */
  | { outcome: "key-reused" }
  /** Over the limit: nothing stored. `oldestAt` (epoch ms) is the oldest enquiry counted. */
  | { outcome: "limited"; count: number; oldestAt: number };

export interface ListOptions {
  limit?: number;
  offset?: number;
  /** Default "newest-first". Export pages with "oldest-first": new rows then never shift earlier pages. */
  order?: "newest-first" | "oldest-first";
}

/**
 * Where enquiries live: SQLite (one machine) or PostgreSQL (several), chosen by
 * DATABASE_URL in `open-store.ts`. The contract both implementations pass is
 * tests/unit/server/store-contract.test.ts.
 *
 * `insert` resolves only once the row is durably committed; the rate-limit check and the
 * idempotency check happen inside that same transaction.
 */
export interface EnquiryStore {
  /** "sqlite" or "postgres", for logs and health output. */
  readonly kind: "sqlite" | "postgres";
  insert(enquiry: Enquiry, options?: InsertOptions): Promise<InsertResult>;
  /** The enquiries staff see: never spam, unless released. */
  list(options?: ListOptions): Promise<StoredEnquiry[]>;
  /** How many `list` can show. */
  count(): Promise<number>;
  /** Spam not released, newest first, with its reasons. */
  listSpam(limit: number): Promise<SpamEnquiry[]>;
  /** Releases one spam enquiry (by session id) and queues its deliveries to `channels`. */
  releaseSpam(sessionId: string, channels: readonly Channel[]): Promise<ReleaseResult>;
  /**
   * Signs the form's time tokens and proof-of-work challenges: ENQUIRY_FORM_SECRET, or a
   * random key made on first start and kept in the database, so every instance signs alike.
   */
  readonly formSecret: string;
  close(): Promise<void>;
}

const HASHED_FIELDS = ["first_name", "last_name", "email", "phone", "subject", "message"] as const;

/** What identifies an enquiry for its idempotency key: a hash of its fields, in a fixed order. */
export function requestHash(enquiry: Enquiry): string {
  return createHash("sha256")
    .update(JSON.stringify(HASHED_FIELDS.map((field) => enquiry[field] ?? "")))
    .digest("base64url");
}

/** A store error a client can be told about (disk full, database file gone), by `code`. */
export class StoreError extends Error {
  override name = "StoreError";
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
  }
}

function nonNegativeInteger(value: number | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${name} must be a whole number of 0 or more.`);
  return value;
}

/** Checked list options, shared by both stores: `limit` undefined means no limit. */
export function listParameters(options: ListOptions): { limit: number | undefined; offset: number; ascending: boolean } {
  return {
    limit: nonNegativeInteger(options.limit, "limit"),
    offset: nonNegativeInteger(options.offset, "offset") ?? 0,
    ascending: options.order === "oldest-first",
  };
}

/** The enquiries staff see: spam only once released. */
export const INBOX = "(spam_reasons IS NULL OR released_at IS NOT NULL)";

/** The stored form of spam reasons: a JSON array, or null for none. */
export function spamReasonsColumn(reasons: readonly string[] | undefined): string | null {
  return reasons && reasons.length > 0 ? JSON.stringify(reasons) : null;
}
