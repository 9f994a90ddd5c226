import { renameSync, rmSync, writeFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_TIMEOUTS } from "../../../src/server/env.ts";
import { startServer, type RunningServer } from "../../../src/server/start-server.ts";
import { securityHeaders } from "../../../src/shared/security-headers.ts";
import type { EnquiryStore } from "../../../src/server/store.ts";
import { openTempStore, postEnquiry, tempDbPath, testApp, VALID_ENQUIRY } from "./helpers.ts";

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});

const SHORT = { headersMs: 400, requestMs: 900, keepAliveMs: 400 };
/** A loaded test machine may be late closing; a client left alone is cut at 10 s (slowClient). */
const SLACK_MS = 4000;

async function serve(timeouts = SHORT): Promise<{ host: string; port: number }> {
  const server = await startServer({ port: 0, distDir: null, dbPath: tempDbPath(), rateLimit: 0, logger: false, timeouts });
  servers.push(server);
  const url = new URL(server.url);
  return { host: url.hostname, port: Number(url.port) };
}

interface RawExchange {
  /** Everything the server sent, as text. */
  answer: string;
  /** Milliseconds from connecting until the server closed the connection. */
  closedAfterMs: number;
}

/**
 * A client on a bare socket: writes `pieces` with `gapMs` between them (a slow client), then
 * waits, reading, until the server closes the connection.
 */
