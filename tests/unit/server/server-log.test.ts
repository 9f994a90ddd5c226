import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import type { DueDelivery, Outbox } from "../../../src/server/delivery/outbox.ts";
import type { SendResult } from "../../../src/server/delivery/send-result.ts";
import { startDeliveryWorker } from "../../../src/server/delivery/worker.ts";
import { serverConfigFromEnv } from "../../../src/server/env.ts";
import type { LogFormat } from "../../../src/server/log-format.ts";
import { ENQUIRY_URL, postEnquiry, testApp, VALID_ENQUIRY } from "./helpers.ts";

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

function appWithLog(level: string, logFormat: LogFormat) {
  const { lines, stream } = logCapture();
  const { app } = testApp({ logger: { level, stream }, logFormat });
  return { app, lines };
}

const STAMP = String.raw`\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\]`;

describe("the human log format (the default)", () => {
  it.each([
    [
      "info",
      "nexa site and API on http://127.0.0.1:3000 (SQLite data/enquiries.db)",
      `^${STAMP} INFO: nexa site and API on http://127\\.0\\.0\\.1:3000 \\(SQLite data/enquiries\\.db\\)$`,
    ],
    [
      "warn",
      "Delivery d1 (webhook, try 2): HTTP 503; trying again in 60 s.",
      `^${STAMP} WARN: Delivery d1 \\(webhook, try 2\\): HTTP 503; trying again in 60 s\\.$`,
    ],
    ["error", "Deliveries paused: the outbox cannot be read: disk I/O error", `^${STAMP} ERROR: Deliveries paused: the outbox cannot be read: disk I/O error$`],
  ] as const)("writes a %s line as one line of time, level and message", (level, message, pattern) => {
    const { app, lines } = appWithLog("info", "human");
    app.log[level](message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(pattern));
  });

  it("writes a request line at debug as method, path, status, time and session", async () => {
    const { app, lines } = appWithLog("debug", "human");
    const sessionId: string = (await postEnquiry(app, VALID_ENQUIRY)).json().session_id;
    await app.inject({ url: "/courses/explore?utm_source=mail" });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(new RegExp(`^${STAMP} DEBUG: POST /api/v1/enquiries/ 201 \\d+(\\.\\d)? ms session ${sessionId}$`));
    expect(lines[1]).toMatch(new RegExp(`^${STAMP} DEBUG: GET /courses/explore 200 \\d+(\\.\\d)? ms$`));
  });

  it("writes a server fault as a problem a person can read, with its stack", async () => {
    const { lines, stream } = logCapture();
    const { app } = testApp({
      logger: { level: "info", stream },
      logFormat: "human",
      store: {
        kind: "sqlite",
        insert: async () => {
          throw new Error("disk I/O error");
        },
        list: async () => [],
        count: async () => 0,
        listSpam: async () => [],
        releaseSpam: async () => ({ outcome: "not-found" }),
        formSecret: "s".repeat(64),
        close: async () => undefined,
      },
    });
    expect((await postEnquiry(app, VALID_ENQUIRY)).statusCode).toBe(500);
    expect(lines[0]).toMatch(new RegExp(`^${STAMP} ERROR: request failed$`));
    expect(lines.join("\n")).toContain("Error: disk I/O error");
  });
});

describe("log levels", () => {
  it.each([
    ["info", 0],
    ["warn", 0],
    ["debug", 4],
    ["trace", 4],
  ])("at %s, four requests write %i request lines", async (level, count) => {
    const { app, lines } = appWithLog(level, "json");
    await postEnquiry(app, VALID_ENQUIRY);
    await postEnquiry(app, { ...VALID_ENQUIRY, email: "not an address" });
    await app.inject({ url: "/" });
    await app.inject({ url: "/no-such-page" });
    expect(lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === "request")).toHaveLength(count);
  });

  it.each([
    ["info", false],
    ["debug", true],
  ])("at %s, the request-log hook is on the enquiry route: %s (below debug it costs a request nothing)", async (level, hooked) => {
    const { app } = appWithLog(level, "json");
    await app.ready();
    expect(app.printRoutes({ includeHooks: true, commonPrefix: false }).includes("logRequest")).toBe(hooked);
  });
});

