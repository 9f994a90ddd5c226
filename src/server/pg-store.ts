import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { Channel } from "./delivery/config.ts";
import { pgInsertDeliveries } from "./delivery/pg-outbox.ts";
import { ENQUIRY_FIELD_NAMES, type Enquiry } from "./enquiry.ts";
import { ipHasher, newIpHashKey } from "./ip-hash.ts";
import { ADVISORY_LOCK_NAMESPACE, applyPgMigrations } from "./migrations.ts";
import { SETTING_DEFAULTS } from "./settings.ts";
import {
  columnList,
  ENQUIRY_COLUMNS,
  INBOX,
  listParameters,
  requestHash,
  spamReasonsColumn,
  storedFieldValues,
  type EnquiryStore,
  type HeldEnquiry,
  type InsertOptions,
  type InsertResult,
  type PersonalDataStore,
  type Removed,
  type StoredEnquiry,
} from "./store.ts";


export interface PgStoreOptions {
  /** postgres://user:password@host:port/database (DATABASE_URL). */
  connectionString: string;
  /** Key for hashing client IPs; every instance must use the same one. Without one, a random key is made once and kept in the database. */
  ipHashKey?: string;
  /** Key for signing the form's tokens (ENQUIRY_FORM_SECRET); the same on every instance. Without one, a random key is made once and kept in the database. */
  formSecret?: string;
  /** Connections per instance (DATABASE_POOL_SIZE). */
  poolSize?: number;
  /** Clock in epoch ms (tests). */
  now?: () => number;
  /** Errors of idle pooled connections (the database restarted, a network cut). Default: written to stderr. */
  onIdleError?: (error: Error) => void;
  /** One outbox row per channel is written with each new enquiry (docs/notifications.md). */
  deliveryChannels?: readonly Channel[];
}

/**
 * One statement decides and stores: a repeated idempotency key answers the first session id;
 * an IP at its limit stores nothing; anything else is inserted. Every part reads one snapshot,
 * taken after the per-IP advisory lock (a separate, earlier statement) was granted, so the
 * count includes every enquiry committed by any instance before this one could proceed.
 * A new enquiry's delivery rows ($14, the channels) are written by the same statement.
 */
/** The visitor's fields are the statement's last parameters, $12 on, in ENQUIRY_FIELD_NAMES order. */
const FIELD_PARAMETERS = ENQUIRY_FIELD_NAMES.map((_, i) => `$${12 + i}`).join(", ");

const DECIDE_AND_INSERT = `
WITH existing AS (
  SELECT session_id, request_hash FROM enquiries WHERE $1::text IS NOT NULL AND idempotency_key = $1::text
), recent AS (
  SELECT COUNT(*)::int AS count, MIN(created_at) AS oldest FROM enquiries
  WHERE $2::int > 0 AND ip_hash = $3::text AND created_at >= $4::timestamptz
), admitted AS (
  SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM existing) AND ($2::int <= 0 OR (SELECT count FROM recent) < $2::int)
), used AS (
  INSERT INTO used_challenges (id, expires_at)
  SELECT $10::text, $11::timestamptz FROM admitted WHERE $10::text IS NOT NULL
  ON CONFLICT (id) DO NOTHING
  RETURNING id
), verdict AS (
  SELECT CASE WHEN $10::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM used)
    THEN (COALESCE($9::jsonb, '[]'::jsonb) || '["pow-replayed"]'::jsonb)::text
    ELSE $9::text END AS spam_reasons
), inserted AS (
  INSERT INTO enquiries (${columnList(ENQUIRY_COLUMNS.inserted)})
  SELECT $5::uuid, ${FIELD_PARAMETERS}, $1::text, $7::text, $3::text, $6::timestamptz, (SELECT spam_reasons FROM verdict)
  FROM admitted
  ON CONFLICT (idempotency_key) DO NOTHING
  RETURNING id, session_id, created_at, spam_reasons
), deliverable AS (
  SELECT id, created_at FROM inserted WHERE spam_reasons IS NULL
), deliveries AS (
  ${pgInsertDeliveries("deliverable", "$8")}
)
SELECT (SELECT session_id FROM existing) AS existing, (SELECT request_hash FROM existing) AS existing_hash,
  (SELECT session_id FROM inserted) AS inserted, count, oldest FROM recent`;

