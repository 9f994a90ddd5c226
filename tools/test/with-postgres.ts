// `tsx tools/test/with-postgres.ts <command> [args…]`: runs the command with TEST_DATABASE_URL
// pointing at a temporary PostgreSQL (tools/test/postgres.ts), then stops and deletes it.
// Without PostgreSQL binaries the command runs anyway, without TEST_DATABASE_URL, and the
// tests that need PostgreSQL say that they are skipped; in CI (CI=true) it fails instead.
import { spawn } from "node:child_process";
import { usageError } from "../../src/cli/options.ts";
import { findPostgresBin, POSTGRES_MISSING, POSTGRES_REQUIRED_IN_CI, postgresRequired, startTemporaryPostgres, type TemporaryPostgres } from "./postgres.ts";

// Everything after the script's name is the command line to run, its options included, so
// none of it is read as an option here: only a missing command is a usage error.
const [command, ...args] = process.argv.slice(2);
if (!command) usageError("usage: tsx tools/test/with-postgres.ts <command> [args…]", "name the command to run");

let server: TemporaryPostgres | null = null;
const env = { ...process.env };
if (process.env.TEST_DATABASE_URL) {
  console.log("Using the PostgreSQL in TEST_DATABASE_URL.");
} else if (findPostgresBin() === null) {
  if (postgresRequired()) {
    console.error(`${POSTGRES_MISSING}\n${POSTGRES_REQUIRED_IN_CI}`);
    process.exit(1);
  }
  console.warn(`${POSTGRES_MISSING}\nThe PostgreSQL half of the store tests will be skipped.`);
} else {
  const started = Date.now();
  server = await startTemporaryPostgres();
  env.TEST_DATABASE_URL = server.url;
  console.log(`Temporary PostgreSQL on ${new URL(server.url).host} (started in ${Date.now() - started} ms).`);
}

const stop = () => server?.stop();
process.on("exit", stop);
const child = spawn(command, args, { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => {
  child.on("error", (error) => {
    console.error(`Could not run ${command}: ${error.message}`);
    resolve(1);
  });
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
stop();
process.exit(code);
