import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import type { EnquiryStore } from "../../../src/server/store.ts";
import { ENQUIRY_URL, openTempStore, postEnquiry, testApp, VALID_ENQUIRY } from "./helpers.ts";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const JSON_TYPE = "application/json";
const VALID_BODY = JSON.stringify(VALID_ENQUIRY);

function post(payload: string, headers: Record<string, string> = { "content-type": JSON_TYPE }): InjectOptions {
  return { method: "POST", url: ENQUIRY_URL, headers, payload };
}

interface StatusCase {
  name: string;
  request: InjectOptions;
  status: number;
  error?: string;
}

const STATUS_CASES: StatusCase[] = [
  { name: "a valid enquiry", request: post(VALID_BODY), status: 201 },
  {
    name: "a valid enquiry without the trailing slash",
    request: { ...post(VALID_BODY), url: "/api/v1/enquiries" },
    status: 201,
  },
  {
    name: "a valid enquiry without a message",
    request: post(JSON.stringify({ ...VALID_ENQUIRY, message: undefined })),
    status: 201,
  },
  { name: "charset=utf-8", request: post(VALID_BODY, { "content-type": "application/json; charset=utf-8" }), status: 201 },
  { name: 'charset="UTF-8"', request: post(VALID_BODY, { "content-type": 'application/json; charset="UTF-8"' }), status: 201 },
  { name: "a JSON array", request: post("[]"), status: 400, error: "The request body must be a JSON object." },
  { name: "a JSON string", request: post('"hello"'), status: 400, error: "The request body must be a JSON object." },
  { name: "JSON null", request: post("null"), status: 400, error: "The request body must be a JSON object." },
  { name: "invalid JSON", request: post('{"first_name": '), status: 400, error: "The request body is not valid JSON." },
  {
    name: "a __proto__ key",
    request: post('{"__proto__": {"isAdmin": true}}'),
    status: 400,
    error: "The request body is not valid JSON.",
  },
  {
    name: "a constructor.prototype key",
    request: post('{"constructor": {"prototype": {"isAdmin": true}}}'),
    status: 400,
    error: "The request body is not valid JSON.",
  },
  { name: "an empty body", request: post(""), status: 400, error: "The request body is empty: send the enquiry as a JSON object." },
  {
    name: "a 33 KB body",
    request: post(JSON.stringify({ ...VALID_ENQUIRY, message: "x".repeat(33 * 1024) })),
    status: 413,
    error: "The request body is too large: the limit is 32 KB.",
  },
  {
    name: "text/plain",
    request: post(VALID_BODY, { "content-type": "text/plain" }),
    status: 415,
    error: "Send the enquiry as JSON, with Content-Type: application/json.",
  },
  {
    name: "form encoding",
    request: post("first_name=Asha", { "content-type": "application/x-www-form-urlencoded" }),
    status: 415,
    error: "Send the enquiry as JSON, with Content-Type: application/json.",
  },
  {
    name: "no content type",
    request: post(VALID_BODY, {}),
    status: 415,
    error: "Send the enquiry as JSON, with Content-Type: application/json.",
  },
  {
    name: "a charset other than UTF-8",
    request: post(VALID_BODY, { "content-type": "application/json; charset=iso-8859-1" }),
    status: 415,
    error: "Send the enquiry as JSON, with Content-Type: application/json.",
  },
  {
    name: "an Idempotency-Key over 200 characters",
    request: post(VALID_BODY, { "content-type": JSON_TYPE, "idempotency-key": "k".repeat(201) }),
    status: 400,
    error: "The Idempotency-Key header must be 1 to 200 visible ASCII characters.",
  },
  ...(["GET", "PUT", "DELETE", "PATCH", "OPTIONS"] as const).map((method) => ({
    name: `${method} on the enquiry route`,
    request: { method, url: ENQUIRY_URL },
    status: 405,
    error: "Use POST to send an enquiry.",
  })),
  { name: "an unknown API path", request: { method: "GET", url: "/api/v2/anything" }, status: 404, error: "Not found." },
  { name: "POST to an unknown API path", request: { ...post(VALID_BODY), url: "/api/v1/other" }, status: 404, error: "Not found." },
];

