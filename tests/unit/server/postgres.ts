import { afterAll } from "vitest";
import {
  createDatabase,
  dropDatabase,
  findPostgresBin,
  POSTGRES_MISSING,
  POSTGRES_REQUIRED_IN_CI,
  postgresRequired,
  startTemporaryPostgres,
  type TemporaryPostgres,
} from "../../../tools/test/postgres.ts";

/**
 * PostgreSQL for the tests: the server `npm test` started (tools/test/with-postgres.ts passes
 * TEST_DATABASE_URL), or, when a test file runs on its own, a temporary one started here
 * and stopped after the file. Without PostgreSQL binaries the PostgreSQL tests are skipped,
 * and this says so once per file; in CI (CI=true) they run, and fail saying why.
 */
const INSTALLED = Boolean(process.env.TEST_DATABASE_URL) || findPostgresBin() !== null;

/** Whether the PostgreSQL tests run: PostgreSQL is there, or CI requires them. */
const POSTGRES_AVAILABLE = INSTALLED || postgresRequired();

/** The reason test-summary.ts prints for each PostgreSQL test skipped. */
export const POSTGRES_SKIP_REASON = "PostgreSQL is not installed";

declare module "vitest" {
  interface TaskMeta {
    /** Why the test may be skipped, for the closing summary of npm test (tools/test/test-summary.ts). */
    skipReason?: string;
  }
}

/** Test or suite options for a test that needs PostgreSQL when `needsPostgres` is true: skipped, with its reason, when PostgreSQL is not there. */
export function postgresOnly(needsPostgres: boolean): { skip: boolean; meta: { skipReason: string } } {
  return { skip: needsPostgres && !POSTGRES_AVAILABLE, meta: { skipReason: POSTGRES_SKIP_REASON } };
}

if (!INSTALLED)
  console.warn(postgresRequired() ? `${POSTGRES_MISSING} ${POSTGRES_REQUIRED_IN_CI}` : `${POSTGRES_MISSING} The PostgreSQL half of these tests is skipped.`);

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
