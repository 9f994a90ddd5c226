// `npm run bench:api`: the enquiry API under load, as production runs it (its own process,
// src/cli/serve-api.ts, at the default log level, rate limit off), held against its floors:
// a bare node:http server that reads and parses the same body (no framework, no database),
// and a plain insert loop writing the same rows in 50-row transactions with the same
// durability (better-sqlite3 WAL + synchronous=FULL for SQLite, one pg client with
// synchronous_commit=on for PostgreSQL).
//
// Every target runs for the same time (default 12 s, after a warm-up), the HTTP ones at the
// same connections, interleaved round by round (at least 3 rounds, the order rotated each
// round so no target always meets the same moment of a noisy machine), and each figure is
// printed with its spread. A floor timed over a short run reads start-up and warm-up, not
// the floor, so the bench refuses to measure one over less than 5 s.
//
// Beside the SQLite API, which is short of its target, run two references that are not floors:
// fastify alone (the framework floor), and the least enquiry server (least-enquiry-server.ts:
// the API's checks, row and durable commit on node:http and one thread), which shows what any
// design of the API could reach on this machine.
//
// Beside each target's rate and latency it prints the CPU each request cost: the API server's
// (all its threads, and the serving thread alone, with how often the kernel took that thread's
// core), and the load generator's, which runs in this process on the same cores.
//
// Prints figures; asserts nothing about speed (DESIGN.md). It does check the rows: every 201
// has its row, and no row exists beyond the requests the end of a round cut off.
// Results: docs/bench-api-*.md.
//
//   npm run bench:api                              SQLite and PostgreSQL, 3 rounds of 12 s, 50 connections
//   npm run bench:api -- --store sqlite            one store only (sqlite | postgres)
//   npm run bench:api -- --duration 20 --rounds 5 --connections 20
//   npm run bench:api -- --profile                 also CPU-profile the API server and print where its time goes per enquiry
//   npm run bench:api -- --log-level debug         the server at another log level, to see the cost of its request lines
//   npm run bench:api -- --port 4500               the bare server on 4500, the API on 4501, PostgreSQL on 4502, the references
//                                                  on 4503 and 4504 (default: any free ports)
//   npm run bench:api -- --spam                    the spam defences against bots and people instead (tools/bench/bench-spam.ts):
//                                                  1,000 posts a bot, 50 people a browser in Chromium, Firefox and WebKit
//   npm run bench:api -- --spam --people 10 --browsers chromium,firefox --port 4500   the site on 4500, WebKitWebDriver on 4501
//   npm run bench:api -- --spam --people-only --browsers webkit   the people alone, no bots (one engine's people beside another run)
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { applyPgMigrations, applySqliteMigrations } from "../../src/server/migrations.ts";
import { timeOrderedId } from "../../src/server/time-ordered-id.mjs";
import { readArgs, usageError } from "../../src/cli/options.ts";
import { findPostgresBin, POSTGRES_MISSING, startTemporaryPostgres, type TemporaryPostgres } from "../test/postgres.ts";
import { freePort } from "../test/free-port.ts";
import { procStat } from "./proc-stat.ts";

const PROJECT = fileURLToPath(new URL("../..", import.meta.url));
// `npm run serve:api`: the compiled server, with plain node.
const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");

const USAGE =
  "usage: npm run bench:api -- [--store sqlite|postgres|both] [--duration S] [--warmup S] [--rounds N] [--connections N] [--profile] [--log-level L] [--port P]\n" +
  "       npm run bench:api -- --spam [--people N] [--browsers chromium,firefox,webkit] [--people-only]";

/** Below this a floor reads the start-up and warm-up of its server, not the floor itself. */
const MIN_FLOOR_SECONDS = 5;
const MIN_ROUNDS = 3;

const { values: args } = readArgs(
  {
    store: { type: "string", default: "both" },
    duration: { type: "string", default: "12" },
    warmup: { type: "string", default: "3" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "50" },
    profile: { type: "boolean", default: false },
    "log-level": { type: "string", default: "info" },
    port: { type: "string", default: "0" },
    spam: { type: "boolean", default: false },
    people: { type: "string", default: "50" },
    browsers: { type: "string", default: "chromium,firefox,webkit" },
    "people-only": { type: "boolean", default: false },
  },
  USAGE,
);

