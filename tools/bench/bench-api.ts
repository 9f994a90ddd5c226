// `npm run bench:api`: the enquiry API under load, as production runs it — its own process
// (src/cli/serve-api.ts), logging at info to a file, rate limit off — then a count of the
// rows it stored. In the same run, the two floors it is held against: a bare node:http
// server that reads and parses the same body (no framework, no database), and a plain
// insert loop writing the same rows in 50-row transactions (better-sqlite3, or pg for
// PostgreSQL) with the same durability. It prints the API's ratio to the lower of the two.
// Prints figures; asserts nothing about speed (DESIGN.md: speeds are benchmarks that print
// figures, never timed assertions). Results: docs/bench-api-*.md.
//
//   npm run bench:api                              SQLite and PostgreSQL, 10 000 enquiries at concurrency 50
//   npm run bench:api -- --store sqlite            one store only (sqlite | postgres)
//   npm run bench:api -- --requests 2000 --connections 20
//   npm run bench:api -- --profile                 also CPU-profile the server and print where its time goes
//   npm run bench:api -- --log-level silent        the same without request logs, to see their cost
//   npm run bench:api -- --spam                    the spam defences against bots and people instead (tools/bench/bench-spam.ts)
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { randomUUID } from "node:crypto";
import { applyPgMigrations } from "../../src/server/pg-migrations.ts";
import { applyMigrations } from "../../src/server/sqlite-migrations.ts";
import { findPostgresBin, POSTGRES_MISSING, startTemporaryPostgres, type TemporaryPostgres } from "../test/postgres.ts";

const PROJECT = fileURLToPath(new URL("../..", import.meta.url));
// `npm run serve:api`: the compiled server, with plain node.
const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");

const { values: args } = parseArgs({
  options: {
    store: { type: "string", default: "both" },
    requests: { type: "string", default: "10000" },
    connections: { type: "string", default: "50" },
    warmup: { type: "string", default: "500" },
    profile: { type: "boolean", default: false },
    "log-level": { type: "string", default: "info" },
    spam: { type: "boolean", default: false },
  },
});

if (args.spam) {
  const { benchSpam } = await import("./bench-spam.ts");
  await benchSpam();
  process.exit(0);
}

const REQUESTS = Number(args.requests);
const CONNECTIONS = Number(args.connections);
const WARMUP = Number(args.warmup);
const stores = args.store === "both" ? ["sqlite", "postgres"] : [args.store];
if (!stores.every((s) => s === "sqlite" || s === "postgres") || !(REQUESTS > 0) || !(CONNECTIONS > 0)) {
  console.error("usage: npm run bench:api -- [--store sqlite|postgres|both] [--requests N] [--connections N] [--warmup N] [--profile] [--log-level L] | --spam");
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
      await fetch(`${url}/api/v1/enquiries/`);
      return;
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

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/** The HTTP floor: node:http alone, reading the body, decoding it strictly and parsing the JSON, answering 201. */
const BARE_HTTP_SERVER = `
const { createServer } = require("node:http");
const { randomUUID } = require("node:crypto");
const utf8 = new TextDecoder("utf-8", { fatal: true });
createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    let enquiry = null;
    try {
      enquiry = JSON.parse(utf8.decode(Buffer.concat(chunks)));
    } catch {}
    const ok = typeof enquiry?.email === "string";
    response.writeHead(ok ? 201 : 400, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(ok ? { session_id: randomUUID() } : { error: "Bad request" }));
  });
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

interface Floor {
  name: string;
  perSecond: number;
  detail: string;
}

async function benchBareHttp(): Promise<Floor> {
  const work = mkdtempSync(join(tmpdir(), "nexa-bench-http-"));
  const logFile = join(work, "server.log");
  const log = openSync(logFile, "a");
  const port = await freePortEnv();
  const child = spawn(process.execPath, ["-e", BARE_HTTP_SERVER], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", log, log] });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilServing(url, child, logFile);
    if (WARMUP > 0) await run(url, WARMUP);
    const { result, seconds } = await run(url, REQUESTS);
    return {
      name: "bare node:http, same body parsed",
      perSecond: result.requests.total / seconds,
      detail: `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    };
  } finally {
    await stopChild(child);
    closeSync(log);
    rmSync(work, { recursive: true, force: true });
  }
}

const LOOP_BATCH = 50;

