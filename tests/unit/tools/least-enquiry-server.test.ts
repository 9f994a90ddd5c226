import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_SPAM_SETTINGS } from "../../../src/server/env.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import { ENQUIRY_COLUMNS, type EnquiryStore } from "../../../src/server/store.ts";
import { API_SECURITY_HEADERS } from "../../../src/shared/security-headers.ts";
import { freePort } from "../../../tools/test/free-port.ts";
import { ENQUIRY_URL, postEnquiry, tempDbPath, testApp } from "../server/helpers.ts";

// bench:api holds the API against this reference (tools/bench/least-enquiry-server.ts). It is
// only a fair "least" if it does the API's work for the bench's enquiries: the same answer and
// the same row, durably stored. These tests hold it to the API itself.

const SERVER = fileURLToPath(new URL("../../../tools/bench/least-enquiry-server.ts", import.meta.url));
const PROJECT = fileURLToPath(new URL("../../..", import.meta.url));

/** The enquiry bench:api sends (no form tokens: the spam judge keeps it as spam). */
const BENCH_ENQUIRY = {
  first_name: "Bench",
  last_name: "Visitor 7",
  email: "bench.visitor@example.com",
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "Load test enquiry 7: please ignore.",
};

const children: ChildProcess[] = [];
const stores: EnquiryStore[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) child.kill();
  for (const store of stores.splice(0)) await store.close();
});

async function startReference(dbPath: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: PROJECT,
    env: { ...process.env, PORT: String(port), ENQUIRY_DB: dbPath },
    stdio: ["ignore", "ignore", "pipe"],
  });
  children.push(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const url = `http://127.0.0.1:${port}${ENQUIRY_URL}`;
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`the reference server exited: ${stderr}`);
    try {
      await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
      return url;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`the reference server did not listen: ${stderr}`);
}

function rowsOf(dbPath: string): Record<string, unknown>[] {
  const db = new BetterSqlite3(dbPath, { readonly: true });
  try {
    return db.prepare(`SELECT ${ENQUIRY_COLUMNS.inserted.join(", ")} FROM enquiries ORDER BY id`).all() as Record<string, unknown>[];
  } finally {
    db.close();
  }
}

const SESSION_ANSWER = /^\{"session_id":"[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}"\}$/;

describe("the least enquiry server, bench:api's reference", () => {
  it("answers the bench's enquiry as the API does, and stores the row the API stores", async () => {
    const referenceDb = tempDbPath();
    const url = await startReference(referenceDb);
    const apiDb = tempDbPath();
    const store = openSqliteStore({ path: apiDb });
    stores.push(store);
    const { app } = testApp({ store, spam: DEFAULT_SPAM_SETTINGS });

    const reference = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(BENCH_ENQUIRY) });
    const api = await postEnquiry(app, BENCH_ENQUIRY);
    const referenceText = await reference.text();

    expect([reference.status, api.statusCode]).toEqual([201, 201]);
    expect(referenceText).toMatch(SESSION_ANSWER);
    expect(api.body).toMatch(SESSION_ANSWER);
    for (const name of [...Object.keys(API_SECURITY_HEADERS), "content-type", "content-length"]) {
      expect([name, reference.headers.get(name)]).toEqual([name, api.headers[name.toLowerCase()]]);
    }

    // Its 201 came after the commit: the row is there, read from another connection. It holds
    // what the API's row holds: the fields, the spam reasons, a keyed IP hash, the time, no key.
    const [stored] = rowsOf(referenceDb);
    const [expected] = rowsOf(apiDb);
    expect(stored).toMatchObject({ ...BENCH_ENQUIRY, session_id: JSON.parse(referenceText).session_id });
    expect(expected).toMatchObject({ ...BENCH_ENQUIRY, session_id: JSON.parse(api.body).session_id });
    const shape = (row: Record<string, unknown>) => ({
      ...row,
      session_id: "(own)",
      ip_hash: typeof row.ip_hash === "string" && /^[0-9a-f]{64}$/.test(row.ip_hash) ? "(a keyed hash)" : row.ip_hash,
      created_at: typeof row.created_at === "string" && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(row.created_at) ? "(a time)" : row.created_at,
    });
    expect(shape(stored!)).toEqual(shape(expected!));
    expect(expected!.spam_reasons).toBe('["token-missing","fill-time-missing","pow-missing"]');
  });

  it("answers only once its commit has returned", async () => {
    const referenceDb = tempDbPath();
    const url = await startReference(referenceDb);
    // Another connection holds the write lock: the reference's COMMIT waits, and so must its 201.
    const holder = new BetterSqlite3(referenceDb);
    holder.exec("BEGIN IMMEDIATE");
    let answered = false;
    const answer = fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(BENCH_ENQUIRY) }).then((response) => {
      answered = true;
      return response;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(answered).toBe(false);
    holder.exec("COMMIT");
    holder.close();
    expect((await answer).status).toBe(201);
    expect(rowsOf(referenceDb)).toHaveLength(1);
  });

  it("refuses an enquiry the contract refuses, and stores nothing", async () => {
    const referenceDb = tempDbPath();
    const url = await startReference(referenceDb);
    const { email: _email, ...withoutEmail } = BENCH_ENQUIRY;
    const answer = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(withoutEmail) });
    expect(answer.status).toBe(400);
    expect(rowsOf(referenceDb)).toEqual([]);
  });
});