describe("POST /api/v1/enquiries", () => {
  it.each(STATUS_CASES)("answers $status to $name", async ({ request, status, error }) => {
    const { app } = testApp();
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const body = response.json();
    if (status === 201) expect(body).toEqual({ session_id: expect.stringMatching(UUID_V7) });
    else expect(body).toEqual(expect.objectContaining({ error }));
  });

  it.each(["GET", "PUT", "DELETE", "PATCH", "HEAD"] as const)("sends Allow: POST with a 405 for %s", async (method) => {
    const { app } = testApp();
    for (const url of ["/api/v1/enquiries", "/api/v1/enquiries/"]) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("POST");
    }
  });

  it("marks API answers as not to be cached", async () => {
    const { app } = testApp();
    const response = await postEnquiry(app, VALID_ENQUIRY);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("stores exactly the submitted fields, trimmed, with CRLF turned into LF", async () => {
    const now = Date.parse("2025-05-22T09:30:00.000Z");
    const store = openTempStore(() => now);
    const { app } = testApp({ store, now: () => now });
    const response = await postEnquiry(app, {
      ...VALID_ENQUIRY,
      first_name: "  Asha ",
      message: "Line one\r\nLine two\rLine three\n",
    });
    expect(await store.list()).toEqual([
      {
        id: 1,
        session_id: response.json().session_id,
        first_name: "Asha",
        last_name: "Verma",
        email: "asha.verma@example.com",
        phone: "+919876543210",
        subject: "Course enquiry",
        message: "Line one\nLine two\nLine three",
        created_at: "2025-05-22T09:30:00.000Z",
      },
    ]);
  });

  it("stores an absent message as an empty string", async () => {
    const { app, store } = testApp();
    const { message: _message, ...withoutMessage } = VALID_ENQUIRY;
    await postEnquiry(app, withoutMessage);
    const [row] = await store.list();
    expect(row?.message).toBe("");
  });

  it("names an unknown field and stores nothing", async () => {
    const { app, store } = testApp();
    const response = await postEnquiry(app, { ...VALID_ENQUIRY, company: "Acme" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Some fields are missing or not valid.",
      fields: { company: 'Unknown field "company".' },
    });
    expect(await store.count()).toBe(0);
  });

  it("lists every invalid field with a plain message", async () => {
    const { app } = testApp();
    const response = await postEnquiry(app, { first_name: " ", email: "not-an-email", phone: "9876543210" });
    expect(response.json().fields).toEqual({
      first_name: "Enter your first name.",
      last_name: "Enter your last name.",
      email: "Enter a valid email address.",
      phone: "Enter the phone number as + country code and 10 digits.",
      subject: "Choose a subject.",
    });
  });
});

describe("Idempotency-Key", () => {
  it("answers a repeated key with the first session_id and stores one row", async () => {
    const { app, store } = testApp();
    const headers = { "idempotency-key": "form-7f3b2c" };
    const first = await postEnquiry(app, VALID_ENQUIRY, headers);
    // The same enquiry, spelled with other whitespace: the same request once normalised.
    const second = await postEnquiry(app, { ...VALID_ENQUIRY, first_name: ` ${VALID_ENQUIRY.first_name} ` }, headers);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().session_id).toBe(first.json().session_id);
    expect(await store.count()).toBe(1);
  });

  it("answers 422 to a key reused with a different enquiry, and stores nothing new (IETF idempotency-key draft)", async () => {
    const { app, store } = testApp();
    const headers = { "idempotency-key": "form-7f3b2c" };
    await postEnquiry(app, VALID_ENQUIRY, headers);
    const second = await postEnquiry(app, { ...VALID_ENQUIRY, first_name: "Changed" }, headers);
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ error: "This Idempotency-Key was already used for a different enquiry: send a new key." });
    expect(await store.count()).toBe(1);
    expect((await store.list())[0]?.first_name).toBe("Asha");
  });

  it("stores two enquiries under two different keys", async () => {
    const { app, store } = testApp();
    const first = await postEnquiry(app, VALID_ENQUIRY, { "idempotency-key": "a" });
    const second = await postEnquiry(app, VALID_ENQUIRY, { "idempotency-key": "b" });
    expect(second.json().session_id).not.toBe(first.json().session_id);
    expect(await store.count()).toBe(2);
  });

  it("replays an answered request even when the IP is over its limit", async () => {
    const { app } = testApp({ rateLimit: 1 });
    const headers = { "idempotency-key": "retry-me" };
    const first = await postEnquiry(app, VALID_ENQUIRY, headers);
    const replay = await postEnquiry(app, VALID_ENQUIRY, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
  });
});