if (args.spam) {
  const { benchSpam, SPAM_BROWSERS } = await import("./bench-spam.ts");
  const people = Number(args.people);
  if (!(Number.isInteger(people) && people >= 1)) usageError(USAGE, `--people must be a whole number of at least 1, not "${args.people}".`);
  const browsers = args.browsers.split(",").map((name) => name.trim());
  const unknown = browsers.filter((name) => !(SPAM_BROWSERS as readonly string[]).includes(name));
  if (unknown.length > 0) usageError(USAGE, `--browsers takes ${SPAM_BROWSERS.join(", ")}, not "${unknown.join(", ")}".`);
  await benchSpam({ people, browsers: browsers as (typeof SPAM_BROWSERS)[number][], port: Number(args.port), bots: !args["people-only"] });
  process.exit(0);
}

const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const ROUNDS = Number(args.rounds);
const CONNECTIONS = Number(args.connections);
const BASE_PORT = Number(args.port);
const stores = args.store === "both" ? ["sqlite", "postgres"] : [args.store];
if (!stores.every((s) => s === "sqlite" || s === "postgres")) usageError(USAGE, `--store must be sqlite, postgres or both, not "${args.store}".`);
if (!(DURATION >= MIN_FLOOR_SECONDS)) {
  usageError(USAGE, `--duration must be at least ${MIN_FLOOR_SECONDS} s: a floor timed over less reads its server's start-up and warm-up, not the floor.`);
}
if (!(WARMUP >= 0)) usageError(USAGE, `--warmup must be a number of seconds, 0 or more, not "${args.warmup}".`);
if (!Number.isInteger(ROUNDS) || ROUNDS < MIN_ROUNDS)
  usageError(USAGE, `--rounds must be a whole number of at least ${MIN_ROUNDS}, so each figure has a spread.`);
if (!Number.isInteger(CONNECTIONS) || CONNECTIONS < 1) usageError(USAGE, `--connections must be a whole number of at least 1, not "${args.connections}".`);
if (!Number.isInteger(BASE_PORT) || BASE_PORT < 0 || BASE_PORT > 65531) usageError(USAGE, `--port must be a port number, not "${args.port}".`);

// Unique, valid payloads: autocannon puts a fresh id wherever [<id>] appears.
const BODY = JSON.stringify({
  first_name: "Bench",
  last_name: "Visitor [<id>]",
  email: "bench.visitor@example.com",
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "Load test enquiry [<id>]: please ignore.",
});

/** One target's figures in one round. */
interface Measurement {
  seconds: number;
  perSecond: number;
  /** Requests answered (HTTP) or rows committed (loops). */
  count: number;
  p50?: number;
  p99?: number;
  max?: number;
  non2xx?: number;
  errors?: number;
  /** API only: rows the round added, and the server's CPU per enquiry in ms (Linux). */
  newRows?: number;
  created?: number;
  cpuMsPerEnquiry?: number;
  /** API only (Linux): the CPU of the thread that serves HTTP, per enquiry, and how often it was preempted per 1,000 enquiries. */
  servingCpuMsPerEnquiry?: number;
  preemptedPerThousand?: number;
  /** HTTP targets: the load generator's own CPU per request (it shares the machine's cores with the server). */
  loadCpuMsPerRequest?: number | null;
}

interface Target {
  name: string;
  /** http and loop: the floors; api: what is measured; reference: printed beside them, no floor. */
  kind: "http" | "loop" | "api" | "reference";
  measure(seconds: number): Promise<Measurement>;
  close(): Promise<void>;
}

/** What a process's threads have used so far, from /proc (Linux; null elsewhere). */
interface ThreadTimes {
  /** User + system CPU seconds of the whole process, threads that have ended included. */
  cpu: number;
  /** The same of the thread that serves HTTP (the main thread, whose id is the process's). */
  servingCpu: number;
  /** How often the kernel took the serving thread's core while it could run (involuntary switches). */
  servingPreempted: number;
}

