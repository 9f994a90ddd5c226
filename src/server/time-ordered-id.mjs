// @ts-check
// Ids for new rows: UUID version 7 (RFC 9562), which begin with the time in milliseconds. The
// index on a column of random ids (version 4) is written at a random leaf for every row, so
// each commit rewrites as many index pages as it holds rows; ids that grow with time are
// written at the index's end, a page or two per commit (with SQLite's synchronous=FULL, about a
// third of the writer thread's time per enquiry went to the random leaves). What the id gives
// away, the time of the enquiry, its sender already knows.
//
// Plain JavaScript on purpose: the SQLite writer thread (sqlite-writer.mjs) imports it too.
import { randomFillSync } from "node:crypto";
import { v7 } from "uuid";

// uuid draws 16 fresh bytes from the system for each id, which costs about 4 µs (more under
// load) on the thread that serves HTTP; node's own randomUUID keeps a pool for the same reason.
// So the random bits come from a pool refilled 256 ids at a time.
const pool = new Uint8Array(16 * 256);
let taken = pool.length;

function pooledRandom() {
  if (taken === pool.length) {
    randomFillSync(pool);
    taken = 0;
  }
  return pool.subarray(taken, (taken += 16));
}

/**
 * A new UUID v7: its first 48 bits are `ms` (the row's own time, so an id and its created_at
 * tell one time, under a test's clock too), the rest random.
 * @param {number} ms epoch milliseconds
 */
export function timeOrderedId(ms) {
  return v7({ msecs: ms, rng: pooledRandom });
}
