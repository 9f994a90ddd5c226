import { mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import {
  applySqliteMigrations,
  migrationPlan,
  NewerDatabaseError,
  readMigrations,
  type AppliedMigration,
  type Migration,
} from "../../../src/server/migrations.ts";
import { ConfigError } from "../../../src/server/config-error.ts";
import { tempDir } from "./helpers.ts";

describe("the migration files", () => {
  it("are one numbered list: PostgreSQL gets the same versions and names, with a .pg.sql spelling where one exists", () => {
    const portable = readMigrations("sqlite");
    const forPg = readMigrations("postgres");
    expect(forPg.map((m) => [m.version, m.name])).toEqual(portable.map((m) => [m.version, m.name]));
    expect(portable.map((m) => `${m.version} ${m.name}`)).toEqual([
      "1 enquiries",
      "2 request_hash",
      "3 enquiry_deliveries",
      "4 data_removals",
      "5 spam",
      "6 staff",
    ]);
    expect(forPg[0]?.file).toBe("001_enquiries.pg.sql");
    expect(forPg[0]?.sql).toContain("GENERATED ALWAYS AS IDENTITY");
    expect(portable[0]?.file).toBe("001_enquiries.sql");
  });

  it("use the portable file for PostgreSQL when there is no .pg.sql beside it", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "001_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);");
    writeFileSync(join(dir, "001_first.pg.sql"), "CREATE TABLE first (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY);");
    writeFileSync(join(dir, "002_second.sql"), "ALTER TABLE first ADD COLUMN note TEXT;");
    expect(readMigrations("postgres", dir).map((m) => m.file)).toEqual(["001_first.pg.sql", "002_second.sql"]);
    expect(readMigrations("sqlite", dir).map((m) => m.file)).toEqual(["001_first.sql", "002_second.sql"]);
  });

  it("refuse a .pg.sql file without its portable migration", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "001_first.sql"), "SELECT 1;");
    writeFileSync(join(dir, "002_orphan.pg.sql"), "SELECT 1;");
    expect(() => readMigrations("postgres", dir)).toThrow("002_orphan.pg.sql in src/server/migrations has no portable 002_orphan.sql beside it.");
  });
});

const KNOWN: Migration[] = [
  { version: 1, name: "enquiries", file: "001_enquiries.sql", sql: "" },
  { version: 2, name: "request_hash", file: "002_request_hash.sql", sql: "" },
  { version: 3, name: "data_removals", file: "003_data_removals.sql", sql: "" },
  { version: 4, name: "spam", file: "004_spam.sql", sql: "" },
];

describe("the migration plan", () => {
  it.each<{ case: string; applied: AppliedMigration[]; renumber: AppliedMigration[]; pending: number[] }>([
    { case: "a new database", applied: [], renumber: [], pending: [1, 2, 3, 4] },
    { case: "an up-to-date database", applied: KNOWN.map(({ version, name }) => ({ version, name })), renumber: [], pending: [] },
    {
      case: "a database two behind",
      applied: [
        { version: 1, name: "enquiries" },
        { version: 2, name: "request_hash" },
      ],
      renumber: [],
      pending: [3, 4],
    },
    {
      case: "a database that recorded spam as 3 (renumbered on a merge)",
      applied: [
        { version: 1, name: "enquiries" },
        { version: 2, name: "request_hash" },
        { version: 3, name: "spam" },
      ],
      renumber: [{ version: 4, name: "spam" }],
      pending: [3],
    },
  ])("$case: renumbers $renumber.length and applies $pending", ({ applied, renumber, pending }) => {
    const plan = migrationPlan(applied, KNOWN);
    expect(plan.renumber).toEqual(renumber);
    expect(plan.pending.map((m) => m.version)).toEqual(pending);
  });

  it.each<{ case: string; applied: AppliedMigration[]; message: string }>([
    {
      case: "one migration this code does not know",
      applied: [...KNOWN.map(({ version, name }) => ({ version, name })), { version: 5, name: "visitors" }],
      message:
        "The database has migration 5 (visitors), which this version of the server does not know (it knows up to 4 (spam)): " +
        "a newer version migrated it. Run that version or a newer one, or restore a backup taken before it.",
    },
    {
      case: "two, listed in order",
      applied: [
        { version: 7, name: "b" },
        { version: 6, name: "a" },
      ],
      message:
        "The database has migrations 6 (a), 7 (b), which this version of the server does not know (it knows up to 4 (spam)): " +
        "a newer version migrated it. Run that version or a newer one, or restore a backup taken before it.",
    },
  ])("refuses a database newer than the code: $case", ({ applied, message }) => {
    expect(() => migrationPlan(applied, KNOWN)).toThrow(new NewerDatabaseError(message));
    // A ConfigError: start-up prints its one line and exits 2, with no stack trace.
    expect(() => migrationPlan(applied, KNOWN)).toThrow(ConfigError);
  });
});

describe("SQLite migrations", () => {
  it("apply in version order and only once", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "002_second.sql"), "CREATE TABLE second (id INTEGER PRIMARY KEY);");
    writeFileSync(join(dir, "001_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);");
    writeFileSync(join(dir, "notes.txt"), "not a migration");
    const db = new BetterSqlite3(":memory:");
    const migrations = readMigrations("sqlite", dir);
    expect(migrations.map((m) => m.version)).toEqual([1, 2]);
    expect(applySqliteMigrations(db, migrations)).toEqual([1, 2]);
    expect(applySqliteMigrations(db, migrations)).toEqual([]);
    db.close();
  });

  it("refuse two files with one number", () => {
    const dir = mkdtempSync(join(tempDir(), "m-"));
    writeFileSync(join(dir, "001_a.sql"), "SELECT 1;");
    writeFileSync(join(dir, "001_b.sql"), "SELECT 1;");
    expect(() => readMigrations("sqlite", dir)).toThrow("Two migrations are numbered 1 in src/server/migrations.");
  });

  it("roll back a migration that fails, leaving it unrecorded", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "001_broken.sql"), "CREATE TABLE ok (id INTEGER); CREATE TABLE broken (;");
    const db = new BetterSqlite3(":memory:");
    expect(() => applySqliteMigrations(db, readMigrations("sqlite", dir))).toThrow();
    expect(db.prepare("SELECT COUNT(*) AS n FROM schema_migrations").get()).toEqual({ n: 0 });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'ok'").get()).toBeUndefined();
    db.close();
  });
});

describe("a SQLite database newer than the code", () => {
  it("is refused and left as it was", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "001_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);");
    writeFileSync(join(dir, "002_second.sql"), "CREATE TABLE second (id INTEGER PRIMARY KEY);");
    const db = new BetterSqlite3(":memory:");
    applySqliteMigrations(db, readMigrations("sqlite", dir));
    db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (3, 'third', '2026-01-01T00:00:00.000Z')").run();
    const older = readMigrations("sqlite", dir).slice(0, 1);
    expect(() => applySqliteMigrations(db, older)).toThrow(
      "The database has migrations 2 (second), 3 (third), which this version of the server does not know (it knows up to 1 (first))",
    );
    expect(db.prepare("SELECT version FROM schema_migrations ORDER BY version").pluck().all()).toEqual([1, 2, 3]);
    db.close();
  });
});
