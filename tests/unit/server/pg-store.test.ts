import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { openPgStore } from "../../../src/server/pg-store.ts";
import { requestHash, type EnquiryStore, type InsertResult } from "../../../src/server/store.ts";
import { VALID_ENQUIRY } from "./helpers.ts";
import { freshDatabase, postgresOnly } from "./postgres.ts";

/**
 * The PostgreSQL store's group commit: what the contract (store-contract.test.ts) cannot see
 * from outside, the transactions. Rows written by one transaction share its id (`xmin`).
 */

const opened: (EnquiryStore | pg.Client)[] = [];

afterEach(async () => {
  for (const item of opened.splice(0).reverse()) await ("kind" in item ? item.close() : item.end());
});

async function connect(connectionString: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  opened.push(client);
  return client;
}

function outcomes(results: InsertResult[]): string[] {
  return results.map((result) => result.outcome);
}

describe("PostgreSQL enquiry store, group commit", postgresOnly(true), () => {
  it("stores enquiries sent at once in one transaction, each answered after its COMMIT", async () => {
    const connectionString = await freshDatabase();
    const store = await openPgStore({ connectionString, deliveryChannels: ["email", "webhook"] });
    opened.push(store);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => store.insert({ ...VALID_ENQUIRY, first_name: `N${i}` })));
    expect(outcomes(results)).toEqual(Array(20).fill("created"));
    const db = await connect(connectionString);
    const { rows } = await db.query<{ transactions: number; enquiries: number; deliveries: number }>(
      `SELECT COUNT(DISTINCT xmin::text)::int AS transactions, COUNT(*)::int AS enquiries,
        (SELECT COUNT(*)::int FROM enquiry_deliveries) AS deliveries FROM enquiries`,
    );
    expect(rows).toEqual([{ transactions: 1, enquiries: 20, deliveries: 40 }]);
    // In the order they were sent.
    const names = await db.query<{ first_name: string }>("SELECT first_name FROM enquiries ORDER BY id");
    expect(names.rows.map((row) => row.first_name)).toEqual(Array.from({ length: 20 }, (_, i) => `N${i}`));
  });

  it("decides a batch again when another instance stores one of its keys meanwhile: that one is a repeat, the others are stored", async () => {
    const connectionString = await freshDatabase();
    const store = await openPgStore({ connectionString });
    opened.push(store);
    // Another instance's transaction, holding the key "race" uncommitted.
    const other = await connect(connectionString);
    await other.query("BEGIN");
    const { rows: theirs } = await other.query<{ session_id: string }>(
      `INSERT INTO enquiries (session_id, first_name, last_name, email, phone, subject, message, idempotency_key, request_hash, created_at)
       VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, $6, 'race', $7, now()) RETURNING session_id`,
      [
        VALID_ENQUIRY.first_name,
        VALID_ENQUIRY.last_name,
        VALID_ENQUIRY.email,
        VALID_ENQUIRY.phone,
        VALID_ENQUIRY.subject,
        VALID_ENQUIRY.message,
        requestHash(VALID_ENQUIRY),
      ],
    );
    const pending = Promise.all([
      store.insert({ ...VALID_ENQUIRY, first_name: "Before" }),
      store.insert(VALID_ENQUIRY, { idempotencyKey: "race" }),
      store.insert({ ...VALID_ENQUIRY, first_name: "After" }),
    ]);
    // The batch read no such key, and its insert now waits on the other transaction's row.
    const watcher = await connect(connectionString);
    for (let waited = 0; ; waited += 1) {
      const { rows } = await watcher.query<{ n: number }>(
        "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
      );
      if (rows[0]!.n === 1) break;
      if (waited > 200) throw new Error("the batch never waited on the other transaction's key");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    await other.query("COMMIT");
    const results = await pending;
    expect(results[1]).toEqual({ outcome: "repeat", sessionId: theirs[0]!.session_id });
    expect(outcomes(results)).toEqual(["created", "repeat", "created"]);
    const { rows } = await watcher.query<{ first_name: string; key: string | null; same_transaction: boolean }>(
      `SELECT first_name, idempotency_key AS key,
        xmin::text = (SELECT xmin::text FROM enquiries WHERE first_name = 'Before') AS same_transaction
       FROM enquiries ORDER BY id`,
    );
    expect(rows).toEqual([
      { first_name: VALID_ENQUIRY.first_name, key: "race", same_transaction: false },
      { first_name: "Before", key: null, same_transaction: true },
      { first_name: "After", key: null, same_transaction: true },
    ]);
  });

  it("holds a batch's limits across instances: the per-IP lock is taken before the count", async () => {
    const connectionString = await freshDatabase();
    const a = await openPgStore({ connectionString, ipHashKey: "shared" });
    const b = await openPgStore({ connectionString, ipHashKey: "shared" });
    opened.push(a, b);
    const limit = { max: 3, sinceMs: 0 };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).insert(VALID_ENQUIRY, { ip: i % 3 === 0 ? "198.51.100.1" : "198.51.100.2", limit })),
    );
    const byIp = (ip: number) => outcomes(results.filter((_, i) => (i % 3 === 0) === (ip === 1)));
    expect(byIp(1).filter((o) => o === "created")).toHaveLength(3);
    expect(byIp(1).filter((o) => o === "limited")).toHaveLength(1);
    expect(byIp(2).filter((o) => o === "created")).toHaveLength(3);
    expect(byIp(2).filter((o) => o === "limited")).toHaveLength(5);
  });
});
