// A throwaway PostgreSQL server for tests and benchmarks: Debian's binaries, a fresh cluster
// in a temporary directory, listening on a free port of 127.0.0.1 only, removed on stop.
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import pg from "pg";
import { freePort } from "./free-port.ts";

export interface TemporaryPostgres {
  /** postgres://nexa@127.0.0.1:PORT/postgres (trust authentication, this machine only). */
  url: string;
  /** A new, empty database on this server; its URL. */
  createDatabase(prefix?: string): Promise<string>;
  /** Stops the server and deletes its files. Safe to call twice. */
  stop(): void;
}

const SUPERUSER = "nexa";

/** The directory holding initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/N/bin, else null. */
export function findPostgresBin(): string | null {
  const fromEnv = process.env.PG_BIN;
  if (fromEnv) return existsSync(join(fromEnv, "initdb")) ? fromEnv : null;
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, "bin", "initdb")))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return join(root, versions[0], "bin");
  // Elsewhere (Homebrew, other distributions) initdb is usually on the PATH.
  const onPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout?.trim();
  return onPath ? dirname(onPath) : null;
}

export const POSTGRES_MISSING =
  "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin, or PG_BIN): install it with 'sudo apt-get install postgresql'.";

/**
 * In CI (CI set to anything but "", "0" or "false", as CI services do) the PostgreSQL half of
 * the store tests must run: a missing PostgreSQL fails the run instead of skipping that half.
 * tools/test/ensure-postgres.sh reads CI the same way.
 */
export function postgresRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = (env.CI ?? "").trim().toLowerCase();
  return ci !== "" && ci !== "0" && ci !== "false";
}

export const POSTGRES_REQUIRED_IN_CI = "CI is set, so the PostgreSQL store tests must run and are not skipped.";

/** PostgreSQL refuses to run as root: as root, run its commands as the "postgres" user. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    throw new Error("Running as root, but there is no 'postgres' user to run PostgreSQL as (Debian's postgresql package creates it).");
  }
}

function run(bin: string, command: string, args: string[], user: { uid: number; gid: number } | null, cwd: string): void {
  const result = spawnSync(join(bin, command), args, {
    cwd,
    encoding: "utf8",
    timeout: 60_000,
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: { ...process.env, LC_ALL: "C.UTF-8", LANG: "C.UTF-8" },
  });
  if (result.status !== 0) {
    const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`.trim();
    throw new Error(`${command} failed (exit ${result.status}): ${output}`);
  }
}

/**
 * Starts a temporary PostgreSQL with its production-relevant defaults untouched (fsync on,
 * synchronous_commit on): what the tests and benchmarks claim about durability holds.
 * `port` pins its port (a benchmark kept to a given range); by default any free one.
 */
export async function startTemporaryPostgres(options: { port?: number } = {}): Promise<TemporaryPostgres> {
  const bin = findPostgresBin();
  if (!bin) throw new Error(POSTGRES_MISSING);
  const user = runAs();
  const dir = mkdtempSync(join(tmpdir(), "nexa-pg-"));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = join(dir, "data");
  const port = options.port ?? (await freePort());
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      if (existsSync(join(data, "postmaster.pid"))) run(bin, "pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"], user, dir);
    } catch {
      // Already gone; the files are removed below either way.
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    // --no-sync: initdb's own files need not survive a power cut; the server still fsyncs.
    run(bin, "initdb", ["-D", data, "-U", SUPERUSER, "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], user, dir);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    run(bin, "pg_ctl", ["-D", data, "-l", join(dir, "server.log"), "-o", options, "-w", "-t", "60", "start"], user, dir);
  } catch (error) {
    const log = existsSync(join(dir, "server.log")) ? readFileSync(join(dir, "server.log"), "utf8").slice(-2000) : "";
    stop();
    throw new Error(`${(error as Error).message}${log ? `\n${log}` : ""}`);
  }
  const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
  return { url, createDatabase: (prefix) => createDatabase(url, prefix), stop };
}

let counter = 0;

/** Creates an empty database next to the one `url` names, and returns its URL. */
export async function createDatabase(url: string, prefix = "nexa_test"): Promise<string> {
  const name = `${prefix}_${process.pid}_${Date.now().toString(36)}_${(counter += 1)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** Drops a database made by createDatabase, closing any connection still open to it. */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const target = new URL(databaseUrl);
  const name = decodeURIComponent(target.pathname.slice(1));
  target.pathname = "/postgres";
  const client = new pg.Client({ connectionString: target.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
