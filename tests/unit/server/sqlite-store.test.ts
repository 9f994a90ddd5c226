import { existsSync, readFileSync } from "node:fs";
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import { tempDbPath, VALID_ENQUIRY } from "./helpers.ts";

function inspect(path: string) {
  return new BetterSqlite3(path, { readonly: true });
}

/** Transactions committed into the write-ahead log so far: its frames that end a commit (a non-zero "database size after commit"). */
function commitsInWal(path: string): number {
  const wal = readFileSync(`${path}-wal`);
  const pageSize = wal.readUInt32BE(8);
  let commits = 0;
  // Frames of an earlier generation of the log (before a checkpoint restarted it) carry other salts.
  for (let frame = 32; frame + 24 <= wal.length; frame += 24 + pageSize) {
    if (wal.compare(wal, 16, 24, frame + 8, frame + 16) !== 0) break;
    if (wal.readUInt32BE(frame + 4) !== 0) commits++;
  }
  return commits;
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("SQLite enquiry store", () => {
  it("creates its directory, applies the migrations once and records them", async () => {
    const path = tempDbPath();
    await openSqliteStore({ path }).close();
    await openSqliteStore({ path }).close();
    expect(existsSync(path)).toBe(true);
    const db = inspect(path);
    expect(db.prepare("SELECT version, name FROM schema_migrations").all()).toEqual([
      { version: 1, name: "enquiries" },
      { version: 2, name: "request_hash" },
      { version: 3, name: "enquiry_deliveries" },
      { version: 4, name: "data_removals" },
      { version: 5, name: "spam" },
      { version: 6, name: "staff" },
    ]);
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    db.close();
  });

  it("keeps the columns the issue names", async () => {
    const path = tempDbPath();
    await openSqliteStore({ path }).close();
    const db = inspect(path);
    const columns = (db.prepare("PRAGMA table_info(enquiries)").all() as { name: string }[]).map((c) => c.name);
    db.close();
    expect(columns).toEqual([
      "id",
      "session_id",
      "first_name",
      "last_name",
      "email",
      "phone",
      "subject",
      "message",
      "idempotency_key",
      "ip_hash",
      "created_at",
      "request_hash",
      "spam_reasons",
      "released_at",
    ]);
  });

  it("commits a burst of inserts together, each one settled on its own", async () => {
    const store = openSqliteStore({ path: tempDbPath() });
    const broken = { ...VALID_ENQUIRY, first_name: undefined } as unknown as typeof VALID_ENQUIRY;
    const results = await Promise.allSettled([
      store.insert(VALID_ENQUIRY),
      store.insert(broken),
      store.insert(VALID_ENQUIRY, { idempotencyKey: "k" }),
      store.insert(VALID_ENQUIRY, { idempotencyKey: "k" }),
    ]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value.outcome : "rejected"))).toEqual(["created", "rejected", "created", "repeat"]);
    expect(await store.count()).toBe(2);
    await store.close();
  });

  it("puts every batch that arrived while a commit waited into the next commit", async () => {
    const path = tempDbPath();
    const store = openSqliteStore({ path });
    await store.insert(VALID_ENQUIRY);
    const before = commitsInWal(path);
    // Another connection holds the write lock, so the writer's first commit waits, as it would for the disk.
    const blocker = new BetterSqlite3(path);
    blocker.exec("BEGIN IMMEDIATE");
    const inserts = [store.insert(VALID_ENQUIRY)];
    // Time for the writer to take the first batch and wait for the lock.
    await new Promise((resolve) => setTimeout(resolve, 100));
    inserts.push(store.insert(VALID_ENQUIRY), store.insert(VALID_ENQUIRY));
    await nextTurn();
    inserts.push(store.insert(VALID_ENQUIRY));
    await new Promise((resolve) => setTimeout(resolve, 100));
    blocker.exec("ROLLBACK");
    blocker.close();
    expect((await Promise.all(inserts)).map((result) => result.outcome)).toEqual(["created", "created", "created", "created"]);
    // The first batch, then the two batches sent while it waited (three batches in two commits).
    expect(commitsInWal(path) - before).toBe(2);
    expect(await store.count()).toBe(5);
    await store.close();
  });

  it("counts earlier inserts of the same burst against the limit", async () => {
    const store = openSqliteStore({ path: tempDbPath() });
    const limit = { max: 2, sinceMs: 0 };
    const outcomes = await Promise.all(Array.from({ length: 5 }, () => store.insert(VALID_ENQUIRY, { ip: "192.0.2.1", limit }).then((r) => r.outcome)));
    expect(outcomes).toEqual(["created", "created", "limited", "limited", "limited"]);
    await store.close();
  });

  it("stores what was queued before close", async () => {
    const path = tempDbPath();
    const store = openSqliteStore({ path });
    const pending = store.insert(VALID_ENQUIRY);
    await store.close();
    expect((await pending).outcome).toBe("created");
    const db = inspect(path);
    expect(db.prepare("SELECT COUNT(*) AS n FROM enquiries").get()).toEqual({ n: 1 });
    db.close();
  });
});
