// The one migration runner, for SQLite and PostgreSQL: one numbered list of files in
// src/server/migrations, one table recording what a database has (schema_migrations), one
// decision (migrationPlan) of what to apply, and a clear refusal of a database that a newer
// version of the server has migrated.
//
// Written here rather than taken from Kysely's Migrator or postgrator: both are async only,
// and the SQLite store opens synchronously (better-sqlite3; many callers open it inline),
// so adopting one would make every SQLite opening async for a runner that is this file; and
// neither reads plain .sql files with a per-dialect spelling beside them, which is how the
// migrations are written.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Database } from "better-sqlite3";
import type { Pool } from "pg";
import { ConfigError } from "./config-error.ts";

export interface Migration {
  version: number;
  name: string;
  /** The file it was read from, e.g. 001_enquiries.sql or 001_enquiries.pg.sql. */
  file: string;
  sql: string;
}

export type Dialect = "sqlite" | "postgres";

/** What a database records of one applied migration. */
export interface AppliedMigration {
  version: number;
  name: string;
}

// `NNN_name.sql`, portable SQL. A PostgreSQL spelling, where one is needed, sits beside it as
// `NNN_name.pg.sql`; the dot keeps it out of this pattern.
const MIGRATION_FILE = /^(\d+)_([a-z0-9_-]+)\.sql$/i;
const PG_SPELLING = /^(\d+)_([a-z0-9_-]+)\.pg\.sql$/i;

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Namespace of this app's PostgreSQL advisory locks (the two-key form), "NEXA" in ASCII. */
export const ADVISORY_LOCK_NAMESPACE = 0x4e455841;
const MIGRATION_LOCK = 1;

/**
 * The numbered migrations in version order, for one dialect: each `NNN_name.sql`, or for
 * PostgreSQL its `NNN_name.pg.sql` spelling when there is one. Two files with one number, or
 * a PostgreSQL spelling without its portable file, is an error: the dialects never drift
 * apart in numbering.
 */
export function readMigrations(dialect: Dialect = "sqlite", dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) continue;
    const spelling = file.replace(/\.sql$/i, ".pg.sql");
    const chosen = dialect === "postgres" && existsSync(join(dir, spelling)) ? spelling : file;
    migrations.push({ version: Number(match[1]), name: match[2]!, file: chosen, sql: readFileSync(join(dir, chosen), "utf8") });
  }
  for (const file of files) {
    if (PG_SPELLING.test(file) && !files.includes(file.replace(/\.pg\.sql$/i, ".sql"))) {
      throw new Error(`${file} in src/server/migrations has no portable ${file.replace(/\.pg\.sql$/i, ".sql")} beside it.`);
    }
  }
  migrations.sort((a, b) => a.version - b.version);
  const seen = new Set<number>();
  for (const { version } of migrations) {
    if (seen.has(version)) throw new Error(`Two migrations are numbered ${version} in src/server/migrations.`);
    seen.add(version);
  }
  return migrations;
}

/** What to do to bring a database up to the code's migrations. */
export interface MigrationPlan {
  /**
   * Records to move to their migration's current number, highest first so no two ever share
   * one. A migration is known by its name; its number only orders it: when two lines of work
   * both added a 004 and one was renumbered on merging (spam became 005 beside
   * data_removals), a database made on the renumbered side recorded it as 004.
   */
  renumber: AppliedMigration[];
  /** The migrations not applied yet, in order. */
  pending: Migration[];
}

/**
 * A database migrated by a newer version of the server, which this version must not touch. A
 * ConfigError: the database the settings name cannot be used, and start-up says so in one line.
 */
export class NewerDatabaseError extends ConfigError {
  override name = "NewerDatabaseError";
}

/** The decision, the same for both dialects; throws NewerDatabaseError for a database newer than the code. */
export function migrationPlan(applied: readonly AppliedMigration[], migrations: readonly Migration[]): MigrationPlan {
  const byName = new Map(migrations.map((m) => [m.name, m]));
  const unknown = applied.filter((record) => !byName.has(record.name)).sort((a, b) => a.version - b.version);
  if (unknown.length > 0) {
    const list = unknown.map((record) => `${record.version} (${record.name})`).join(", ");
    const newest = migrations.at(-1);
    throw new NewerDatabaseError(
      `The database has migration${unknown.length === 1 ? "" : "s"} ${list}, which this version of the server does not know ` +
        `(it knows up to ${newest ? `${newest.version} (${newest.name})` : "none"}): a newer version migrated it. ` +
        "Run that version or a newer one, or restore a backup taken before it.",
    );
  }
  const appliedNames = new Set(applied.map((record) => record.name));
  const renumber = applied
    .map((record) => ({ record, current: byName.get(record.name)! }))
    .filter(({ record, current }) => record.version !== current.version)
    .map(({ current }) => ({ version: current.version, name: current.name }))
    .sort((a, b) => b.version - a.version);
  return { renumber, pending: migrations.filter((m) => !appliedNames.has(m.name)) };
}

const CREATE_TABLE = (timeType: string) => `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at ${timeType} NOT NULL
)`;

/**
 * Brings a SQLite database up to date and returns the versions applied. The whole plan runs
 * in one IMMEDIATE transaction (SQLite's DDL is transactional): two processes starting at
 * once apply each migration once, and a migration that fails leaves nothing of the run.
 */
export function applySqliteMigrations(db: Database, migrations: readonly Migration[] = readMigrations("sqlite")): number[] {
  db.exec(CREATE_TABLE("TEXT"));
  const run = db.transaction(() => {
    const applied = db.prepare("SELECT version, name FROM schema_migrations").all() as AppliedMigration[];
    const plan = migrationPlan(applied, migrations);
    const renumber = db.prepare("UPDATE schema_migrations SET version = @version WHERE name = @name");
    for (const record of plan.renumber) renumber.run(record);
    const record = db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)");
    for (const migration of plan.pending) {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, new Date().toISOString());
    }
    return plan.pending.map((m) => m.version);
  });
  return run.immediate();
}

/**
 * Brings a PostgreSQL database up to date and returns the versions applied. A session
 * advisory lock makes servers starting at once run the plan one after another; the plan and
 * its migrations are one transaction, so a failing migration leaves nothing of the run.
 */
export async function applyPgMigrations(pool: Pool, migrations: readonly Migration[] = readMigrations("postgres")): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1, $2)", [ADVISORY_LOCK_NAMESPACE, MIGRATION_LOCK]);
    try {
      await client.query(CREATE_TABLE("TIMESTAMPTZ"));
      await client.query("BEGIN");
      try {
        const { rows } = await client.query<AppliedMigration>("SELECT version, name FROM schema_migrations");
        const plan = migrationPlan(rows, migrations);
        for (const { version, name } of plan.renumber) {
          await client.query("UPDATE schema_migrations SET version = $1 WHERE name = $2", [version, name]);
        }
        for (const migration of plan.pending) {
          await client.query(migration.sql);
          await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())", [migration.version, migration.name]);
        }
        await client.query("COMMIT");
        return plan.pending.map((m) => m.version);
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1, $2)", [ADVISORY_LOCK_NAMESPACE, MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