function threadTimesOf(pid: number | undefined): ThreadTimes | null {
  try {
    // The process's own line counts threads that have ended too; the serving thread's id is the process's.
    const serving = `/proc/${pid}/task/${pid}`;
    const status = readFileSync(`${serving}/status`, "utf8");
    return {
      cpu: procStat(readFileSync(`/proc/${pid}/stat`, "utf8")).cpuSeconds,
      servingCpu: procStat(readFileSync(`${serving}/stat`, "utf8")).cpuSeconds,
      servingPreempted: Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0),
    };
  } catch {
    return null;
  }
}

/** The port for the n-th server the bench starts: --port + n, or any free one. */
async function portFor(n: number): Promise<number> {
  return BASE_PORT > 0 ? BASE_PORT + n : freePort();
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
 * One timed load at CONNECTIONS connections. autocannon reports only at its next 1-second
 * sample, so the time here runs from the start to the last response.
 */
function load(url: string, seconds: number): Promise<{ result: autocannon.Result; seconds: number; loadCpuMs: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    // The load generator runs in this process, on the same two cores as the server it loads.
    const cpuAtStart = process.cpuUsage();
    let lastResponse = started;
    const instance = autocannon(
      {
        url: `${url}/api/v1/enquiries/`,
        method: "POST",
        headers: { "content-type": "application/json" },
        body: BODY,
        idReplacement: true,
        duration: seconds,
        connections: CONNECTIONS,
        timeout: 30,
      },
      (error, result) => {
        if (error) return reject(error);
        const cpu = process.cpuUsage(cpuAtStart);
        resolve({ result, seconds: (lastResponse - started) / 1000, loadCpuMs: (cpu.user + cpu.system) / 1000 });
      },
    );
    instance.on("response", () => (lastResponse = performance.now()));
  });
}

function refuseShortFloor(name: string, seconds: number): void {
  if (seconds < MIN_FLOOR_SECONDS) {
    throw new Error(`${name} was measured over ${seconds.toFixed(2)} s, less than ${MIN_FLOOR_SECONDS} s: such a figure is start-up, not a floor.`);
  }
}

function httpFigures(result: autocannon.Result, seconds: number, loadCpuMs: number): Measurement {
  return {
    seconds,
    loadCpuMsPerRequest: result.requests.total > 0 ? loadCpuMs / result.requests.total : null,
    count: result.requests.total,
    perSecond: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

/**
 * The HTTP floor: node:http alone, reading the body, decoding it strictly and parsing the JSON,
 * answering 201 with a Content-Length as the API does. (Without one, node:http sends the answer
 * chunked, which costs the server and the load generator more per request than the API's
 * answer does: a floor measured so read a sixth low, docs/bench-api-2026-11-29-ceiling.md.)
 */
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
    const answer = JSON.stringify(ok ? { session_id: randomUUID() } : { error: "Bad request" });
    response.writeHead(ok ? 201 : 400, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(answer) });
    response.end(answer);
  });
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** The framework floor: fastify as the API uses it, with its own JSON parsing and nothing else: no hooks, no checks, no store. */
const FASTIFY_SERVER = `
const Fastify = require("fastify");
const { randomUUID } = require("node:crypto");
const app = Fastify();
app.post("/api/v1/enquiries/", async (request, reply) => {
  const ok = typeof request.body?.email === "string";
  return reply.code(ok ? 201 : 400).send(ok ? { session_id: randomUUID() } : { error: "Bad request" });
});
app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`;

/**
 * A server in its own process, loaded over HTTP like the API: a floor (counted in the lower
 * floor) or a reference (printed beside it, never counted).
 */
async function childHttpTarget(name: string, kind: "http" | "reference", port: number, nodeArgs: string[], env: Record<string, string> = {}): Promise<Target> {
  const work = mkdtempSync(join(tmpdir(), "nexa-bench-http-"));
  const logFile = join(work, "server.log");
  const log = openSync(logFile, "a");
  const child = spawn(process.execPath, nodeArgs, {
    cwd: PROJECT,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ["ignore", log, log],
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    await stopChild(child);
    closeSync(log);
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, child, logFile);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    name,
    kind,
    async measure(seconds) {
      const { result, seconds: took, loadCpuMs } = await load(url, seconds);
      if (kind === "http") refuseShortFloor(name, took);
      return httpFigures(result, took, loadCpuMs);
    },
    close,
  };
}

const bareHttpTarget = (port: number) => childHttpTarget("bare node:http, same body parsed", "http", port, ["-e", BARE_HTTP_SERVER]);
const fastifyTarget = (port: number) => childHttpTarget("framework floor: fastify, same body parsed", "reference", port, ["-e", FASTIFY_SERVER]);

