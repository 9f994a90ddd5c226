import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readPgMigrations } from "../../../src/server/pg-migrations.ts";
import { readMigrations } from "../../../src/server/sqlite-migrations.ts";
import { tempDir } from "./helpers.ts";

describe("PostgreSQL migrations", () => {
  it("are the SQLite migrations, number for number, with a .pg.sql spelling where one exists", () => {
    const portable = readMigrations();
    const forPg = readPgMigrations();
    expect(forPg.map((m) => [m.version, m.name])).toEqual(portable.map((m) => [m.version, m.name]));
    expect(forPg[0]?.file).toBe("001_enquiries.pg.sql");
    expect(forPg[0]?.sql).toContain("GENERATED ALWAYS AS IDENTITY");
  });

  it("use the portable file when there is no .pg.sql beside it", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "001_first.sql"), "CREATE TABLE first (id INTEGER PRIMARY KEY);");
    writeFileSync(join(dir, "001_first.pg.sql"), "CREATE TABLE first (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY);");
    writeFileSync(join(dir, "002_second.sql"), "ALTER TABLE first ADD COLUMN note TEXT;");
    expect(readPgMigrations(dir).map((m) => m.file)).toEqual(["001_first.pg.sql", "002_second.sql"]);
  });

  it("refuse a .pg.sql file without its portable migration", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "001_first.sql"), "SELECT 1;");
    writeFileSync(join(dir, "002_orphan.pg.sql"), "SELECT 1;");
    expect(() => readPgMigrations(dir)).toThrow("002_orphan.pg.sql in src/server/migrations has no portable 002_orphan.sql beside it.");
  });
});
