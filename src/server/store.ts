import { createHash } from "node:crypto";
import { timeOrderedId } from "./time-ordered-id.mjs";
import type { Channel } from "./delivery/config.ts";
import type { Decision, InsertJob } from "./enquiry-decision.mjs";
import { ENQUIRY_FIELD_NAMES, type Enquiry, type EnquiryFields } from "./enquiry.ts";

/** An enquiry as kept in storage. `message` is "" when the visitor left it empty. */
export interface StoredEnquiry extends Required<EnquiryFields> {
  id: number;
  session_id: string;
  /** ISO 8601, UTC, millisecond precision: 2025-05-22T09:30:00.000Z */
  created_at: string;
}

/**
 * The enquiries table as the stores read and write it, made from the visitor's fields
 * (enquiry.ts) so no statement spells them out: a StoredEnquiry's columns, and those an
 * insert writes. The SQLite writer thread gets them through its workerData.
 */
export const ENQUIRY_COLUMNS = {
  stored: ["id", "session_id", ...ENQUIRY_FIELD_NAMES, "created_at"],
  inserted: ["session_id", ...ENQUIRY_FIELD_NAMES, "idempotency_key", "request_hash", "ip_hash", "created_at", "spam_reasons"],
} as const satisfies { stored: readonly (keyof StoredEnquiry)[]; inserted: readonly string[] };

/** A column an insert writes. */
export type InsertedColumn = (typeof ENQUIRY_COLUMNS.inserted)[number];

/** The visitor's fields as the stores write them: a message left out is stored as "". A plain loop: it runs on the request thread for every enquiry. */
export function storedFields(enquiry: Enquiry): Record<(typeof ENQUIRY_FIELD_NAMES)[number], string | undefined> {
  const fields = {} as Record<(typeof ENQUIRY_FIELD_NAMES)[number], string | undefined>;
  for (const field of ENQUIRY_FIELD_NAMES) fields[field] = field === "message" ? (enquiry.message ?? "") : enquiry[field];
  return fields;
}

/** What a store knows beside the enquiry and its options, to make the row it inserts. */
export interface InsertContext {
  /** The keyed hash of an IP (ip-hash.ts). */
  hashOfIp(ip: string): string;
  nowMs: number;
  /** One delivery row per channel is written with a new enquiry that is not spam. */
  channels: readonly Channel[];
}

/**
 * One enquiry as both stores hand it to the decision (enquiry-decision.mjs): the row to insert,
 * made here once from ENQUIRY_COLUMNS.inserted (the type requires a value for every column),
 * its limit, channels and challenge, with every time as ISO 8601 text.
 */
export function insertJob(enquiry: Enquiry, options: InsertOptions, context: InsertContext): InsertJob {
  const key = options.idempotencyKey ?? null;
  const ipHash = options.ip === undefined ? null : context.hashOfIp(options.ip);
  const row = {
    session_id: timeOrderedId(context.nowMs),
    ...(storedFields(enquiry) as Record<(typeof ENQUIRY_FIELD_NAMES)[number], string>),
    idempotency_key: key,
    request_hash: key === null ? null : requestHash(enquiry),
    ip_hash: ipHash,
    created_at: new Date(context.nowMs).toISOString(),
    spam_reasons: spamReasonsColumn(options.spamReasons),
  } satisfies Record<InsertedColumn, string | null | undefined>;
  const limit = options.limit;
  return {
    // A field left undefined (a payload that skipped validation) stays so: the store refuses it.
    row: row as InsertJob["row"],
    limit: limit && limit.max > 0 && ipHash !== null ? { max: limit.max, since: new Date(limit.sinceMs).toISOString() } : null,
    channels: context.channels,
    challenge: options.challenge ? { id: options.challenge.id, expiresAt: new Date(options.challenge.expiresAtMs).toISOString() } : null,
  };
}

/** The decision as the store's answer; a limit with no oldest enquiry (none can be) reads as `nowMs`. */
export function insertResult(decision: Decision, nowMs: number): InsertResult {
  if (decision.outcome !== "limited") return decision;
  return { outcome: "limited", count: decision.count, oldestAt: decision.oldest === null ? nowMs : Date.parse(decision.oldest) };
}

/** A column list for SQL, each column prefixed with `alias.` when one is given. */
export function columnList(columns: readonly string[], alias?: string): string {
  return columns.map((column) => (alias === undefined ? column : `${alias}.${column}`)).join(", ");
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

/** What identifies an enquiry for its idempotency key: a hash of its fields, in a fixed order. */
export function requestHash(enquiry: Enquiry): string {
  return createHash("sha256")
    .update(JSON.stringify(ENQUIRY_FIELD_NAMES.map((field) => enquiry[field] ?? "")))
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

/** What one removal took away. */
export interface Removed {
  enquiries: number;
  deliveries: number;
}

/** One delivery of an enquiry, as `find` shows it: no copy of the enquiry, which is beside it. */
export interface HeldDelivery {
  id: string;
  channel: string;
  status: string;
  attempts: number;
  /** ISO 8601 UTC. */
  created_at: string;
  delivered_at: string | null;
  last_error: string | null;
}

/** Everything stored with one enquiry: its fields, its idempotency key, the keyed hash of the sender's IP, its deliveries. */
export interface HeldEnquiry extends StoredEnquiry {
  idempotency_key: string | null;
  ip_hash: string | null;
  deliveries: HeldDelivery[];
}

/**
 * What the law asks of the stored personal data (docs/api.md, "Personal data"): a retention
 * period, and finding and erasing one person's data by their email address. Addresses are
 * compared without regard to case. Each removal is recorded in `data_removals` with its counts
 * and time, never with the address. Kept apart from EnquiryStore, which is all the API needs.
 */
export interface PersonalDataStore {
  /** Every enquiry sent with this address, oldest first, with everything held with it. */
  findByEmail(email: string): Promise<HeldEnquiry[]>;
  /** Removes the enquiries sent with this address, their deliveries and idempotency keys; nothing found removes nothing. */
  eraseByEmail(email: string): Promise<Removed>;
  /** Removes the enquiries received before `beforeMs` (epoch ms) and their deliveries. */
  purgeBefore(beforeMs: number): Promise<Removed>;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The start of the retention period `days` long that ends at `nowMs`: enquiries received before it are removed. */
export function retentionCutoff(nowMs: number, days: number): number {
  return nowMs - days * DAY_MS;
}

/** The enquiries staff see: spam only once released. */
export const INBOX = "(spam_reasons IS NULL OR released_at IS NOT NULL)";

/** The stored form of spam reasons: a JSON array, or null for none. */
export function spamReasonsColumn(reasons: readonly string[] | undefined): string | null {
  return reasons && reasons.length > 0 ? JSON.stringify(reasons) : null;
}
