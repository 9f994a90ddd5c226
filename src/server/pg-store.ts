import type pg from "pg";
import type { Channel } from "./delivery/config.ts";
import { pgInsertDeliveries, pgInsertDeliveryRows } from "./delivery/pg-outbox.ts";
import { decideLater, type Decision, type InsertJob, type Steps } from "./enquiry-decision.mjs";
import { ipHasher, newIpHashKey } from "./ip-hash.ts";
import { ADVISORY_LOCK_NAMESPACE, applyPgMigrations } from "./migrations.ts";
import { SETTING_DEFAULTS } from "./settings.ts";
import {
  columnList,
  ENQUIRY_COLUMNS,
  INBOX,
  insertJob,
  insertResult,
  listParameters,
  type EnquiryStore,
  type HeldEnquiry,
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

/** Most enquiries decided and committed in one transaction (see "group commit" below). */
export const MAX_BATCH = 256;
/** Transactions of batches one instance has open at once (see "group commit" below). */
const BATCHES_IN_FLIGHT = 2;

/**
 * The decision's reads and writes (enquiry-decision.mjs), each one statement for the whole
 * batch. Each statement sees what committed before it began (READ COMMITTED), so the rate
 * limit's count, read after the batch's per-IP advisory locks were granted, includes every
 * enquiry committed by any instance before this batch could proceed.
 */
const STEP_SQL = {
  keys: "SELECT idempotency_key, session_id, request_hash FROM enquiries WHERE idempotency_key = ANY ($1::text[])",
  recent: `
SELECT COUNT(e.id)::int AS count, MIN(e.created_at) AS oldest
FROM unnest($1::text[], $2::timestamptz[]) WITH ORDINALITY AS p (ip_hash, since, n)
LEFT JOIN enquiries e ON e.ip_hash = p.ip_hash AND e.created_at >= p.since
GROUP BY p.n ORDER BY p.n`,
  challenges: `
INSERT INTO used_challenges (id, expires_at) SELECT * FROM unnest($1::text[], $2::timestamptz[])
ON CONFLICT (id) DO NOTHING RETURNING id`,
  // The rows travel as one JSON array whose keys are the columns: the table's own types read
  // them, so the statement names the columns once (from ENQUIRY_COLUMNS) and nothing else.
  // A key another transaction stored after this batch read the keys is not stored twice.
  insert: `
INSERT INTO enquiries (${columnList(ENQUIRY_COLUMNS.inserted)})
SELECT ${columnList(ENQUIRY_COLUMNS.inserted)} FROM json_populate_recordset(NULL::enquiries, $1::json)
ON CONFLICT (idempotency_key) DO NOTHING
RETURNING id, session_id`,
  deliveries: pgInsertDeliveryRows("$1", "$2", "$3"),
};

/** A key another instance stored while this batch was being decided: the batch is decided again, and then sees it. */
class KeyTakenMeanwhile extends Error {
  override name = "KeyTakenMeanwhile";
}

/** Errors after which the same transaction, tried again, can succeed: a key taken meanwhile, a deadlock, a serialisation failure. */
function worthRetrying(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return error instanceof KeyTakenMeanwhile || code === "40P01" || code === "40001";
}

/** A COMMIT failed: whether the batch was stored is not known. */
class CommitUnknown extends Error {
  override name = "CommitUnknown";
  constructor(override readonly cause: unknown) {
    super("The COMMIT of a batch of enquiries failed.");
  }
}

/** How often a batch is tried again after such an error before its enquiries are tried one by one. */
const RETRIES = 3;

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

interface EnquiryRow extends Omit<StoredEnquiry, "id" | "created_at"> {
  id: string;
  created_at: Date;
}

/** The advisory lock key of an IP hash: its first 32 bits, as a signed integer. */
export function ipLockKey(ipHash: string): number {
  return Number.parseInt(ipHash.slice(0, 8), 16) | 0;
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
 *
 * Group commit, as the SQLite store does it: enquiries arriving while a batch's transaction
 * is open queue up as the next batch, which is decided (enquiry-decision.mjs) and stored in
 * one transaction, a statement per step for the whole batch, and every caller's promise
 * settles only after that COMMIT returned. So a burst of requests costs a few round trips and
 * one WAL flush, not a transaction each. BATCHES_IN_FLIGHT transactions may be open at once:
 * while one waits for its COMMIT's flush, the next is already being decided.
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

  /** The decision's steps (enquiry-decision.mjs) on `client`, inside the batch's transaction. */
  function stepsOn(client: pg.PoolClient): Steps<true> {
    return {
      async keys({ keys }) {
        const { rows } = await client.query<{ idempotency_key: string; session_id: string; request_hash: string | null }>(
          { name: "nexa-enquiry-keys", text: STEP_SQL.keys },
          [keys],
        );
        const held = new Map(rows.map((row) => [row.idempotency_key, { session_id: row.session_id, request_hash: row.request_hash }]));
        return keys.map((key) => held.get(key) ?? null);
      },
      async recent({ probes }) {
        const { rows } = await client.query<{ count: number; oldest: Date | null }>({ name: "nexa-enquiry-recent", text: STEP_SQL.recent }, [
          probes.map((probe) => probe.ipHash),
          probes.map((probe) => probe.since),
        ]);
        return rows.map((row) => ({ count: row.count, oldest: row.oldest === null ? null : row.oldest.toISOString() }));
      },
      async challenges({ challenges }) {
        const { rows } = await client.query<{ id: string }>({ name: "nexa-enquiry-challenges", text: STEP_SQL.challenges }, [
          challenges.map((challenge) => challenge.id),
          challenges.map((challenge) => challenge.expiresAt),
        ]);
        pruneChallenges();
        const fresh = new Set(rows.map((row) => row.id));
        return challenges.map((challenge) => fresh.has(challenge.id));
      },
      async insert({ rows }) {
        const { rows: inserted } = await client.query<{ id: string; session_id: string }>({ name: "nexa-enquiry-insert", text: STEP_SQL.insert }, [
          JSON.stringify(rows),
        ]);
        if (inserted.length < rows.length) throw new KeyTakenMeanwhile("An idempotency key was stored by another transaction meanwhile.");
        const ids = new Map(inserted.map((row) => [row.session_id, row.id]));
        return rows.map((row) => ids.get(row.session_id)!);
      },
      async deliveries({ enquiries }) {
        const rows = enquiries.flatMap(({ enquiryId, channels: to, createdAt }) => to.map((channel) => ({ enquiryId, channel, createdAt })));
        await client.query({ name: "nexa-enquiry-deliveries", text: STEP_SQL.deliveries }, [
          rows.map((row) => String(row.enquiryId)),
          rows.map((row) => row.channel),
          rows.map((row) => row.createdAt),
        ]);
      },
    };
  }

  /**
   * Decides and stores `jobs` in one transaction; resolves after its COMMIT returned. Every
   * per-IP advisory lock the batch needs is taken first, in key order, so two batches (of this
   * instance or another) never wait for each other in a circle.
   */
  async function decideInTransaction(jobs: InsertJob[]): Promise<Decision[]> {
    const client = await pool.connect();
    let broken: Error | undefined;
    let committing = false;
    try {
      const lockKeys = [...new Set(jobs.flatMap((job) => (job.limit !== null && job.row.ip_hash !== null ? [ipLockKey(job.row.ip_hash)] : [])))];
      lockKeys.sort((a, b) => a - b);
      // Inlined integers only (no user text), so BEGIN and the locks share a round trip.
      const locks = lockKeys.map((key) => `pg_advisory_xact_lock(${ADVISORY_LOCK_NAMESPACE}, ${key})`).join(", ");
      await client.query(locks === "" ? "BEGIN" : `BEGIN; SELECT ${locks}`);
      const decisions = await decideLater(jobs, stepsOn(client));
      committing = true;
      await client.query("COMMIT");
      return decisions;
    } catch (error) {
      if (committing) {
        // Whether a COMMIT that failed took effect is not known: the batch is not tried again
        // (its enquiries could be stored twice), and the connection is not reused.
        broken = error as Error;
        throw new CommitUnknown(error);
      }
      await client.query("ROLLBACK").catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      // A connection that cannot even roll back is discarded, not reused.
      client.release(broken);
    }
  }

  interface Pending {
    job: InsertJob;
    resolve(decision: Decision): void;
    reject(error: unknown): void;
  }

  /**
   * Settles every enquiry of `batch`. A failure that rolled the transaction back fails no one
   * yet: a key taken meanwhile or a deadlock tries the batch again; any other error tries
   * each enquiry alone, in order, so only the one at fault fails.
   */
  async function settleBatch(batch: Pending[], tries = 0): Promise<void> {
    let decisions: Decision[];
    try {
      decisions = await decideInTransaction(batch.map((pending) => pending.job));
    } catch (error) {
      if (error instanceof CommitUnknown) {
        for (const pending of batch) pending.reject(error.cause);
        return;
      }
      if (worthRetrying(error) && tries < RETRIES) return settleBatch(batch, tries + 1);
      if (batch.length === 1) return batch[0]!.reject(error);
      for (const pending of batch) await settleBatch([pending]);
      return;
    }
    batch.forEach((pending, i) => pending.resolve(decisions[i]!));
  }

  let queue: Pending[] = [];
  let inFlight = 0;
  let sendScheduled = false;
  let drained: (() => void) | null = null;

  function sendNext(): void {
    while (inFlight < BATCHES_IN_FLIGHT && queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      inFlight += 1;
      void settleBatch(batch).finally(() => {
        inFlight -= 1;
        sendNext();
      });
    }
    if (inFlight === 0 && queue.length === 0) drained?.();
  }

  // A batch leaves at the end of the event loop's turn (as on SQLite): the requests read in the
  // same turn go together, instead of the first going alone.
  function sendAtEndOfTurn(): void {
    sendScheduled = false;
    sendNext();
  }

  /** Queues an enquiry for the next batch; settles once the batch holding it has committed. */
  function decideInBatch(job: InsertJob): Promise<Decision> {
    return new Promise((resolve, reject) => {
      queue.push({ job, resolve, reject });
      if (!sendScheduled && inFlight < BATCHES_IN_FLIGHT) {
        sendScheduled = true;
        setImmediate(sendAtEndOfTurn);
      }
    });
  }

  return {
    kind: "postgres",
    async insert(enquiry, insertOptions = {}) {
      if (closed) throw new Error("The enquiry store is closed.");
      const job = insertJob(enquiry, insertOptions, { hashOfIp, nowMs: now(), channels });
      return insertResult(await decideInBatch(job), now());
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
      // What was queued before close is still stored, then the pool ends.
      closed ??= (inFlight === 0 && queue.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => (drained = resolve))).then(() => pool.end());
      return closed;
    },
  };
}