describe("LOG_FORMAT", () => {
  it.each([
    [{}, "human"],
    [{ LOG_FORMAT: "human" }, "human"],
    [{ LOG_FORMAT: "json" }, "json"],
    [{ LOG_FORMAT: " json " }, "json"],
  ])("%j gives the %s format", (env, format) => {
    expect(serverConfigFromEnv(env).logFormat).toBe(format);
  });

  it.each(["pretty", "JSON", "text"])("refuses LOG_FORMAT=%s in one line", (value) => {
    expect(() => serverConfigFromEnv({ LOG_FORMAT: value })).toThrow(`LOG_FORMAT must be one of human, json, not "${value}".`);
  });

  it("writes one JSON object per line with LOG_FORMAT=json", async () => {
    const { app, lines } = appWithLog("debug", "json");
    app.log.info("nexa API on http://127.0.0.1:3000 (PostgreSQL)");
    await postEnquiry(app, VALID_ENQUIRY);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries[0]).toMatchObject({ level: 30, msg: "nexa API on http://127.0.0.1:3000 (PostgreSQL)" });
    expect(entries[1]).toMatchObject({ level: 20, msg: "request", method: "POST", url: ENQUIRY_URL, status: 201 });
  });
});

/** An outbox with one due delivery of VALID_ENQUIRY per channel; settled deliveries are not handed out again. */
function oneDeliveryOutbox(): Outbox & { settled: Promise<void> } {
  let handedOut = false;
  let settle!: () => void;
  const settled = new Promise<void>((resolve) => (settle = resolve));
  const delivery = (channel: "email" | "webhook"): DueDelivery => ({
    id: `${channel}-1`,
    channel,
    attempts: 1,
    enquiry: { ...VALID_ENQUIRY, id: 1, session_id: "7d1c2a4e-0000-4000-8000-000000000001", created_at: new Date(0).toISOString() },
  });
  let pending = 2;
  return {
    settled,
    async claim() {
      if (handedOut) return [];
      handedOut = true;
      return [delivery("email"), delivery("webhook")];
    },
    async settle() {
      pending -= 1;
      if (pending === 0) settle();
    },
    list: async () => [],
    counts: async () => ({ pending: 0, delivered: 0, failed: 0 }),
    retry: async () => 0,
    close: async () => undefined,
  };
}

describe("no personal data in a whole run's log", () => {
  const PERSONAL = Object.entries(VALID_ENQUIRY).filter(([field]) => field !== "subject");

  it.each(["human", "json"] as const)("in the %s format at trace, over every kind of request and two deliveries", async (logFormat) => {
    const { lines, stream } = logCapture();
    const { app } = testApp({ logger: { level: "trace", stream }, logFormat, rateLimit: 1 });
    const log = app.log.child({});
    app.log.info("nexa site and API on http://127.0.0.1:3000 (SQLite data/enquiries.db)");
    const asJson = { "content-type": "application/json" };
    const body = JSON.stringify(VALID_ENQUIRY);
    await postEnquiry(app, VALID_ENQUIRY, { "idempotency-key": "k-1", "user-agent": VALID_ENQUIRY.email });
    await postEnquiry(app, VALID_ENQUIRY, { "idempotency-key": "k-1" });
    await postEnquiry(app, { ...VALID_ENQUIRY, message: "other" }, { "idempotency-key": "k-1" });
    await postEnquiry(app, VALID_ENQUIRY); // over the rate limit of 1
    await postEnquiry(app, { ...VALID_ENQUIRY, phone: "98765" });
    await postEnquiry(app, body.slice(0, -3)); // truncated JSON holding every field
    await app.inject({ method: "POST", url: ENQUIRY_URL, headers: { "content-type": "text/plain" }, payload: body });
    await app.inject({ method: "POST", url: ENQUIRY_URL, headers: asJson, payload: Buffer.from([0x7b, 0xff, 0x7d]) });
    await app.inject({ method: "GET", url: `${ENQUIRY_URL}?email=${encodeURIComponent(VALID_ENQUIRY.email)}` });
    await app.inject({ url: `/courses/explore?name=${VALID_ENQUIRY.first_name}&phone=${encodeURIComponent(VALID_ENQUIRY.phone)}` });

    const outbox = oneDeliveryOutbox();
    const failing = async (): Promise<SendResult> => ({ ok: false, permanent: false, error: "HTTP 503" });
    const worker = startDeliveryWorker({ outbox, senders: { email: async () => ({ ok: true }), webhook: failing }, log });
    await outbox.settled;
    await worker.stop();

    const text = lines.join("\n");
    expect(text).toContain("Delivery email-1 (email) sent.");
    expect(text).toContain("Delivery webhook-1 (webhook, try 1): HTTP 503; trying again in");
    expect(lines.length).toBeGreaterThanOrEqual(12);
    for (const [field, value] of PERSONAL) expect(text, `${field} "${value}" is in the log`).not.toContain(value);
    expect(text).not.toContain(encodeURIComponent(VALID_ENQUIRY.email));
  });
});