/** tools/bench/least-enquiry-server.ts: the API's checks, row and durable commit on node:http and one thread. */
async function leastEnquiryServerTarget(port: number): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), "nexa-bench-least-"));
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  const target = await childHttpTarget(LEAST_SERVER, "reference", port, ["--import", "tsx", join(PROJECT, "tools", "bench", "least-enquiry-server.ts")], {
    ENQUIRY_DB: join(dir, "enquiries.db"),
  }).catch((error: unknown) => {
    removeDir();
    throw error;
  });
  return {
    ...target,
    async close() {
      await target.close();
      removeDir();
    },
  };
}

const LEAST_SERVER = "least enquiry server (node:http, one thread, the API's checks, row and durable commit)";

const LOOP_BATCH = 50;

/** The rows the API would store for the benchmark's enquiries. */
function benchRow(i: number) {
  const now = Date.now();
  return {
    // The API's own ids (UUID v7, time first): an index of random ids costs more per row.
    session_id: timeOrderedId(now),
    first_name: "Bench",
    last_name: `Visitor ${i}`,
    email: "bench.visitor@example.com",
    phone: "+919876543210",
    subject: "Course enquiry",
    message: `Load test enquiry ${i}: please ignore.`,
    created_at: new Date(now).toISOString(),
  };
}

const INSERT_COLUMNS = "session_id, first_name, last_name, email, phone, subject, message, created_at";

/** Runs `batch` (50 rows, committed) until `seconds` have passed; rows per second over the whole time. */
async function timedLoop(name: string, seconds: number, batch: (first: number) => Promise<void> | void): Promise<Measurement> {
  const started = performance.now();
  const until = started + seconds * 1000;
  let rows = 0;
  while (performance.now() < until) {
    await batch(rows);
    rows += LOOP_BATCH;
  }
  const took = (performance.now() - started) / 1000;
  refuseShortFloor(name, took);
  return { seconds: took, count: rows, perSecond: rows / took };
}

