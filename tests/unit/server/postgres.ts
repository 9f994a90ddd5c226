import { afterAll } from "vitest";
import {
  createDatabase,
  dropDatabase,
  findPostgresBin,
  POSTGRES_MISSING,
  startTemporaryPostgres,
  type TemporaryPostgres,
} from "../../../scripts/postgres.ts";

/**
 * PostgreSQL for the tests: the server `npm test` started (scripts/with-postgres.ts passes
 * TEST_DATABASE_URL), or, when a test file runs on its own, a temporary one started here
 * and stopped after the file. Without PostgreSQL binaries the PostgreSQL tests are skipped,
 * and this says so once per file.
 */
export const POSTGRES_AVAILABLE = Boolean(process.env.TEST_DATABASE_URL) || findPostgresBin() !== null;

export const POSTGRES_SKIPPED = `${POSTGRES_MISSING} The PostgreSQL half of these tests is skipped.`;

if (!POSTGRES_AVAILABLE) console.warn(POSTGRES_SKIPPED);

let own: Promise<TemporaryPostgres> | null = null;

async function serverUrl(): Promise<string> {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  own ??= startTemporaryPostgres();
  return (await own).url;
}

const made: string[] = [];

/** A fresh, empty database for one test (dropped when the file's tests are done). */
export async function freshDatabase(): Promise<string> {
  const url = await createDatabase(await serverUrl());
  made.push(url);
  return url;
}

afterAll(async () => {
  for (const url of made.splice(0)) await dropDatabase(url).catch(() => undefined);
  if (own) (await own).stop();
}, 60_000);
