// The least a Node server can do to take an enquiry the way the API takes it, for `npm run
// bench:api` to hold the API against (docs/bench-api-2026-11-29-ceiling.md, "What any design could
// reach"): what the API's answer needs, and nothing it could do without.
//
// - node:http, no framework, one thread: no routing, hooks, logger or writer thread.
// - The API's own checks and row: the enquiry contract (validateEnquiry), the spam judge at
//   its default settings, the row the stores write (insertJob: time-ordered id, keyed IP hash,
//   times, spam reasons), and the API's answer with its security headers.
// - The same durability: SQLite in WAL with synchronous=FULL, the requests of one turn of the
//   event loop inserted in one transaction, each 201 sent only after that COMMIT (and its
//   fsync) returned. The fsync blocks the only thread; the requests arriving meanwhile make
//   the next turn's batch.
//
// Left out, because the bench's enquiries never need them: the idempotency and rate-limit
// reads (no key is sent, the limit is off), delivery rows (every bench enquiry is spam: it
// carries none of the form's tokens), error answers beyond a bare 400.
//
//   PORT=4600 ENQUIRY_DB=/tmp/x/enquiries.db node --import tsx tools/bench/least-enquiry-server.ts
import { createServer } from "node:http";
import { clientNetwork } from "../../src/server/client-network.ts";
import { validateEnquiry } from "../../src/server/enquiry-validator.ts";
import { DEFAULT_SPAM_SETTINGS } from "../../src/server/env.ts";
import { ipHasher, newIpHashKey } from "../../src/server/ip-hash.ts";
import { applySqliteMigrations } from "../../src/server/migrations.ts";
import { spamJudge } from "../../src/server/spam/spam-verdict.ts";
import { openDatabase } from "../../src/server/sqlite-store.ts";
import { ENQUIRY_COLUMNS, insertJob } from "../../src/server/store.ts";
import { API_SECURITY_HEADERS } from "../../src/shared/security-headers.ts";

const db = openDatabase(process.env.ENQUIRY_DB!);
applySqliteMigrations(db);
const judge = spamJudge({ formSecret: newIpHashKey(), readScripts: DEFAULT_SPAM_SETTINGS.readScripts });
const hashOfIp = ipHasher(newIpHashKey());
const columns = ENQUIRY_COLUMNS.inserted;
const insert = db.prepare(`INSERT INTO enquiries (${columns.join(", ")}) VALUES (${columns.map((column) => `@${column}`).join(", ")})`);
const commit = db.transaction((rows: readonly Record<string, unknown>[]) => {
  for (const row of rows) insert.run(row);
}).immediate;

let waiting: { row: Record<string, unknown>; stored(): void }[] = [];
let scheduled = false;
function commitTurn(): void {
  scheduled = false;
  const batch = waiting;
  waiting = [];
  commit(batch.map((job) => job.row));
  for (const job of batch) job.stored();
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const headers = { ...API_SECURITY_HEADERS, "content-type": "application/json; charset=utf-8" };

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", async () => {
    let body: unknown;
    try {
      body = JSON.parse(utf8.decode(Buffer.concat(chunks)));
    } catch {
      body = undefined;
    }
    const validation = validateEnquiry(body);
    if (!validation.ok) {
      response.writeHead(400, { ...headers, "content-length": 0 }).end();
      return;
    }
    const nowMs = Date.now();
    const verdict = await judge(validation.enquiry, nowMs);
    const { row } = insertJob(
      validation.enquiry,
      { ip: clientNetwork(request.socket.remoteAddress ?? ""), spamReasons: verdict.spam ? verdict.reasons : undefined },
      { hashOfIp, nowMs, channels: [] },
    );
    await new Promise<void>((stored) => {
      waiting.push({ row, stored });
      if (!scheduled) {
        scheduled = true;
        setImmediate(commitTurn);
      }
    });
    const answer = JSON.stringify({ session_id: row.session_id });
    response.writeHead(201, { ...headers, "content-length": Buffer.byteLength(answer) }).end(answer);
  });
}).listen(Number(process.env.PORT), "127.0.0.1");