/** The SQLite floor: better-sqlite3 alone, WAL and synchronous=FULL as the store, 50 rows per transaction. */
function sqliteLoopTarget(): Target {
  const work = mkdtempSync(join(tmpdir(), "nexa-bench-loop-"));
  const db = new BetterSqlite3(join(work, "enquiries.db"));
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = FULL");
  applySqliteMigrations(db);
  const insert = db.prepare(
    `INSERT INTO enquiries (${INSERT_COLUMNS}) VALUES (@session_id, @first_name, @last_name, @email, @phone, @subject, @message, @created_at)`,
  );
  const insertBatch = db.transaction((first: number) => {
    for (let i = first; i < first + LOOP_BATCH; i += 1) insert.run(benchRow(i));
  });
  const name = `plain better-sqlite3 loop, ${LOOP_BATCH}-row transactions`;
  return {
    name,
    kind: "loop",
    measure: (seconds) => timedLoop(name, seconds, insertBatch),
    async close() {
      db.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The PostgreSQL floor: one pg client alone, 50 rows per transaction, default durability. */
async function pgLoopTarget(postgres: TemporaryPostgres): Promise<Target> {
  const connectionString = await postgres.createDatabase("nexa_bench_loop");
  const pool = new pg.Pool({ connectionString, max: 1 });
  await applyPgMigrations(pool);
  const client = await pool.connect();
  const insert = { name: "bench-insert", text: `INSERT INTO enquiries (${INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)` };
  const name = `plain pg loop, ${LOOP_BATCH}-row transactions`;
  return {
    name,
    kind: "loop",
    measure: (seconds) =>
      timedLoop(name, seconds, async (first) => {
        await client.query("BEGIN");
        for (let i = first; i < first + LOOP_BATCH; i += 1) await client.query(insert, Object.values(benchRow(i)));
        await client.query("COMMIT");
      }),
    async close() {
      client.release();
      await pool.end();
    },
  };
}

/** Whatever the end of a timed load cut off may still be committing: wait until the count stops moving. */
async function settledCount(count: () => Promise<number>): Promise<number> {
  let last = await count();
  for (;;) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await count();
    if (now === last) return now;
    last = now;
  }
}

interface ApiTarget extends Target {
  /** Enquiries the server answered over its whole life (warm-up included): the profile covers all of them. */
  lifetime(): { answered: number };
}

async function apiTarget(store: string, port: number, postgres: TemporaryPostgres | null, profileDir: string | null): Promise<ApiTarget> {
  const work = mkdtempSync(join(tmpdir(), `nexa-bench-${store}-`));
  // The database is chosen below, whatever this shell's DATABASE_URL or ENQUIRY_DB say.
  const { DATABASE_URL: _url, ENQUIRY_DB: _db, LOG_FORMAT: _format, ...inherited } = process.env;
  const env: Record<string, string> = {
    ...(inherited as Record<string, string>),
    HOST: "127.0.0.1",
    PORT: String(port),
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
    await client.connect();
    count = async () => Number((await client.query("SELECT COUNT(*) AS n FROM enquiries")).rows[0].n);
    closeCounter = () => client.end();
  }
  const logFile = join(work, "server.log");
  const log = openSync(logFile, "a");
  const nodeArgs = [...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []), LAUNCHER, "serve"];
  const child = spawn(process.execPath, nodeArgs, { cwd: PROJECT, env, stdio: ["ignore", log, log] });
  const url = `http://127.0.0.1:${env.PORT}`;
  const close = async () => {
    await stopChild(child);
    closeSync(log);
    await closeCounter();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, child, logFile);
    // Migrations run at start-up; counting before them would find no table.
    await count();
  } catch (error) {
    await close();
    throw error;
  }
  let answered = 0;
  return {
    name: store === "sqlite" ? "API, SQLite (WAL, synchronous=FULL)" : "API, PostgreSQL (fsync, synchronous_commit=on)",
    kind: "api",
    async measure(seconds) {
      const before = await count();
      const threadsBefore = threadTimesOf(child.pid);
      const { result, seconds: took, loadCpuMs } = await load(url, seconds);
      const after = threadTimesOf(child.pid);
      const total = result.requests.total;
      answered += total;
      const created = result["2xx"];
      return {
        ...httpFigures(result, took, loadCpuMs),
        newRows: (await settledCount(count)) - before,
        created,
        ...(threadsBefore === null || after === null || total === 0
          ? {}
          : {
              cpuMsPerEnquiry: ((after.cpu - threadsBefore.cpu) * 1000) / total,
              servingCpuMsPerEnquiry: ((after.servingCpu - threadsBefore.servingCpu) * 1000) / total,
              preemptedPerThousand: ((after.servingPreempted - threadsBefore.servingPreempted) * 1000) / total,
            }),
      };
    },
    lifetime: () => ({ answered }),
    close,
  };
}

// ---- Profile: where the server's time goes per enquiry -------------------------------------

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Line → source module of an esbuild bundle, from the `// src/…` comment esbuild puts before each module. */
function bundleModules(file: string): (line: number) => string {
  const starts: { line: number; module: string }[] = [];
  readFileSync(file, "utf8")
    .split("\n")
    .forEach((text, line) => {
      const match = /^\/\/ ((?:src|scripts)\/\S+)$/.exec(text);
      if (match) starts.push({ line, module: match[1]! });
    });
  return (line) => {
    let found = basename(file);
    for (const start of starts) {
      if (start.line > line) break;
      found = start.module;
    }
    return found;
  };
}

