import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Pool } from "pg";
import { MIGRATIONS_DIR, readMigrations, currentNumbers, type Migration } from "./sqlite-migrations.ts";

/** Namespace of this app's advisory locks (the two-key form), "NEXA" in ASCII. */
export const ADVISORY_LOCK_NAMESPACE = 0x4e455841;
const MIGRATION_LOCK = 1;

const PG_VARIANT = /^(\d+)_([a-z0-9_-]+)\.pg\.sql$/i;

/**
 * The same numbered migrations as SQLite: each `NNN_name.sql`, or its PostgreSQL spelling
 * `NNN_name.pg.sql` beside it when there is one. A variant without its portable file is an
 * error, so the two databases can never drift apart in numbering.
 */
export function readPgMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const portable = readMigrations(dir);
  const known = new Set(portable.map((m) => m.file));
  for (const file of readdirSync(dir)) {
    if (PG_VARIANT.test(file) && !known.has(file.replace(/\.pg\.sql$/i, ".sql"))) {
      throw new Error(`${file} in src/server/migrations has no portable ${file.replace(/\.pg\.sql$/i, ".sql")} beside it.`);
    }
  }
  return portable.map((migration) => {
    const variant = migration.file.replace(/\.sql$/i, ".pg.sql");
    if (!existsSync(join(dir, variant))) return migration;
    return { ...migration, file: variant, sql: readFileSync(join(dir, variant), "utf8") };
  });
}

/**
 * Applies each migration not yet recorded in schema_migrations, one transaction each.
 * A session advisory lock makes servers starting at once apply each migration once.
 */
export async function applyPgMigrations(pool: Pool, migrations: readonly Migration[] = readPgMigrations()): Promise<number[]> {
  const client = await pool.connect();
  const applied: number[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1, $2)", [ADVISORY_LOCK_NAMESPACE, MIGRATION_LOCK]);
    try {
      await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
        version INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TIMESTAMPTZ NOT NULL
      )`);
      for (const { version, name } of currentNumbers(migrations)) {
        await client.query("UPDATE schema_migrations SET version = $1 WHERE name = $2 AND version <> $1", [version, name]);
      }
      for (const migration of migrations) {
        await client.query("BEGIN");
        try {
          const done = await client.query("SELECT 1 FROM schema_migrations WHERE version = $1", [migration.version]);
          if (done.rowCount === 0) {
            await client.query(migration.sql);
            await client.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, now())", [
              migration.version,
              migration.name,
            ]);
            applied.push(migration.version);
          }
          await client.query("COMMIT");
        } catch (error) {
          await client.query("ROLLBACK");
          throw error;
        }
      }
    } finally {
      await client.query("SELECT pg_advisory_unlock($1, $2)", [ADVISORY_LOCK_NAMESPACE, MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
  return applied;
}
