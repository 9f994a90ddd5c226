import BetterSqlite3 from "better-sqlite3";
import { randomUUID } from "node:crypto";

/**
 * What became of a batch of enquiries the spam tests and `npm run bench:api -- --spam` sent
 * through the real server: each batch's emails end in one marker (`@naive-1a2b3c4d.example`),
 * so it is told apart from every other batch in the same database. The one reader of those
 * rows for tests/e2e/spam.spec.ts and tools/bench/bench-spam.ts.
 */
export interface SpamOutcome {
  /** Stored and not held as spam: what reaches the staff. */
  delivered: number;
  /** Stored with spam reasons: kept, never delivered. */
  spam: number;
  /** How many of the spam enquiries gave each reason (one enquiry usually gives several). */
  reasons: Record<string, number>;
}

/** The outcome of the enquiries in the SQLite file `dbPath` whose email ends with `marker`. */
export function spamOutcome(dbPath: string, marker: string): SpamOutcome {
  const db = new BetterSqlite3(dbPath, { readonly: true, fileMustExist: true });
  try {
    const rows = db.prepare("SELECT spam_reasons FROM enquiries WHERE email LIKE ?").all(`%${marker}`) as { spam_reasons: string | null }[];
    const outcome: SpamOutcome = { delivered: 0, spam: 0, reasons: {} };
    for (const row of rows) {
      if (row.spam_reasons === null) {
        outcome.delivered += 1;
        continue;
      }
      outcome.spam += 1;
      for (const reason of JSON.parse(row.spam_reasons) as string[]) outcome.reasons[reason] = (outcome.reasons[reason] ?? 0) + 1;
    }
    return outcome;
  } finally {
    db.close();
  }
}

/** The reasons as a table cell, commonest first: `fill-too-fast 20, too-fast 3`, or `—` for none. */
export function reasonsText(reasons: Record<string, number>): string {
  const entries = Object.entries(reasons).sort(([a, m], [b, n]) => n - m || a.localeCompare(b));
  return entries.length === 0 ? "—" : entries.map(([reason, count]) => `${reason} ${count}`).join(", ");
}

/** A marker no other batch has: `@<kind>-<8 hex>.example` (.example is reserved: it never receives mail). */
export function batchMarker(kind: string): string {
  return `@${kind}-${randomUUID().slice(0, 8)}.example`;
}