/** The part of the work a sample belongs to, from where its code lives (node core, a package, one of our modules). */
function stageOf(functionName: string, where: string): string {
  if (functionName === "(idle)") return "idle (waiting)";
  if (functionName === "(garbage collector)") return "garbage collection";
  if (functionName === "(program)" || (where === "" && functionName === "")) return "V8 and native, unattributed";
  const module = where.replace(/^node:/, "");
  // Native frames have no file: name them by what they do.
  if (where === "" && /^(writev|writeString|writeBuffer|writeUtf8String|writeLatin1String|writeAsciiString|writeUcs2String|shutdown)$/.test(functionName)) {
    return "socket and file writes (responses, queries, log)";
  }
  if (where === "" && /^(readStart|readStop|onStreamRead|onconnection|close)$/.test(functionName)) return "HTTP parsing and sockets";
  if (/^internal\/(modules|bootstrap)/.test(module)) return "start-up (loading modules)";
  if (/^(pino|sonic-boom|pino-std-serializers|@pinojs)/.test(module) || /server\/(request-log|log-format)/.test(module)) return "logging";
  if (/^better-sqlite3/.test(module) || /sqlite-writer|sqlite-outbox-writes/.test(module)) return "SQLite (statements and commit)";
  if (/^(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-)/.test(module)) return "PostgreSQL client";
  if (/^internal\/worker|^worker_threads|^internal\/per_context\/messageport/.test(module) || /postMessage|MessagePort|structuredClone/.test(functionName)) {
    return "writer-thread messages";
  }
  if (/(enquiry-contract|generated\/enquiry-)/.test(module) || /^ajv/.test(module)) return "validation";
  if (/^(fast-json-stringify)/.test(module) || /fastify\/lib\/(reply|error-serializer|schemas)/.test(module) || /^_http_outgoing|^internal\/http/.test(module))
    return "response (serialise, headers, write)";
  if (
    /^(_http_common|_http_incoming|_http_server|http|internal\/streams|stream|net|internal\/stream_base_commons|internal\/net|events|internal\/timers|timers|string_decoder|buffer|internal\/buffer)/.test(
      module,
    )
  )
    return "HTTP parsing and sockets";
  if (
    /^(fastify|find-my-way|avvio|light-my-request|@fastify|toad-cache|fast-querystring|safe-regex2|abstract-logging|process-warning|fast-uri|proxy-addr|forwarded|content-type|secure-json-parse|rfdc)/.test(
      module,
    ) ||
    /(server\/(app|json-body|json-content-type|cors|url-path|error-responses)|security-headers)\.ts/.test(module)
  )
    return "framework (routing, hooks, body)";
  if (/server\/(enquiry-routes|sqlite-store|pg-store|store|ip-hash|rate-limit|delivery\/)/.test(module) || /^(crypto|internal\/crypto)/.test(module))
    return "enquiry route and store (ids, hashes, queue)";
  if (/^(internal\/process\/task_queues|internal\/async_hooks|internal\/process)/.test(module)) return "promises and ticks";
  return "other";
}