describe("rate limit", () => {
  it("answers 429 with Retry-After past the limit and stores nothing more", async () => {
    let now = Date.parse("2025-05-22T09:00:00.000Z");
    const store = openTempStore(() => now);
    const { app } = testApp({ store, rateLimit: 2, now: () => now });
    expect((await postEnquiry(app, VALID_ENQUIRY)).statusCode).toBe(201);
    now += 60_000;
    expect((await postEnquiry(app, VALID_ENQUIRY)).statusCode).toBe(201);
    now += 60_000;
    const limited = await postEnquiry(app, VALID_ENQUIRY);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBe("480");
    expect(limited.json()).toEqual({ error: "Too many enquiries from your network. Try again in 8 minutes." });
    expect(await store.count()).toBe(2);
  });

  it("lets the IP send again once the window has passed", async () => {
    let now = Date.parse("2025-05-22T09:00:00.000Z");
    const { app } = testApp({ rateLimit: 1, now: () => now });
    await postEnquiry(app, VALID_ENQUIRY);
    now += 10 * 60_000 + 1;
    expect((await postEnquiry(app, VALID_ENQUIRY)).statusCode).toBe(201);
  });

  it("counts each IP separately", async () => {
    const { app } = testApp({ rateLimit: 1 });
    const from = (remoteAddress: string) =>
      app.inject({
        method: "POST",
        url: ENQUIRY_URL,
        remoteAddress,
        headers: { "content-type": JSON_TYPE },
        payload: VALID_BODY,
      });
    expect((await from("203.0.113.1")).statusCode).toBe(201);
    expect((await from("203.0.113.2")).statusCode).toBe(201);
    expect((await from("203.0.113.1")).statusCode).toBe(429);
  });

  it("is off when set to 0", async () => {
    const { app, store } = testApp({ rateLimit: 0 });
    for (let i = 0; i < 8; i += 1) expect((await postEnquiry(app, VALID_ENQUIRY)).statusCode).toBe(201);
    expect(await store.count()).toBe(8);
  });

  it("defaults to 5 enquiries per IP", async () => {
    const { app } = testApp();
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await postEnquiry(app, VALID_ENQUIRY)).statusCode);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });
});

function failingStore(failing: keyof EnquiryStore): EnquiryStore {
  const store = openTempStore();
  return {
    ...store,
    [failing]: async () => {
      throw Object.assign(new Error("SQLITE_IOERR: disk I/O error at /srv/secret/enquiries.db"), {
        code: "SQLITE_IOERR",
      });
    },
  };
}

describe("unexpected errors", () => {
  it.each(["insert"] as const)("answers a generic 500 without details when the store's %s throws", async (failing) => {
    const { app } = testApp({ store: failingStore(failing) });
    const response = await postEnquiry(app, VALID_ENQUIRY, { "idempotency-key": "k1" });
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('{"error":"Internal server error"}');
  });
});

describe("CORS for a site on another origin", () => {
  const origin = "https://www.nexa.example";

  it("answers a preflight from an allowed origin", async () => {
    const { app } = testApp({ corsOrigins: [origin] });
    const response = await app.inject({ method: "OPTIONS", url: ENQUIRY_URL, headers: { origin } });
    expect(response.statusCode).toBe(204);
    expect(response.headers["access-control-allow-origin"]).toBe(origin);
    expect(response.headers["access-control-allow-headers"]).toBe("Content-Type, Idempotency-Key");
  });

  it("lets an allowed origin read the answer, and no other", async () => {
    const { app } = testApp({ corsOrigins: [origin], rateLimit: 0 });
    const allowed = await postEnquiry(app, VALID_ENQUIRY, { origin });
    const other = await postEnquiry(app, VALID_ENQUIRY, { origin: "https://evil.example" });
    expect(allowed.headers["access-control-allow-origin"]).toBe(origin);
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("lists OPTIONS in Allow once CORS is on", async () => {
    const { app } = testApp({ corsOrigins: [origin] });
    const response = await app.inject({ method: "GET", url: ENQUIRY_URL });
    expect(response.headers.allow).toBe("POST, OPTIONS");
  });
});
