// @ts-check
// What storing enquiries decides, written once for both stores: an idempotency key seen
// before answers the first enquiry; then an IP at its limit stores nothing; then a reused
// proof-of-work challenge makes the enquiry spam; then the row is inserted; then, unless it
// is spam, its delivery rows. The SQLite writer thread (sqlite-writer.mjs) runs it for one
// enquiry at a time in a savepoint of its group commit; the PostgreSQL store (pg-store.ts)
// for a whole batch in one transaction. The answers are those of deciding the batch's
// enquiries one after the other, in order.
//
// The decision asks its store for reads and writes by yielding steps, each for the whole
// batch at once (so PostgreSQL makes one round trip per step, not one per enquiry), and a
// store answers them: better-sqlite3 synchronously (`decideNow`, inside its transaction
// function, which cannot wait for a promise), `pg` asynchronously (`decideLater`). A
// generator is what lets one definition run under both.
//
// Plain JavaScript, like sqlite-writer.mjs, which imports it without a TypeScript loader.

/**
 * The enquiries table's inserted columns (store.ts, ENQUIRY_COLUMNS.inserted) with their values;
 * those the decision reads are named.
 * @typedef {{
 *   session_id: string;
 *   idempotency_key: string | null;
 *   request_hash: string | null;
 *   ip_hash: string | null;
 *   created_at: string;
 *   spam_reasons: string | null;
 * } & Record<string, string | null>} EnquiryRow
 */

/**
 * One enquiry to store: its row (`session_id`, `idempotency_key`, `request_hash`, `ip_hash`,
 * `created_at` and `spam_reasons` among its columns), the rate limit it is held to (null: none),
 * the channels it is delivered to, and the proof-of-work challenge it used up (null: none).
 * @typedef {{
 *   row: EnquiryRow;
 *   limit: { max: number; since: string } | null;
 *   channels: readonly string[];
 *   challenge: { id: string; expiresAt: string } | null;
 * }} InsertJob
 */

/**
 * What became of one enquiry. `oldest` is the ISO time of the oldest enquiry the limit counted.
 * @typedef {{ outcome: "created" | "repeat"; sessionId: string }
 *   | { outcome: "key-reused" }
 *   | { outcome: "limited"; count: number; oldest: string | null }} Decision
 */

/**
 * The steps a store answers, inside the transaction the decision runs in.
 *
 * - `keys`: the enquiry already stored under each key, or null (one answer per key).
 * - `recent`: for each probe, the enquiries stored from `ipHash` at or after `since`, and the
 *   oldest one's time.
 * - `challenges`: uses up each challenge (the store may also prune expired ones, as of `now`);
 *   true for a challenge used for the first time, false for one used before.
 * - `insert`: inserts the rows; the id of each, in order. A store that finds a key taken
 *   meanwhile by another transaction throws instead (it rolls back and decides again).
 * - `deliveries`: one pending delivery row per channel of each enquiry.
 * @typedef {{ step: "keys"; keys: string[] }
 *   | { step: "recent"; probes: { ipHash: string; since: string }[] }
 *   | { step: "challenges"; challenges: { id: string; expiresAt: string }[]; now: string }
 *   | { step: "insert"; rows: EnquiryRow[] }
 *   | { step: "deliveries"; enquiries: { enquiryId: EnquiryId; channels: readonly string[]; createdAt: string }[] }} Step
 * @typedef {{ session_id: string; request_hash: string | null }} KeyHolder
 * @typedef {{ count: number; oldest: string | null }} Recent
 * @typedef {number | bigint | string} EnquiryId
 */

/**
 * A store's answers to the steps, synchronous or not.
 * @template {boolean} Async
 * @typedef {{
 *   keys(step: Extract<Step, { step: "keys" }>): Answer<(KeyHolder | null)[], Async>;
 *   recent(step: Extract<Step, { step: "recent" }>): Answer<Recent[], Async>;
 *   challenges(step: Extract<Step, { step: "challenges" }>): Answer<boolean[], Async>;
 *   insert(step: Extract<Step, { step: "insert" }>): Answer<EnquiryId[], Async>;
 *   deliveries(step: Extract<Step, { step: "deliveries" }>): Answer<void, Async>;
 * }} Steps
 */

