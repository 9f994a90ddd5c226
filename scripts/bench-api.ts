// `npm run bench:api`: the enquiry API under load, as production runs it — its own process
// (src/server/serve.ts), logging at info to a file, rate limit off — then a count of the
// rows it stored. Prints figures; asserts nothing about speed (DESIGN.md: speeds are
// benchmarks that print figures, never timed assertions). Results: docs/bench-api-*.md.
//
//   npm run bench:api                              SQLite and PostgreSQL, 10 000 enquiries at concurrency 50
//   npm run bench:api -- --store sqlite            one store only (sqlite | postgres)
//   npm run bench:api -- --requests 2000 --connections 20
//   npm run bench:api -- --profile                 also CPU-profile the server and print where its time goes
//   npm run bench:api -- --log-level silent        the same without request logs, to see their cost
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { findPostgresBin, POSTGRES_MISSING, startTemporaryPostgres, type TemporaryPostgres } from "./postgres.ts";

const PROJECT = fileURLToPath(new URL("..", import.meta.url));
// `npm run serve:api`: the compiled server, with plain node.
const LAUNCHER = join(PROJECT, "scripts", "compiled.mjs");

const { values: args } = parseArgs({
  options: {
    store: { type: "string", default: "both" },
    requests: { type: "string", default: "10000" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "500" },
    profile: { type: "boolean", default: false },
    "log-level": { type: "string", default: "info" },
  },
});

const REQUESTS = Number(args.requests);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const stores = args.store === "both" ? ["sqlite", "postgres"] : [args.store];
if (!stores.every((s) => s === "sqlite" || s === "postgres") || !(REQUESTS > 0) || !(CONNECTIONS > 0)) {
  console.error("usage: npm run bench:api -- [--store sqlite|postgres|both] [--requests N] [--connections N] [--warmup N] [--profile] [--log-level L]");
  process.exit(2);
}

// Unique, valid payloads: autocannon puts a fresh id wherever [<id>] appears.
const BODY = JSON.stringify({
  first_name: "Bench",
  last_name: "Visitor [<id>]",
  email: "bench.visitor@example.com",
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "Load test enquiry [<id>]: please ignore.",
});

interface Figures {
  store: string;
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  newRows: number;
  /** CPU time the server process used per enquiry, in ms (Linux only): capacity apart from the load generator. */
  cpuMsPerEnquiry: number | null;
}

/** User + system CPU seconds a process has used so far, from /proc (null elsewhere). */
function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in USER_HZ (100 on Linux)
  } catch {
    return null;
  }
}

function freePortEnv(): Promise<number> {
  return new Promise((resolve, reject) => {
    import("node:net").then(({ createServer }) => {
      const server = createServer();
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => {
        const address = server.address();
        server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
      });
    }, reject);
  });
}

async function waitUntilServing(url: string, child: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${readFileSync(logFile, "utf8").slice(-2000)}`);
    try {
      const response = await fetch(`${url}/api/v1/enquiries/`);
      if (response.status === 405) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start within 60 s");
}

/**
 * One bounded run. autocannon reports only at its next 1-second sample, so its own duration
 * is rounded up to whole seconds; the time here runs from the start to the last response.
 */
function run(url: string, amount: number): Promise<{ result: autocannon.Result; seconds: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let lastResponse = started;
    const instance = autocannon(
      {
        url: `${url}/api/v1/enquiries/`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: BODY,
        idReplacement: true,
        amount,
        connections: CONNECTIONS,
        timeout: 30,
      },
      (error, result) => (error ? reject(error) : resolve({ result, seconds: (lastResponse - started) / 1000 })),
    );
    instance.on("response", () => (lastResponse = performance.now()));
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time of a V8 CPU profile, grouped by function and by where the code lives. */
function summariseProfile(dir: string): string {
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) return "  (no profile was written)";
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as { nodes: ProfileNode[]; samples: number[] };
  const hits = new Map<number, number>();
  for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const byFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  for (const node of profile.nodes) {
    const count = hits.get(node.id) ?? 0;
    if (count === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const short = url.replace(/^file:\/\//, "").replace(PROJECT, "");
    const name = `${functionName || "(anonymous)"} ${short ? `${short}:${lineNumber + 1}` : ""}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + count);
    const area = !url
      ? functionName.startsWith("(") ? functionName : "(native / V8 builtins)"
      : /node_modules\/(@[^/]+\/[^/]+|[^/]+)/.exec(url)?.[1] ?? (url.startsWith("node:") ? "node core" : short.split("/").slice(0, 3).join("/"));
    byArea.set(area, (byArea.get(area) ?? 0) + count);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, count]) => `  ${((100 * count) / total).toFixed(1).padStart(5)} %  ${name}`);
  return ["  by area (self time):", ...top(byArea, 14), "  by function (self time):", ...top(byFunction, 20)].join("\n");
}