/** The rows the API would store for the benchmark's enquiries. */
function benchRow(i: number) {
  return {
    session_id: randomUUID(),
    first_name: "Bench",
    last_name: `Visitor ${i}`,
    email: "bench.visitor@example.com",
    phone: "+919876543210",
    subject: "Course enquiry",
    message: `Load test enquiry ${i}: please ignore.`,
    created_at: new Date().toISOString(),
  };
}

const INSERT_COLUMNS = "session_id, first_name, last_name, email, phone, subject, message, created_at";

/** The SQLite floor: better-sqlite3 alone, WAL and synchronous=FULL as the store, 50 rows per transaction. */
function benchSqliteLoop(): Floor {
  const work = mkdtempSync(join(tmpdir(), "nexa-bench-loop-"));
  const db = new BetterSqlite3(join(work, "enquiries.db"));
  try {
    db.pragma("journal_mode = WAL");
    db.pragma("synchronous = FULL");
    applyMigrations(db);
    const insert = db.prepare(`INSERT INTO enquiries (${INSERT_COLUMNS}) VALUES (@session_id, @first_name, @last_name, @email, @phone, @subject, @message, @created_at)`);
    const insertBatch = db.transaction((rows: ReturnType<typeof benchRow>[]) => rows.forEach((row) => insert.run(row)));
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i += LOOP_BATCH) {
      insertBatch(Array.from({ length: Math.min(LOOP_BATCH, REQUESTS - i) }, (_, j) => benchRow(i + j)));
    }
    const seconds = (performance.now() - started) / 1000;
    return { name: `plain better-sqlite3 loop, ${LOOP_BATCH}-row transactions`, perSecond: REQUESTS / seconds, detail: `${seconds.toFixed(2)} s` };
  } finally {
    db.close();
    rmSync(work, { recursive: true, force: true });
  }
}

/** The PostgreSQL floor: one pg client alone, 50 rows per transaction, default durability. */
async function benchPgLoop(postgres: TemporaryPostgres): Promise<Floor> {
  const connectionString = await postgres.createDatabase("nexa_bench_loop");
  const pool = new pg.Pool({ connectionString, max: 1 });
  try {
    await applyPgMigrations(pool);
    const client = await pool.connect();
    const started = performance.now();
    try {
      for (let i = 0; i < REQUESTS; i += LOOP_BATCH) {
        await client.query("BEGIN");
        for (let j = i; j < Math.min(i + LOOP_BATCH, REQUESTS); j += 1) {
          const row = benchRow(j);
          await client.query({ name: "bench-insert", text: `INSERT INTO enquiries (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)` }, Object.values(row));
        }
        await client.query("COMMIT");
      }
    } finally {
      client.release();
    }
    const seconds = (performance.now() - started) / 1000;
    return { name: `plain pg loop, ${LOOP_BATCH}-row transactions`, perSecond: REQUESTS / seconds, detail: `${seconds.toFixed(2)} s` };
  } finally {
    await pool.end();
  }
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
    await stopChild(child);
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
const floors = new Map<string, Floor[]>();
try {
  // Each floor right beside its API run, so all three meet the same machine load.
  for (const store of stores) {
    const http = await benchBareHttp();
    figures.push(await benchOne(store, postgres));
    floors.set(store, [http, store === "sqlite" ? benchSqliteLoop() : await benchPgLoop(postgres!)]);
  }
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
console.log("\n| Store | API enquiries/s | Floor | Floor/s | API ÷ lower floor |");
console.log("|---|---:|---|---:|---:|");
figures.forEach((f, i) => {
  const [http, loop] = floors.get(stores[i]!)!;
  const lower = Math.min(http!.perSecond, loop!.perSecond);
  for (const floor of [http!, loop!]) {
    console.log(`| ${f.store} | ${Math.round(f.perSecond)} | ${floor.name} (${floor.detail}) | ${Math.round(floor.perSecond)} | ${floor.perSecond === lower ? `**${(f.perSecond / lower).toFixed(2)}×**` : ""} |`);
  }
});

const wrong = figures.filter((f) => f.newRows !== REQUESTS || f.non2xx > 0 || f.errors > 0);
if (wrong.length > 0) {
  console.error(`\nNot every enquiry was answered 201 and stored exactly once: ${wrong.map((f) => f.store).join(", ")}.`);
  process.exit(1);
}
console.log(`\nEvery run stored exactly ${REQUESTS} new rows.`);