/**
 * @template T
 * @template {boolean} Async
 * @typedef {Async extends true ? Promise<T> : T} Answer
 */

/** The reason a replayed proof-of-work challenge adds to an enquiry's spam reasons. */
export const POW_REPLAYED = "pow-replayed";

/**
 * The decision for `jobs`, in order, as a generator of the steps it needs answered.
 * @param {readonly InsertJob[]} jobs
 * @returns {Generator<Step, Decision[], any>}
 */
export function* decide(jobs) {
  /** @type {(Decision | null)[]} */
  const decisions = jobs.map(() => null);

  // 1. Idempotency: a key stored before (by anyone) or earlier in this batch answers as that
  //    enquiry did: the same enquiry is a repeat, a different one is refused.
  const keys = [...new Set(jobs.flatMap((job) => (job.row.idempotency_key === null ? [] : [job.row.idempotency_key])))];
  /** @type {Map<string, KeyHolder>} */
  const holders = new Map();
  if (keys.length > 0) {
    const held = /** @type {(KeyHolder | null)[]} */ (yield { step: "keys", keys });
    keys.forEach((key, i) => held[i] && holders.set(key, /** @type {KeyHolder} */ (held[i])));
  }
  /** @param {InsertJob} job */
  const repeatOf = (job) => {
    const holder = job.row.idempotency_key === null ? undefined : holders.get(job.row.idempotency_key);
    if (holder === undefined) return null;
    // Rows stored before request hashes were kept (null) count as the same request.
    const same = holder.request_hash === null || holder.request_hash === job.row.request_hash;
    return /** @type {Decision} */ (same ? { outcome: "repeat", sessionId: holder.session_id } : { outcome: "key-reused" });
  };

  // 2. The rate limit: what the database held before this batch, read once for every job the
  //    stored keys left undecided, plus what this batch admits before each job (below).
  const limited = jobs.flatMap((job, i) => (job.limit !== null && job.row.ip_hash !== null && repeatOf(job) === null ? [i] : []));
  /** @type {Map<number, Recent>} */
  const before = new Map();
  if (limited.length > 0) {
    const probes = limited.map((i) => {
      const job = /** @type {InsertJob} */ (jobs[i]);
      return { ipHash: /** @type {string} */ (job.row.ip_hash), since: /** @type {{ since: string }} */ (job.limit).since };
    });
    const recent = /** @type {Recent[]} */ (yield { step: "recent", probes });
    limited.forEach((jobIndex, i) => before.set(jobIndex, /** @type {Recent} */ (recent[i])));
  }

  /** @type {number[]} the jobs admitted, in order */
  const admitted = [];
  jobs.forEach((job, i) => {
    const repeat = repeatOf(job);
    if (repeat !== null) {
      decisions[i] = repeat;
      return;
    }
    const stored = before.get(i);
    if (stored !== undefined && job.limit !== null) {
      let { count, oldest } = stored;
      for (const earlier of admitted) {
        const row = /** @type {InsertJob} */ (jobs[earlier]).row;
        const at = /** @type {string} */ (row.created_at);
        if (row.ip_hash !== job.row.ip_hash || at < job.limit.since) continue;
        count += 1;
        if (oldest === null || at < oldest) oldest = at;
      }
      if (count >= job.limit.max) {
        decisions[i] = { outcome: "limited", count, oldest };
        return;
      }
    }
    admitted.push(i);
    const key = job.row.idempotency_key;
    if (key !== null) holders.set(key, { session_id: /** @type {string} */ (job.row.session_id), request_hash: job.row.request_hash });
  });

  // 3. The spam verdict: a challenge used before (earlier in this batch too) makes it spam.
  /** @type {Set<number>} the admitted jobs whose challenge was used before */
  const replayed = new Set();
  const withChallenge = admitted.filter((i) => /** @type {InsertJob} */ (jobs[i]).challenge !== null);
  if (withChallenge.length > 0) {
    /** @type {Map<string, { id: string; expiresAt: string }>} */
    const firstUses = new Map();
    for (const i of withChallenge) {
      const challenge = /** @type {{ id: string; expiresAt: string }} */ (/** @type {InsertJob} */ (jobs[i]).challenge);
      if (!firstUses.has(challenge.id)) firstUses.set(challenge.id, challenge);
    }
    const challenges = [...firstUses.values()];
    const now = /** @type {string} */ (/** @type {InsertJob} */ (jobs[/** @type {number} */ (withChallenge[0])]).row.created_at);
    const fresh = /** @type {boolean[]} */ (yield { step: "challenges", challenges, now });
    /** @type {Set<string>} */
    const usable = new Set(challenges.filter((_, i) => fresh[i]).map((challenge) => challenge.id));
    for (const i of withChallenge) {
      const id = /** @type {{ id: string }} */ (/** @type {InsertJob} */ (jobs[i]).challenge).id;
      // The first use in this batch takes it; any later one is a replay.
      if (!usable.delete(id)) replayed.add(i);
    }
  }

  // 4. The rows (a replayed one with the reason added to those it came with), then 5. the
  //    deliveries of those that are not spam (spam is kept for staff to look at, never delivered).
  if (admitted.length === 0) return /** @type {Decision[]} */ (decisions);
  const rows = admitted.map((i) => {
    const row = /** @type {InsertJob} */ (jobs[i]).row;
    if (!replayed.has(i)) return row;
    return { ...row, spam_reasons: JSON.stringify([...(spamReasonsOf(row) ?? []), POW_REPLAYED]) };
  });
  const ids = /** @type {EnquiryId[]} */ (yield { step: "insert", rows });
  const deliveries = admitted.flatMap((jobIndex, i) => {
    const job = /** @type {InsertJob} */ (jobs[jobIndex]);
    const spam = typeof job.row.spam_reasons === "string" || replayed.has(jobIndex);
    if (spam || job.channels.length === 0) return [];
    return [{ enquiryId: /** @type {EnquiryId} */ (ids[i]), channels: job.channels, createdAt: /** @type {string} */ (job.row.created_at) }];
  });
  if (deliveries.length > 0) yield { step: "deliveries", enquiries: deliveries };
  for (const i of admitted) decisions[i] = { outcome: "created", sessionId: /** @type {string} */ (/** @type {InsertJob} */ (jobs[i]).row.session_id) };
  return /** @type {Decision[]} */ (decisions);
}

