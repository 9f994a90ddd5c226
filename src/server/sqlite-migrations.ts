import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "better-sqlite3";

export interface Migration {
  version: number;
  name: string;
  /** The file it was read from, e.g. 001_enquiries.sql. */
  file: string;
  sql: string;
}

// `NNN_name.sql`, portable SQL. A PostgreSQL variant, where one is needed, sits beside it as
// `NNN_name.pg.sql` (see pg-migrations.ts); the dot keeps it out of this pattern.
const MIGRATION_FILE = /^(\d+)_([a-z0-9_-]+)\.sql$/i;

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Reads `NNN_name.sql` files in version order; two files with one number is an error. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) continue;
    migrations.push({ version: Number(match[1]), name: match[2] ?? file, file, sql: readFileSync(join(dir, file), "utf8") });
  }
  migrations.sort((a, b) => a.version - b.version);
  assertUniqueVersions(migrations);
  return migrations;
}

function assertUniqueVersions(migrations: readonly Migration[]): void {
  const seen = new Set<number>();
  for (const { version } of migrations) {
    if (seen.has(version)) throw new Error(`Two migrations are numbered ${version} in src/server/migrations.`);
    seen.add(version);
  }
}

function createMigrationsTable(db: Database): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
  )`);
}

function isApplied(db: Database, version: number): boolean {
  return db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(version) !== undefined;
}

/**
 * A migration is known by its name; its number only orders it. When two lines of work both
 * added a migration 004 and one was renumbered on merging (spam became 005 beside
 * data_removals), a database made by the renumbered side records it under its old number:
 * these statements move each record to its migration's current number, highest first so no
 * two records ever share a number, before the runner decides what is still to apply.
 */
export function currentNumbers(migrations: readonly Migration[]): { version: number; name: string }[] {
  return [...migrations].sort((a, b) => b.version - a.version).map(({ version, name }) => ({ version, name }));
}

/**
 * Applies each migration not yet recorded in schema_migrations, one transaction each.
 * IMMEDIATE transactions make two processes starting at once apply each migration once.
 */
export function applyMigrations(db: Database, migrations: readonly Migration[] = readMigrations()): number[] {
  createMigrationsTable(db);
  const renumber = db.prepare("UPDATE schema_migrations SET version = @version WHERE name = @name AND version <> @version");
  db.transaction(() => {
    for (const record of currentNumbers(migrations)) renumber.run(record);
  }).immediate();
  const applied: number[] = [];
  for (const migration of migrations) {
    const apply = db.transaction(() => {
      if (isApplied(db, migration.version)) return;
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
      applied.push(migration.version);
    });
    apply.immediate();
  }
  return applied;
}
