import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { applyMigrations, readMigrations } from "../../../src/server/sqlite-migrations.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import { tempDbPath, tempDir, VALID_ENQUIRY } from "./helpers.ts";

function inspect(path: string) {
  return new BetterSqlite3(path, { readonly: true });
}

describe("SQLite enquiry store", () => {
  it("creates its directory, applies the migrations once and records them", async () => {
    const path = tempDbPath();
    await openSqliteStore({ path }).close();
    await openSqliteStore({ path }).close();
    expect(existsSync(path)).toBe(true);
    const db = inspect(path);
    expect(db.prepare("SELECT version, name FROM schema_migrations").all()).toEqual([
      { version: 1, name: "enquiries" },
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
    ]);
  });

  it("stores a keyed hash of the IP, never the address", async () => {
    const path = tempDbPath();
    const store = openSqliteStore({ path });
    await store.insert(VALID_ENQUIRY, { ip: "198.51.100.23" });
    await store.close();
    const db = inspect(path);
    const row = db.prepare("SELECT * FROM enquiries").get() as Record<string, unknown>;
    db.close();
    expect(row.ip_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain("198.51.100.23");
  });

  it("keeps the IP hash key across restarts, so limits survive them", async () => {
    const path = tempDbPath();
    const first = openSqliteStore({ path });
    await first.insert(VALID_ENQUIRY, { ip: "198.51.100.23" });
    await first.close();
    const second = openSqliteStore({ path });
    expect((await second.recentFromIp("198.51.100.23", 0)).count).toBe(1);
    expect((await second.recentFromIp("198.51.100.24", 0)).count).toBe(0);
    await second.close();
  });

  it("counts an IP's enquiries since a moment and reports the oldest", async () => {
    let now = Date.parse("2025-05-22T09:00:00.000Z");
    const store = openSqliteStore({ path: tempDbPath(), now: () => now });
    for (const step of [0, 60_000, 60_000]) {
      now += step;
      await store.insert(VALID_ENQUIRY, { ip: "203.0.113.9" });
    }
    const since = Date.parse("2025-05-22T09:00:30.000Z");
    expect(await store.recentFromIp("203.0.113.9", since)).toEqual({
      count: 2,
      oldestAt: Date.parse("2025-05-22T09:01:00.000Z"),
    });
    expect(await store.recentFromIp("203.0.113.10", since)).toEqual({ count: 0, oldestAt: null });
    await store.close();
  });

  it("stores nothing new for a seen idempotency key", async () => {
    const store = openSqliteStore({ path: tempDbPath() });
    const first = await store.insert(VALID_ENQUIRY, { idempotencyKey: "abc" });
    const second = await store.insert(VALID_ENQUIRY, { idempotencyKey: "abc" });
    expect(first.created).toBe(true);
    expect(second).toEqual({ sessionId: first.sessionId, created: false });
    expect(await store.findSessionIdByIdempotencyKey("abc")).toBe(first.sessionId);
    expect(await store.findSessionIdByIdempotencyKey("other")).toBeNull();
    expect(await store.count()).toBe(1);
    await store.close();
  });

  it("lists newest first by default, oldest first on request, in pages", async () => {
    const store = openSqliteStore({ path: tempDbPath() });
    for (const first_name of ["A", "B", "C", "D"]) await store.insert({ ...VALID_ENQUIRY, first_name });
    const names = async (options: Parameters<typeof store.list>[0]) =>
      (await store.list(options)).map((row) => row.first_name);
    expect(await names({})).toEqual(["D", "C", "B", "A"]);
    expect(await names({ limit: 2 })).toEqual(["D", "C"]);
    expect(await names({ limit: 2, offset: 2, order: "oldest-first" })).toEqual(["C", "D"]);
    await expect(store.list({ limit: -1 })).rejects.toThrow("limit must be a whole number of 0 or more.");
    await store.close();
  });

  it("can be closed twice", async () => {
    const store = openSqliteStore({ path: tempDbPath() });
    await store.close();
    await expect(store.close()).resolves.toBeUndefined();
  });
});

describe("migrations", () => {
  it("apply in version order and only once", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "002_second.sql"), "CREATE TABLE second (id INTEGER PRIMARY KEY);");
    writeFileSync(join(dir, "001_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);");
    writeFileSync(join(dir, "notes.txt"), "not a migration");
    const db = new BetterSqlite3(":memory:");
    const migrations = readMigrations(dir);
    expect(migrations.map((m) => m.version)).toEqual([1, 2]);
    expect(applyMigrations(db, migrations)).toEqual([1, 2]);
    expect(applyMigrations(db, migrations)).toEqual([]);
    db.close();
  });

  it("refuse two files with one number", () => {
    const dir = mkdtempSync(join(tempDir(), "m-"));
    writeFileSync(join(dir, "001_a.sql"), "SELECT 1;");
    writeFileSync(join(dir, "001_b.sql"), "SELECT 1;");
    expect(() => readMigrations(dir)).toThrow("Two migrations are numbered 1 in src/server/migrations.");
  });

  it("roll back a migration that fails, leaving it unrecorded", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "001_broken.sql"), "CREATE TABLE ok (id INTEGER); CREATE TABLE broken (;");
    const db = new BetterSqlite3(":memory:");
    expect(() => applyMigrations(db, readMigrations(dir))).toThrow();
    expect(db.prepare("SELECT COUNT(*) AS n FROM schema_migrations").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok'").get()).toBeUndefined();
    db.close();
  });
});