function slowClient(address: { host: string; port: number }, pieces: string[], gapMs: number): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(address.port, address.host);
    const started = performance.now();
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open: ${answer}`));
    }, 10_000);
    socket.on("close", () => clearTimeout(giveUp));
    socket.on("connect", () => {
      let i = 0;
      const next = () => {
        if (i >= pieces.length || socket.destroyed) return;
        socket.write(pieces[i++]!);
        timer = setTimeout(next, gapMs);
      };
      next();
    });
  });
}

function statusOf(answer: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
}

function headersOf(answer: string): Record<string, string> {
  const head = answer.split("\r\n\r\n")[0]!.split("\r\n").slice(1);
  return Object.fromEntries(head.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
}

function bodyOf(answer: string): unknown {
  return JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4));
}

/** The security headers every answer carries, lower-cased as they arrive. */
const SECURITY = Object.fromEntries(Object.entries(securityHeaders()).map(([name, value]) => [name.toLowerCase(), value]));

const BODY = JSON.stringify(VALID_ENQUIRY);
const HEAD = `POST /api/v1/enquiries/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(BODY)}\r\n`;

describe("timeouts (docs/api.md): a slow client cannot hold a connection", () => {
  it("are 10 s for headers, 30 s for the whole request and 5 s for an idle keep-alive connection by default", async () => {
    expect(DEFAULT_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
    const server = await startServer({ port: 0, distDir: null, dbPath: tempDbPath(), logger: false });
    servers.push(server);
    expect([server.app.server.headersTimeout, server.app.server.requestTimeout, server.app.server.keepAliveTimeout]).toEqual([10_000, 30_000, 5_000]);
  });

  it.each([
    // Headers dribbled one line at a time, never finished.
    ["headers never finished, a line every 100 ms", [...HEAD.split(/(?<=\r\n)/), ...Array(40).fill("X-Slow: 1\r\n")], 100, SHORT.headersMs],
    // Headers in time, then the body one byte at a time.
    ["a body sent one byte every 50 ms", [`${HEAD}\r\n`, ...BODY.split("")], 50, SHORT.requestMs],
  ])("%s: 408 with the security headers and a JSON error, then the connection closes", async (_name, pieces, gapMs, limitMs) => {
    const address = await serve();
    const { answer, closedAfterMs } = await slowClient(address, pieces as string[], gapMs);
    expect(statusOf(answer)).toBe(408);
    expect(headersOf(answer)).toMatchObject({ ...SECURITY, "content-type": "application/json; charset=utf-8", connection: "close" });
    expect(bodyOf(answer)).toEqual({ error: "The request took too long to arrive." });
    // Cut after the limit (Node checks every tenth of the shorter limit), not held open.
    expect(closedAfterMs).toBeGreaterThanOrEqual(limitMs - 50);
    expect(closedAfterMs).toBeLessThan(limitMs + SLACK_MS);
  });

  it.each([50, 150, 250])("serves a client that is slow but within the limits (a header line every %i ms)", async (gapMs) => {
    const address = await serve({ ...SHORT, headersMs: 2_000, requestMs: 4_000 });
    const lines = HEAD.split(/(?<=\r\n)/);
    const { answer } = await slowClient(address, [...lines.slice(0, 4), `${lines.slice(4).join("")}Connection: close\r\n\r\n${BODY}`], gapMs);
    expect(statusOf(answer)).toBe(201);
  });

  it.each([1_000, 2_000])("closes a keep-alive connection idle for keepAliveMs = %i, and says so", async (keepAliveMs) => {
    const address = await serve({ ...SHORT, keepAliveMs });
    const { answer, closedAfterMs } = await slowClient(address, [`${HEAD}\r\n${BODY}`], 0);
    expect(statusOf(answer)).toBe(201);
    expect(headersOf(answer)["keep-alive"]).toBe(`timeout=${keepAliveMs / 1000}`);
    expect(closedAfterMs).toBeGreaterThanOrEqual(keepAliveMs - 50);
    expect(closedAfterMs).toBeLessThan(keepAliveMs + SLACK_MS);
  });
});

describe("requests Node itself refuses answer like every other error", () => {
  it.each([
    ["a request line that is not HTTP", "GARBAGE\r\n\r\n", 400, "The request could not be read as HTTP."],
    ["a header without a colon", "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400, "The request could not be read as HTTP."],
    ["a bad Content-Length", "POST /api/v1/enquiries/ HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n", 400, "The request could not be read as HTTP."],
    ["headers of 20 KB", `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`, 431, "The request headers are too large."],
    [
      "headers of 100 KB over many lines",
      `GET / HTTP/1.1\r\nHost: x\r\n${"X-Many: aaaaaaaaaa\r\n".repeat(5_000)}\r\n`,
      431,
      "The request headers are too large.",
    ],
  ])("%s: its status, the security headers and a JSON error", async (_name, raw, status, error) => {
    const address = await serve();
    const { answer } = await slowClient(address, [raw], 0);
    expect(statusOf(answer)).toBe(status);
    expect(headersOf(answer)).toMatchObject({ ...SECURITY, "cache-control": "no-store", "content-type": "application/json; charset=utf-8" });
    expect(bodyOf(answer)).toEqual({ error });
  });
});

describe("required fields made only of invisible characters", () => {
  const INVISIBLE = ["\u200b", "\u3164", "\u115f\u1160", "\uffa0", "\u200d\u200c", "\u2800", "\u200b\u00a0\u3000", "\u2060\u180e", "\ufe0f", "\u034f\u17b4"];
  const FIELDS = [
    ["first_name", "Enter your first name."],
    ["last_name", "Enter your last name."],
    ["subject", "Choose a subject."],
  ] as const;

  // The schema's visible-character pattern is the one rule (form and API alike): such a field counts as empty.
  for (const [field, message] of FIELDS) {
    it.each(INVISIBLE)(`${field} = %j: 400 naming the field, nothing stored`, async (value) => {
      const { app, store } = testApp({ rateLimit: 0 });
      const response = await postEnquiry(app, { ...VALID_ENQUIRY, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: "Some fields are missing or not valid.",
        fields: { [field]: message },
      });
      expect(await store.count()).toBe(0);
    });
  }

  it.each(["A\u200bsha", "\u3164Asha", "李", "Zoë", "\u0915\u094d\u200d\u0937"])(
    "a name with visible letters among them is stored (%j)",
    async (first_name) => {
      const { app } = testApp({ rateLimit: 0 });
      expect((await postEnquiry(app, { ...VALID_ENQUIRY, first_name })).statusCode).toBe(201);
    },
  );
});

function failingStore(code: string): EnquiryStore {
  const store = openTempStore();
  return { ...store, kind: store.kind, insert: async () => Promise.reject(Object.assign(new Error("store failed"), { code })) };
}

describe("store faults a client is told about", () => {
  it.each([
    ["SQLite's disk full", "SQLITE_FULL"],
    ["PostgreSQL's disk_full", "53100"],
  ])("%s: 507 with Retry-After", async (_name, code) => {
    const { app } = testApp({ store: failingStore(code) });
    const response = await postEnquiry(app, VALID_ENQUIRY);
    expect(response.statusCode).toBe(507);
    expect(response.headers["retry-after"]).toBe("300");
    expect(response.json()).toEqual({ error: "The server cannot store enquiries just now: its disk is full. Please try again later." });
  });

  it("any other store fault stays a plain 500", async () => {
    const { app } = testApp({ store: failingStore("SQLITE_IOERR") });
    const response = await postEnquiry(app, VALID_ENQUIRY);
    expect(response.statusCode).toBe(500);
    expect(response.headers["retry-after"]).toBeUndefined();
  });

  it.each([
    ["deleted", (path: string) => rmSync(path)],
    [
      "replaced by another file",
      (path: string) => {
        writeFileSync(`${path}.new`, "");
        renameSync(`${path}.new`, path);
      },
    ],
  ])("the database file %s under the running server: 503 and logged, never a 201", async (_name, change) => {
    const path = tempDbPath();
    const lines: string[] = [];
    const server = await startServer({
      port: 0,
      distDir: null,
      dbPath: path,
      rateLimit: 0,
      logger: { level: "error", stream: { write: (line: string) => lines.push(line) } },
    });
    servers.push(server);
    const post = () => fetch(`${server.url}/api/v1/enquiries/`, { method: "POST", headers: { "content-type": "application/json" }, body: BODY });
    expect((await post()).status).toBe(201);
    change(path);
    for (let i = 0; i < 3; i += 1) {
      const response = await post();
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).toBe("60");
      expect(await response.json()).toEqual({ error: "The server cannot store enquiries just now. Please try again later." });
    }
    expect(lines.join("")).toContain("was deleted or replaced while the server was running");
  });
});