async function benchOne(store: string, postgres: TemporaryPostgres | null): Promise<Figures> {
  const work = mkdtempSync(join(tmpdir(), `nexa-bench-${store}-`));
  // The database is chosen below, whatever this shell's DATABASE_URL or ENQUIRY_DB say.
  const { DATABASE_URL: _url, ENQUIRY_DB: _db, ...inherited } = process.env;
  const env: Record<string, string> = {
    ...(inherited as Record<string, string>),
    HOST: "127.0.0.1",
    PORT: String(await freePortEnv()),
    ENQUIRY_RATE_LIMIT: "0",
    LOG_LEVEL: args["log-level"]!,
    NODE_ENV: "production",
  };
  let count: () => Promise<number>;
  let closeCounter = async () => {};
  if (store === "sqlite") {
    env.ENQUIRY_DB = join(work, "enquiries.db");
    count = async () => {
      const db = new BetterSqlite3(env.ENQUIRY_DB!, { readonly: true });
      try {
        return (db.prepare("SELECT COUNT(*) AS n FROM enquiries").get() as { n: number }).n;
      } finally {
        db.close();
      }
    };
  } else {
    env.DATABASE_URL = await postgres!.createDatabase("nexa_bench");
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    count = async () => Number((await client.query("SELECT COUNT(*) AS n FROM enquiries")).rows[0].n);
    closeCounter = () => client.end();
    await client.connect().catch(() => undefined);
  }
  const profileDir = join(work, "profile");
  mkdirSync(profileDir);
  const logFile = join(work, "server.log");
  const log = openSync(logFile, "a");
  const nodeArgs = [...(args.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), LAUNCHER, "serve"];
  const child = spawn(process.execPath, nodeArgs, { cwd: PROJECT, env, stdio: ["ignore", log, log] });
  const url = `http://127.0.0.1:${env.PORT}`;
  try {
    await waitUntilServing(url, child, logFile);
    if (WARMUP > 0) await run(url, WARMUP);
    const before = await count();
    const cpuBefore = cpuSecondsOf(child.pid);
    const { result, seconds } = await run(url, REQUESTS);
    const cpuAfter = cpuSecondsOf(child.pid);
    const newRows = (await count()) - before;
    return {
      store: store === "sqlite" ? "SQLite (WAL, synchronous=FULL)" : "PostgreSQL 15 (fsync, synchronous_commit=on)",
      requests: result.requests.total,
      seconds,
      perSecond: result.requests.total / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      newRows,
      cpuMsPerEnquiry: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / result.requests.total,
    };
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    closeSync(log);
    await closeCounter();
    if (args.profile) console.log(`\nWhere the ${store} server's CPU time went:\n${summariseProfile(profileDir)}`);
    rmSync(work, { recursive: true, force: true });
  }
}

const needsPostgres = stores.includes("postgres");
if (needsPostgres && findPostgresBin() === null) {
  console.error(POSTGRES_MISSING);
  process.exit(1);
}
console.log(
  `Enquiry API benchmark: ${REQUESTS} enquiries (after ${WARMUP} to warm up), ${CONNECTIONS} connections, ` +
    `server log level ${args["log-level"]}, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}).`,
);
const postgres = needsPostgres ? await startTemporaryPostgres() : null;
const figures: Figures[] = [];
try {
  for (const store of stores) figures.push(await benchOne(store, postgres));
} finally {
  postgres?.stop();
}

console.log("\n| Store | Enquiries | Time | Enquiries/s | p50 | p99 | max | non-2xx | errors | New rows | Server CPU per enquiry |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const f of figures) {
  console.log(
    `| ${f.store} | ${f.requests} | ${f.seconds.toFixed(2)} s | ${Math.round(f.perSecond)} | ${f.p50} ms | ${f.p99} ms | ${f.max} ms | ${f.non2xx} | ${f.errors} | ${f.newRows} | ${f.cpuMsPerEnquiry === null ? "n/a" : `${f.cpuMsPerEnquiry.toFixed(3)} ms`} |`,
  );
}
const wrong = figures.filter((f) => f.newRows !== REQUESTS || f.non2xx > 0 || f.errors > 0);
if (wrong.length > 0) {
  console.error(`\nNot every enquiry was answered 201 and stored exactly once: ${wrong.map((f) => f.store).join(", ")}.`);
  process.exit(1);
}
console.log(`\nEvery run stored exactly ${REQUESTS} new rows.`);