/**
 * One removal (store.ts, PersonalDataStore) as one statement: the deliveries and enquiries
 * chosen by `where` (over $1) deleted, and the removal recorded with its counts only. The
 * data-modifying parts see one snapshot and the foreign key is checked at the statement's
 * end, so the order of the two deletes does not matter. `recordAlways`: an erasure is
 * recorded even when nothing was found; a retention pass only when it removed something.
 */
function removalStatement(reason: "erasure" | "retention", where: string, recordAlways: boolean): string {
  return `
WITH chosen AS (
  SELECT id FROM enquiries WHERE ${where}
), removed_deliveries AS (
  DELETE FROM enquiry_deliveries WHERE enquiry_id IN (SELECT id FROM chosen) RETURNING 1
), removed_enquiries AS (
  DELETE FROM enquiries WHERE id IN (SELECT id FROM chosen) RETURNING 1
), counts AS (
  SELECT (SELECT COUNT(*) FROM removed_enquiries)::int AS enquiries, (SELECT COUNT(*) FROM removed_deliveries)::int AS deliveries
), recorded AS (
  INSERT INTO data_removals (reason, enquiries, deliveries, received_before, removed_at)
  SELECT '${reason}', enquiries, deliveries, ${reason === "retention" ? "$1::timestamptz" : "NULL"}, $2::timestamptz FROM counts
  WHERE ${recordAlways ? "TRUE" : "enquiries > 0"}
)
SELECT enquiries, deliveries FROM counts`;
}

const ERASE = removalStatement("erasure", "lower(email) = lower($1::text)", true);
const PURGE = removalStatement("retention", "created_at < $1::timestamptz", false);

const HELD = `
SELECT ${columnList(ENQUIRY_COLUMNS.stored, "e")}, e.idempotency_key, e.ip_hash,
  COALESCE((
    SELECT json_agg(json_build_object('id', d.id, 'channel', d.channel, 'status', d.status, 'attempts', d.attempts,
      'created_at', to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'delivered_at', to_char(d.delivered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'last_error', d.last_error) ORDER BY d.created_at, d.channel)
    FROM enquiry_deliveries d WHERE d.enquiry_id = e.id
  ), '[]'::json) AS deliveries
FROM enquiries e WHERE lower(e.email) = lower($1::text) ORDER BY e.id`;

/** Releases a spam enquiry and queues its deliveries, in one statement. */
const RELEASE = `
WITH released AS (
  UPDATE enquiries SET released_at = $2::timestamptz
  WHERE session_id::text = $1 AND spam_reasons IS NOT NULL AND released_at IS NULL
  RETURNING id, released_at AS created_at
), deliveries AS (
  ${pgInsertDeliveries("released", "$3")}
)
SELECT (SELECT COUNT(*) FROM released)::int AS released, EXISTS (SELECT 1 FROM enquiries WHERE session_id::text = $1) AS found`;

/** Deletes challenges past their expiry from the replay store: they can never verify again. */
const PRUNE_CHALLENGES = "DELETE FROM used_challenges WHERE expires_at < $1::timestamptz";
/** How often one instance prunes the replay store. */
const PRUNE_INTERVAL_MS = 60_000;

interface DecisionRow {
  existing: string | null;
  existing_hash: string | null;
  inserted: string | null;
  count: number;
  oldest: Date | null;
}

interface EnquiryRow extends Omit<StoredEnquiry, "id" | "created_at"> {
  id: string;
  created_at: Date;
}

/** The advisory lock key of an IP hash: its first 32 bits, as a signed integer. */
export function ipLockKey(ipHash: string): number {
  return Number.parseInt(ipHash.slice(0, 8), 16) | 0;
}