/** Time per enquiry by stage, for each thread's profile of the API server (the main thread, the SQLite writer). */
function summariseProfile(dir: string, answered: number): string {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".cpuprofile")) : [];
  if (files.length === 0) return "  (no profile was written)";
  const bundles = new Map<string, (line: number) => string>();
  const lines: string[] = [];
  for (const file of files) {
    const profile = JSON.parse(readFileSync(join(dir, file), "utf8")) as CpuProfile;
    const micros = new Map<number, number>();
    profile.samples.forEach((id, i) => micros.set(id, (micros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    const byStage = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const us = micros.get(node.id) ?? 0;
      if (us === 0) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const path = url.replace(/^file:\/\//, "");
      let where = path.startsWith("node:") ? path : (/node_modules\/((?:@[^/]+\/)?[^/]+\/?.*)$/.exec(path)?.[1] ?? path.replace(PROJECT, ""));
      if (/dist-server\/[^/]+\.js$/.test(path)) {
        if (!bundles.has(path)) bundles.set(path, bundleModules(path));
        where = bundles.get(path)!(lineNumber);
      }
      const stage = stageOf(functionName, where);
      byStage.set(stage, (byStage.get(stage) ?? 0) + us);
      if (stage !== "idle (waiting)") {
        const name = `${functionName || "(anonymous)"} ${where}`.trim();
        byFunction.set(name, (byFunction.get(name) ?? 0) + us);
      }
    }
    const busy = [...byStage].filter(([stage]) => stage !== "idle (waiting)").reduce((sum, [, us]) => sum + us, 0);
    const thread = byStage.has("SQLite (statements and commit)") && !byStage.has("framework (routing, hooks, body)") ? "SQLite writer thread" : "main thread";
    lines.push(`  ${thread} (${file}): ${(busy / answered).toFixed(1)} µs busy per enquiry over ${answered} enquiries`);
    for (const [stage, us] of [...byStage].sort((a, b) => b[1] - a[1])) {
      lines.push(`    ${(us / answered).toFixed(1).padStart(7)} µs  ${((100 * us) / Math.max(busy, 1)).toFixed(1).padStart(5)} %  ${stage}`);
    }
    lines.push("    top functions (self time, µs per enquiry):");
    for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
      lines.push(`    ${(us / answered).toFixed(1).padStart(7)} µs  ${name}`);
    }
  }
  return lines.join("\n");
}

// ---- Figures -------------------------------------------------------------------------------

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function spread(values: number[], format: (n: number) => string): string {
  return `${format(median(values))} (${format(Math.min(...values))} – ${format(Math.max(...values))})`;
}

const perSecond = (n: number) => Math.round(n).toLocaleString("en");
const ms = (n: number) => `${n} ms`;
const ratio = (n: number) => `${n.toFixed(2)}×`;

interface StoreReport {
  store: string;
  targets: Target[];
  rounds: Map<Target, Measurement>[];
  wrong: string[];
}

function printReport({ store, targets, rounds }: StoreReport): void {
  const api = targets.find((t) => t.kind === "api")!;
  const floors = targets.filter((t) => t.kind === "http" || t.kind === "loop");
  console.log(`\n### ${store === "sqlite" ? "SQLite" : "PostgreSQL"}: ${ROUNDS} rounds of ${DURATION} s, ${CONNECTIONS} connections\n`);
  console.log(`| Target | ${rounds.map((_, i) => `round ${i + 1}`).join(" | ")} | median (min – max) |`);
  console.log(`|---|${rounds.map(() => "---:|").join("")}---:|`);
  const row = (label: string, values: number[], format: (n: number) => string) =>
    console.log(`| ${label} | ${values.map(format).join(" | ")} | ${spread(values, format)} |`);
  for (const target of targets)
    row(
      `${target.name}, per s`,
      rounds.map((r) => r.get(target)!.perSecond),
      perSecond,
    );
  for (const target of targets.filter((t) => t.kind !== "loop")) {
    row(
      `${target.name}, p50`,
      rounds.map((r) => r.get(target)!.p50!),
      ms,
    );
    row(
      `${target.name}, p99`,
      rounds.map((r) => r.get(target)!.p99!),
      ms,
    );
  }
  const cpu = rounds.map((r) => r.get(api)!.cpuMsPerEnquiry);
  if (cpu.every((c) => c !== undefined)) row("API server CPU per enquiry", cpu as number[], (n) => `${n.toFixed(3)} ms`);
  // The thread that limits on two cores (docs/bench-api-2026-11-29.md): its own share, and how often it waited for a core.
  const serving = rounds.map((r) => r.get(api)!.servingCpuMsPerEnquiry);
  if (serving.every((c) => c !== undefined)) row("API serving thread CPU per enquiry", serving as number[], (n) => `${n.toFixed(3)} ms`);
  const preempted = rounds.map((r) => r.get(api)!.preemptedPerThousand);
  if (preempted.every((c) => c !== undefined)) row("API serving thread preempted, per 1,000 enquiries", preempted as number[], (n) => n.toFixed(0));
  for (const target of targets.filter((t) => t.kind !== "loop")) {
    const loadCpu = rounds.map((r) => r.get(target)!.loadCpuMsPerRequest);
    if (loadCpu.every((c) => c !== null && c !== undefined))
      row(`load generator CPU per request, ${target.name}`, loadCpu as number[], (n) => `${n.toFixed(3)} ms`);
  }
  const lower = rounds.map((r) => Math.min(...floors.map((f) => r.get(f)!.perSecond)));
  row("lower floor, per s", lower, perSecond);
  row(
    "**API ÷ lower floor**",
    rounds.map((r, i) => r.get(api)!.perSecond / lower[i]!),
    ratio,
  );
  // What no design could beat on this machine: the least a server can do for the same answer.
  const least = targets.find((t) => t.name === LEAST_SERVER);
  if (least !== undefined) {
    row(
      "least enquiry server ÷ lower floor",
      rounds.map((r, i) => r.get(least)!.perSecond / lower[i]!),
      ratio,
    );
    row(
      "API ÷ least enquiry server",
      rounds.map((r) => r.get(api)!.perSecond / r.get(least)!.perSecond),
      ratio,
    );
  }
  // PostgreSQL's target is held against its insert loop alone.
  const loop = targets.find((t) => t.kind === "loop")!;
  row(
    "API ÷ insert loop",
    rounds.map((r) => r.get(api)!.perSecond / r.get(loop)!.perSecond),
    ratio,
  );
  console.log(`\nRows: ${rounds.map((r, i) => `round ${i + 1}: ${r.get(api)!.created} answered 201, ${r.get(api)!.newRows} new rows`).join("; ")}.`);
}

/** What is wrong with an API round's answers and rows, if anything. */
function checkRows(measurement: Measurement): string | null {
  const { created = 0, newRows = 0, non2xx = 0, errors = 0 } = measurement;
  if (non2xx > 0 || errors > 0) return `${non2xx} answers other than 2xx and ${errors} errors`;
  if (newRows < created) return `${created - newRows} enquiries answered 201 have no row`;
  // The end of a timed load drops the requests in flight: those may be stored, unanswered.
  if (newRows - created > CONNECTIONS) return `${newRows - created} rows more than the ${created} enquiries answered 201`;
  return null;
}

const needsPostgres = stores.includes("postgres");
if (needsPostgres && findPostgresBin() === null) {
  console.error(POSTGRES_MISSING);
  process.exit(1);
}
console.log(
  `Enquiry API benchmark: ${ROUNDS} interleaved rounds of ${DURATION} s per target (after ${WARMUP} s to warm up), ${CONNECTIONS} connections, ` +
    `server log level ${args["log-level"]}, Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? "?"}), ` +
    `load average at start ${loadavg()
      .map((n) => n.toFixed(1))
      .join(" ")}.`,
);
const postgres = needsPostgres ? await startTemporaryPostgres(BASE_PORT > 0 ? { port: BASE_PORT + 2 } : {}) : null;
const reports: StoreReport[] = [];
try {
  for (const store of stores) {
    const profileDir = args.profile ? mkdtempSync(join(tmpdir(), "nexa-bench-profile-")) : null;
    const targets: Target[] = [];
    try {
      targets.push(await bareHttpTarget(await portFor(0)));
      targets.push(store === "sqlite" ? sqliteLoopTarget() : await pgLoopTarget(postgres!));
      const api = await apiTarget(store, await portFor(1), postgres, profileDir);
      targets.push(api);
      // The references for the target not met (SQLite's): the framework alone, and the least server.
      if (store === "sqlite") targets.push(await fastifyTarget(await portFor(3)), await leastEnquiryServerTarget(await portFor(4)));
      if (WARMUP > 0)
        for (const target of targets) await target.measure(WARMUP).catch((error: Error) => (/less than/.test(error.message) ? null : Promise.reject(error)));
      const report: StoreReport = { store, targets: [...targets], rounds: [], wrong: [] };
      for (let round = 0; round < ROUNDS; round += 1) {
        const figures = new Map<Target, Measurement>();
        // Rotated each round: each target in turn goes first, after the others.
        for (let i = 0; i < targets.length; i += 1) {
          const target = targets[(round + i) % targets.length]!;
          figures.set(target, await target.measure(DURATION));
          console.error(`  ${store} round ${round + 1}: ${target.name}: ${perSecond(figures.get(target)!.perSecond)}/s`);
        }
        const problem = checkRows(figures.get(api)!);
        if (problem) report.wrong.push(`${store} round ${round + 1}: ${problem}`);
        report.rounds.push(figures);
      }
      reports.push(report);
      const answered = api.lifetime().answered;
      await Promise.all(targets.map((t) => t.close()));
      targets.length = 0;
      if (profileDir) {
        console.log(
          `\nWhere the ${store} API server's time went, per enquiry (CPU profile of every thread, warm-up included):\n${summariseProfile(profileDir, answered)}`,
        );
        rmSync(profileDir, { recursive: true, force: true });
      }
    } finally {
      await Promise.all(targets.map((t) => t.close()));
    }
  }
} finally {
  postgres?.stop();
}

for (const report of reports) printReport(report);
console.log(
  `\nLoad average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}.`,
);
const wrong = reports.flatMap((r) => r.wrong);
if (wrong.length > 0) {
  console.error(`\nNot every enquiry was answered 201 and stored exactly once:\n${wrong.join("\n")}`);
  process.exit(1);
}
console.log("\nEvery enquiry answered 201 has its row; no round has more rows than the requests its end cut off.");