/**
 * A row's spam reasons as a list, or null when it is not spam.
 * @param {EnquiryRow} row
 * @returns {readonly string[] | null}
 */
function spamReasonsOf(row) {
  return row.spam_reasons === null || row.spam_reasons === undefined ? null : /** @type {string[]} */ (JSON.parse(row.spam_reasons));
}

/**
 * Runs the decision for `jobs` against a store that answers at once (better-sqlite3).
 * @param {readonly InsertJob[]} jobs
 * @param {Steps<false>} steps
 * @returns {Decision[]}
 */
export function decideNow(jobs, steps) {
  const run = decide(jobs);
  let next = run.next();
  while (!next.done) next = run.next(answer(steps, next.value));
  return next.value;
}

/**
 * Runs the decision for `jobs` against a store that answers later (the `pg` client).
 * @param {readonly InsertJob[]} jobs
 * @param {Steps<true>} steps
 * @returns {Promise<Decision[]>}
 */
export async function decideLater(jobs, steps) {
  const run = decide(jobs);
  let next = run.next();
  while (!next.done) next = run.next(await answer(steps, next.value));
  return next.value;
}

/**
 * @template {boolean} Async
 * @param {Steps<Async>} steps
 * @param {Step} step
 */
function answer(steps, step) {
  switch (step.step) {
    case "keys":
      return steps.keys(step);
    case "recent":
      return steps.recent(step);
    case "challenges":
      return steps.challenges(step);
    case "insert":
      return steps.insert(step);
    case "deliveries":
      return steps.deliveries(step);
  }
}