/** A key seen before: the first answer for the same enquiry (rows from before request hashes count as the same), else refused. */
function repeatOf(sessionId: string, storedHash: string | null, hash: string | null): InsertResult {
  return storedHash === null || storedHash === hash ? { outcome: "repeat", sessionId } : { outcome: "key-reused" };
}

/** A random key kept in server_settings under `name`: made by whichever instance asks first. */
async function storedKey(pool: pg.Pool, name: "ip_hash_key" | "form_secret"): Promise<string> {
  await pool.query("INSERT INTO server_settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING", [name, newIpHashKey()]);
  const { rows } = await pool.query<{ value: string }>("SELECT value FROM server_settings WHERE name = $1", [name]);
  return rows[0]!.value;
}

function toStored(row: EnquiryRow): StoredEnquiry {
  return { ...row, id: Number(row.id), created_at: row.created_at.toISOString() };
}

/**
 * The PostgreSQL enquiry store, for several server instances sharing one database. Opens a
 * pool, applies the migrations (src/server/migrations, `.pg.sql` variants first) and
 * resolves once it is ready. `insert` resolves after COMMIT has returned, which with
 * PostgreSQL's defaults (fsync, synchronous_commit=on) means the row is on disk.
 */
export async function openPgStore(options: PgStoreOptions): Promise<EnquiryStore & PersonalDataStore> {
  // Loaded only here: a server on SQLite never pays for the driver (about 6 MB).
  const { default: driver } = await import("pg");
  const pool = new driver.Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? SETTING_DEFAULTS.DATABASE_POOL_SIZE,
    connectionTimeoutMillis: 10_000,
    idleTimeoutMillis: 30_000,
    application_name: "nexa-enquiries",
  });
  // Without a listener an idle connection's error would end the process.
  const onIdleError = options.onIdleError ?? ((error: Error) => console.error(`PostgreSQL connection error: ${error.message}`));
  pool.on("error", onIdleError);
  let ipHashKey: string;
  let formSecret: string;
  try {
    await applyPgMigrations(pool);
    ipHashKey = options.ipHashKey ?? (await storedKey(pool, "ip_hash_key"));
    formSecret = options.formSecret ?? (await storedKey(pool, "form_secret"));
  } catch (error) {
    await pool.end();
    throw error;
  }
  const hashOfIp = ipHasher(ipHashKey);
  const now = options.now ?? Date.now;
  const channels = options.deliveryChannels ?? [];
  let closed: Promise<void> | null = null;
  let prunedAt = 0;

  /** Now and then (not on every insert, which would make instances wait on each other's deletes). */
  function pruneChallenges(): void {
    const nowMs = now();
    if (nowMs - prunedAt < PRUNE_INTERVAL_MS) return;
    prunedAt = nowMs;
    pool.query(PRUNE_CHALLENGES, [new Date(nowMs).toISOString()]).catch(onIdleError);
  }

  async function insertOnce(enquiry: Enquiry, insertOptions: InsertOptions): Promise<InsertResult> {
    const key = insertOptions.idempotencyKey ?? null;
    const ipHash = insertOptions.ip === undefined ? null : hashOfIp(insertOptions.ip);
    const limit = insertOptions.limit && insertOptions.limit.max > 0 && ipHash !== null ? insertOptions.limit : null;
    const hash = key === null ? null : requestHash(enquiry);
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      // Without a limit the one statement is its own transaction (one round trip; its answer
      // comes after the commit). With one, the per-IP lock must be held before the statement
      // takes its snapshot, so it is an earlier statement of an explicit transaction. Inlined
      // integers only (no user text), so BEGIN and the lock share a round trip.
      if (limit) await client.query(`BEGIN; SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_NAMESPACE}, ${ipLockKey(ipHash!)})`);
      const { rows } = await client.query<DecisionRow>({ name: "nexa-decide-and-insert", text: DECIDE_AND_INSERT }, [
        key,
        limit?.max ?? 0,
        ipHash,
        new Date(limit?.sinceMs ?? 0).toISOString(),
        randomUUID(),
        new Date(now()).toISOString(),
        hash,
        channels,
        spamReasonsColumn(insertOptions.spamReasons),
        insertOptions.challenge?.id ?? null,
        insertOptions.challenge ? new Date(insertOptions.challenge.expiresAtMs).toISOString() : null,
        ...storedFieldValues(enquiry),
      ]);
      if (insertOptions.challenge) pruneChallenges();
      if (limit) await client.query("COMMIT");
      const row = rows[0]!;
      if (row.existing !== null) return repeatOf(row.existing, row.existing_hash, hash);
      if (row.inserted !== null) return { outcome: "created", sessionId: row.inserted };
      if (limit && row.count >= limit.max) {
        return { outcome: "limited", count: row.count, oldestAt: row.oldest?.getTime() ?? now() };
      }
      // Another transaction stored this idempotency key after our snapshot; it has committed now.
      const { rows: again } = await client.query<{ session_id: string; request_hash: string | null }>(
        "SELECT session_id, request_hash FROM enquiries WHERE idempotency_key = $1",
        [key],
      );
      if (again[0]) return repeatOf(again[0].session_id, again[0].request_hash, hash);
      throw new Error("The enquiry was neither stored nor found.");
    } catch (error) {
      if (limit) await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      // A connection that cannot even roll back is discarded, not reused.
      client.release(broken);
    }
  }

  return {
    kind: "postgres",
    insert(enquiry, insertOptions = {}) {
      if (closed) return Promise.reject(new Error("The enquiry store is closed."));
      return insertOnce(enquiry, insertOptions);
    },
    async list(listOptions = {}) {
      const { limit, offset, ascending } = listParameters(listOptions);
      const { rows } = await pool.query<EnquiryRow>(
        `SELECT ${columnList(ENQUIRY_COLUMNS.stored)}
         FROM enquiries WHERE ${INBOX} ORDER BY id ${ascending ? "ASC" : "DESC"} LIMIT $1 OFFSET $2`,
        [limit ?? null, offset],
      );
      return rows.map(toStored);
    },
    async count() {
      const { rows } = await pool.query<{ count: string }>(`SELECT COUNT(*) AS count FROM enquiries WHERE ${INBOX}`);
      return Number(rows[0]!.count);
    },
    async findByEmail(email) {
      const { rows } = await pool.query<Omit<HeldEnquiry, "id" | "created_at"> & { id: string; created_at: Date }>(HELD, [email]);
      return rows.map((row) => ({ ...row, id: Number(row.id), created_at: row.created_at.toISOString() }));
    },
    async eraseByEmail(email) {
      const { rows } = await pool.query<Removed>(ERASE, [email, new Date(now()).toISOString()]);
      return rows[0]!;
    },
    async purgeBefore(beforeMs) {
      const { rows } = await pool.query<Removed>(PURGE, [new Date(beforeMs).toISOString(), new Date(now()).toISOString()]);
      return rows[0]!;
    },

    async listSpam(limit) {
      const { rows } = await pool.query<EnquiryRow & { spam_reasons: string }>(
        `SELECT ${columnList(ENQUIRY_COLUMNS.stored)}, spam_reasons
         FROM enquiries WHERE spam_reasons IS NOT NULL AND released_at IS NULL ORDER BY id DESC LIMIT $1`,
        [limit],
      );
      return rows.map((row) => ({ ...toStored(row), spam_reasons: JSON.parse(row.spam_reasons) as string[] }));
    },
    async releaseSpam(sessionId, releaseChannels) {
      const { rows } = await pool.query<{ released: number; found: boolean }>(RELEASE, [sessionId, new Date(now()).toISOString(), releaseChannels]);
      const row = rows[0]!;
      if (row.released > 0) return { outcome: "released", channels: releaseChannels.length };
      return { outcome: row.found ? "not-spam" : "not-found" };
    },
    formSecret,
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}
