import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Enquiry, EnquiryFields } from "../../../src/server/enquiry.ts";
import { parseTrustProxy } from "../../../src/server/env.ts";
import { startServer, type RunningServer } from "../../../src/server/start-server.ts";
import { SPAM_DEFENCES_OFF, VALID_ENQUIRY } from "./helpers.ts";
import { postJson, send, type RawRequest } from "./raw-http.ts";

/**
 * Hostile requests against a real listening server (SQLite, as `npm start` runs it). Each
 * bad request gets the right 4xx with a JSON {error}, stores nothing, and the server
 * answers the next valid enquiry with 201. Odd but valid ones are stored exactly as sent.
 */

const JSON_TYPE = { "content-type": "application/json" };
const VALID = JSON.stringify(VALID_ENQUIRY);
const MB = 1024 * 1024;

const INVALID_FIELDS = "Some fields are missing or not valid.";
const NOT_OBJECT = "The request body must be a JSON object.";
const NOT_JSON = "The request body is not valid JSON.";
const NOT_UTF8 = "The request body is not valid UTF-8 text.";
const TOO_LARGE = "The request body is too large: the limit is 32 KB.";
const EMPTY = "The request body is empty: send the enquiry as a JSON object.";
const SEND_JSON = "Send the enquiry as JSON, with Content-Type: application/json.";
const USE_POST = "Use POST to send an enquiry.";
const BAD_KEY = "The Idempotency-Key header must be 1 to 200 visible ASCII characters.";
const BAD_EMAIL = "Enter a valid email address.";
const BAD_PHONE = "Enter the phone number as + country code and 10 digits.";

interface HostileCase {
  name: string;
  request: RawRequest;
  status: number;
  error: string;
  /** For 400s about fields: the exact field messages. */
  fields?: Record<string, string>;
  /** Extra header expectations. */
  headers?: Record<string, string>;
}

const json = (body: string, extra: Record<string, string> = {}): RawRequest => ({ headers: { ...JSON_TYPE, ...extra }, body });
const withFields = (fields: Record<string, unknown>): RawRequest => json(JSON.stringify({ ...VALID_ENQUIRY, ...fields }));
const fieldCase = (name: string, fields: Record<string, unknown>, expected: Record<string, string>): HostileCase => ({
  name,
  request: withFields(fields),
  status: 400,
  error: INVALID_FIELDS,
  fields: expected,
});
const nested = (depth: number, open: string, close: string, inner = "") => open.repeat(depth) + inner + close.repeat(depth);

const CASES: HostileCase[] = [
  // Wrong types, nulls, arrays, nested objects.
  fieldCase("a number as first name", { first_name: 42 }, { first_name: "First name must be text." }),
  fieldCase("null as last name", { last_name: null }, { last_name: "Last name must be text." }),
  fieldCase("an array as email", { email: ["asha@example.com"] }, { email: "Email must be text." }),
  fieldCase("an object as phone", { phone: { country: "+91", number: "9876543210" } }, { phone: "Phone must be text." }),
  fieldCase("true as subject", { subject: true }, { subject: "Subject must be text." }),
  fieldCase("a number as message", { message: 1e308 }, { message: "Message must be text." }),
  fieldCase("the phone as a JSON number", { phone: 919876543210 }, { phone: "Phone must be text." }),
  fieldCase(
    "every field null",
    { first_name: null, last_name: null, email: null, phone: null, subject: null, message: null },
    {
      first_name: "First name must be text.",
      last_name: "Last name must be text.",
      email: "Email must be text.",
      phone: "Phone must be text.",
      subject: "Subject must be text.",
      message: "Message must be text.",
    },
  ),
  {
    name: "an empty object",
    request: json("{}"),
    status: 400,
    error: INVALID_FIELDS,
    fields: {
      first_name: "Enter your first name.",
      last_name: "Enter your last name.",
      email: "Enter your email address.",
      phone: "Enter your phone number.",
      subject: "Choose a subject.",
    },
  },
  fieldCase("names of spaces only", { first_name: "   ", last_name: "\t" }, { first_name: "Enter your first name.", last_name: "Enter your last name." }),
  {
    name: "a field nested 5 000 levels deep",
    request: json(`{"first_name":${nested(5000, '{"a":', "}", "1")},${VALID.slice(VALID.indexOf('"last_name"'))}`),
    status: 400,
    error: INVALID_FIELDS,
    fields: { first_name: "First name must be text." },
  },
  { name: "a JSON array", request: json("[]"), status: 400, error: NOT_OBJECT, fields: {} },
  { name: "JSON null", request: json("null"), status: 400, error: NOT_OBJECT, fields: {} },
  { name: "a JSON string", request: json('"enquiry"'), status: 400, error: NOT_OBJECT, fields: {} },
  { name: "a JSON number", request: json("12"), status: 400, error: NOT_OBJECT, fields: {} },
  { name: "arrays nested 10 000 levels deep", request: json(nested(10_000, "[", "]")), status: 400, error: NOT_OBJECT, fields: {} },
  { name: "an array of enquiries", request: json(`[${VALID},${VALID}]`), status: 400, error: NOT_OBJECT, fields: {} },
  fieldCase("an unknown field", { company: "Evil Corp" }, { company: 'Unknown field "company".' }),
  fieldCase("1 000 unknown fields", Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`x${i}`, i])), {
    ...Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`x${i}`, `Unknown field "x${i}".`])),
  }),

  // Prototype pollution.
  { name: "a __proto__ key", request: json(`{"__proto__":{"isAdmin":true},${VALID.slice(1)}`), status: 400, error: NOT_JSON },
  { name: "a __proto__ key spelt with \\u escapes", request: json(`{"\\u005f_proto__":{"isAdmin":true}}`), status: 400, error: NOT_JSON },
  { name: "a __proto__ key inside a field", request: withFields({ message: JSON.parse('{"__proto__":{"x":1}}') }), status: 400, error: NOT_JSON },
  { name: "a constructor.prototype key", request: json('{"constructor":{"prototype":{"isAdmin":true}}}'), status: 400, error: NOT_JSON },
  fieldCase("a plain constructor key", { constructor: "x" }, { constructor: 'Unknown field "constructor".' }),
  fieldCase(
    "a toString key",
    { toString: "x", hasOwnProperty: 1 },
    { toString: 'Unknown field "toString".', hasOwnProperty: 'Unknown field "hasOwnProperty".' },
  ),

  // Sizes.
  { name: "a 33 KB body", request: withFields({ message: "x".repeat(33 * 1024) }), status: 413, error: TOO_LARGE },
  { name: "a 10 MB body", request: json(`{"message":"${"x".repeat(10 * MB)}"}`), status: 413, error: TOO_LARGE },
  {
    name: "a 10 MB body sent chunked, without Content-Length",
    request: { headers: JSON_TYPE, body: `{"message":"${"x".repeat(10 * MB)}"}`, chunkSize: 64 * 1024 },
    status: 413,
    error: TOO_LARGE,
  },
  { name: "a 32 KB + 1 byte body", request: json(" ".repeat(32 * 1024 + 1 - VALID.length) + VALID), status: 413, error: TOO_LARGE },
  fieldCase("a message one character too long", { message: "x".repeat(5001) }, { message: "Message must be at most 5000 characters." }),
  fieldCase("a first name one character too long", { first_name: "A".repeat(101) }, { first_name: "First name must be at most 100 characters." }),

  // Invalid, truncated and empty JSON.
  { name: "invalid JSON", request: json("{first_name: 'Asha'}"), status: 400, error: NOT_JSON },
  { name: "truncated JSON", request: json(VALID.slice(0, 40)), status: 400, error: NOT_JSON },
  { name: "JSON with garbage after it", request: json(`${VALID}xyz`), status: 400, error: NOT_JSON },
  { name: "two JSON objects", request: json(`${VALID}${VALID}`), status: 400, error: NOT_JSON },
  { name: "a body of spaces", request: json("   "), status: 400, error: NOT_JSON },
  { name: "an empty body", request: json(""), status: 400, error: EMPTY },

  // Content types and charsets.
  { name: "text/plain", request: { headers: { "content-type": "text/plain" }, body: VALID }, status: 415, error: SEND_JSON },
  { name: "no Content-Type", request: { body: VALID }, status: 415, error: SEND_JSON },
  {
    name: "a form post",
    request: { headers: { "content-type": "application/x-www-form-urlencoded" }, body: "first_name=Asha" },
    status: 415,
    error: SEND_JSON,
  },
  { name: "multipart/form-data", request: { headers: { "content-type": "multipart/form-data; boundary=x" }, body: "--x--" }, status: 415, error: SEND_JSON },
  { name: "application/jsonx", request: { headers: { "content-type": "application/jsonx" }, body: VALID }, status: 415, error: SEND_JSON },
  { name: "charset=iso-8859-1", request: json(VALID, { "content-type": "application/json; charset=iso-8859-1" }), status: 415, error: SEND_JSON },
  { name: "charset=utf-16", request: json(VALID, { "content-type": "application/json; charset=utf-16" }), status: 415, error: SEND_JSON },
  {
    name: "Latin-1 bytes sent as UTF-8",
    request: { headers: JSON_TYPE, body: Buffer.from(JSON.stringify({ ...VALID_ENQUIRY, first_name: "René" }), "latin1") },
    status: 400,
    error: NOT_UTF8,
  },
  {
    name: "an overlong UTF-8 encoding",
    request: { headers: JSON_TYPE, body: Buffer.concat([Buffer.from('{"first_name":"'), Buffer.from([0xc0, 0xaf]), Buffer.from('"}')]) },
    status: 400,
    error: NOT_UTF8,
  },
  { name: "a UTF-16 body", request: { headers: JSON_TYPE, body: Buffer.from(VALID, "utf16le") }, status: 400, error: NOT_JSON },

  // Control characters and line breaks in fields.
  fieldCase("a bell character in the first name", { first_name: "As\u0007ha" }, { first_name: "First name must not contain control characters." }),
  fieldCase("CR/LF inside the last name", { last_name: "Ver\r\nma" }, { last_name: "Last name must not contain control characters." }),
  fieldCase("a header injection in the subject", { subject: "Hello\r\nBcc: all@evil.example" }, { subject: "Subject must not contain control characters." }),
  fieldCase("a NUL in the message", { message: "hi\u0000there" }, { message: "Message must not contain control characters." }),
  fieldCase(
    "a terminal escape sequence in the first name",
    { first_name: "\u001b[31mAsha" },
    { first_name: "First name must not contain control characters." },
  ),
  fieldCase("a C1 control character in the subject", { subject: "Course\u009benquiry" }, { subject: "Subject must not contain control characters." }),
  fieldCase("a lone UTF-16 surrogate in the last name", { last_name: "Ver\ud800ma" }, { last_name: "Last name contains characters that are not valid text." }),

  // Email addresses.
  fieldCase("a 65-character local part", { email: `${"a".repeat(65)}@example.com` }, { email: BAD_EMAIL }),
  fieldCase("a 64-character domain label", { email: `asha@${"d".repeat(64)}.com` }, { email: BAD_EMAIL }),
  fieldCase(
    "a 255-character email",
    { email: `${"a".repeat(64)}@${"d".repeat(63)}.${"e".repeat(63)}.${"f".repeat(58)}.com` },
    { email: "Email must be at most 254 characters." },
  ),
  fieldCase("two @ signs", { email: "asha@verma@example.com" }, { email: BAD_EMAIL }),
  fieldCase("a space in the email", { email: "asha verma@example.com" }, { email: BAD_EMAIL }),
  fieldCase("an email without a domain dot", { email: "asha@localhost" }, { email: BAD_EMAIL }),
  fieldCase("an email with CR/LF and a Bcc header", { email: "asha@example.com\r\nBcc: all@evil.example" }, { email: BAD_EMAIL }),

  // Phone numbers.
  fieldCase("a phone without +", { phone: "919876543210" }, { phone: BAD_PHONE }),
  fieldCase("a phone with 9 digits", { phone: "+987654321" }, { phone: BAD_PHONE }),
  fieldCase("a phone with a 5-digit country code", { phone: "+123459876543210" }, { phone: BAD_PHONE }),
  fieldCase("a phone with spaces and dashes", { phone: "+91 98765-43210" }, { phone: BAD_PHONE }),
  fieldCase("a phone in full-width digits", { phone: "＋９１９８７６５４３２１０" }, { phone: BAD_PHONE }),
  fieldCase("a phone in Arabic-Indic digits", { phone: "+٩١٩٨٧٦٥٤٣٢١٠" }, { phone: BAD_PHONE }),
  fieldCase("a phone that is only +", { phone: "+" }, { phone: BAD_PHONE }),
  fieldCase("a phone 21 characters long", { phone: `+${"1".repeat(20)}` }, { phone: "Phone must be at most 20 characters." }),

  // Methods, paths and headers.
  { name: "GET", request: { method: "GET" }, status: 405, error: USE_POST, headers: { allow: "POST" } },
  { name: "PUT", request: { method: "PUT", ...json(VALID) }, status: 405, error: USE_POST, headers: { allow: "POST" } },
  { name: "DELETE", request: { method: "DELETE" }, status: 405, error: USE_POST, headers: { allow: "POST" } },
  { name: "PATCH", request: { method: "PATCH", ...json(VALID) }, status: 405, error: USE_POST, headers: { allow: "POST" } },
  { name: "OPTIONS", request: { method: "OPTIONS" }, status: 405, error: USE_POST, headers: { allow: "POST" } },
  { name: "another API path", request: { ...json(VALID), path: "/api/v1/enquiries/1" }, status: 404, error: "Not found." },
  { name: "an Idempotency-Key of 201 characters", request: json(VALID, { "idempotency-key": "k".repeat(201) }), status: 400, error: BAD_KEY },
  { name: "an Idempotency-Key with a space", request: json(VALID, { "idempotency-key": "two words" }), status: 400, error: BAD_KEY },
  { name: "an Idempotency-Key with a non-ASCII byte", request: json(VALID, { "idempotency-key": "caf\u00e9" }), status: 400, error: BAD_KEY },
];

interface ValidCase {
  name: string;
  request: RawRequest;
  /** What the row must hold, exactly. */
  stored: Partial<Required<EnquiryFields>>;
}

const SQL_TEXT = "Robert'); DROP TABLE enquiries;--";
const valid = (name: string, fields: Partial<Enquiry>, stored: Partial<Enquiry> = fields): ValidCase => ({
  name,
  request: withFields(fields),
  stored,
});

const VALID_CASES: ValidCase[] = [
  valid("right-to-left names (Arabic, Hebrew)", { first_name: "محمد", last_name: "כהן", subject: "استفسار عن دورة" }),
  valid("emoji names, with skin tones, flags and joined families", { first_name: "Asha 👩🏽‍💻", last_name: "🇮🇳 👨‍👩‍👧‍👦", message: "🙏🏽✨" }),
  valid("Devanagari and combining marks", { first_name: "आशा", last_name: "वर्मा", message: "Zoë Ångström naïve" }),
  valid("names of exactly 100 emoji (200 UTF-16 units)", { first_name: "😀".repeat(100) }),
  valid("SQL-looking text in every field, kept as data", {
    first_name: SQL_TEXT,
    last_name: "' OR '1'='1",
    subject: "1; DELETE FROM enquiries",
    message: "'; UPDATE enquiries SET email = 'x'; --",
  }),
  valid("HTML in the message, kept as text", { message: "<script>alert(1)</script><img src=x onerror=alert(1)>" }),
  valid("CR/LF line breaks in the message, stored as LF", { message: "line one\r\nline two\rline three" }, { message: "line one\nline two\nline three" }),
  valid(
    "spaces around every field, trimmed",
    { first_name: "  Asha  ", email: " asha.verma@example.com " },
    { first_name: "Asha", email: "asha.verma@example.com" },
  ),
  valid("a 64-character local part", { email: `${"a".repeat(64)}@example.com` }),
  valid("a 4-digit country code", { phone: "+12689876543210" }),
  {
    name: "an upper-case content type with charset",
    request: json(VALID, { "content-type": "APPLICATION/JSON; CHARSET=UTF-8" }),
    stored: VALID_ENQUIRY,
  },
  {
    name: "a body with a UTF-8 byte order mark",
    request: { headers: JSON_TYPE, body: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(VALID)]) },
    stored: VALID_ENQUIRY,
  },
  { name: "a chunked body", request: { headers: JSON_TYPE, body: VALID, chunkSize: 7 }, stored: VALID_ENQUIRY },
];

// These servers live for the whole file, so their databases are not in helpers.ts's per-test temp dirs.
const dirs: string[] = [];
function fileDbPath(): string {
  const dir = mkdtempSync(join(tmpdir(), "nexa-hostile-"));
  dirs.push(dir);
  return join(dir, "enquiries.db");
}
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

let server: RunningServer;
let dbPath: string;
let readonlyDb: BetterSqlite3.Database;
let ipCounter = 0;

function rowCount(): number {
  return (readonlyDb.prepare("SELECT COUNT(*) AS n FROM enquiries").get() as { n: number }).n;
}

async function expectStillServing(): Promise<void> {
  const before = rowCount();
  const response = await postJson(server.url, VALID_ENQUIRY);
  expect(response.status).toBe(201);
  expect(rowCount()).toBe(before + 1);
}

beforeAll(async () => {
  dbPath = fileDbPath();
  server = await startServer({ port: 0, distDir: null, dbPath, rateLimit: 0, logger: false, spam: SPAM_DEFENCES_OFF });
  readonlyDb = new BetterSqlite3(dbPath, { readonly: true });
});

afterAll(async () => {
  readonlyDb?.close();
  await server?.close();
});

describe("hostile enquiry requests", () => {
  it("has the cases the issue asks for", () => {
    expect(CASES.length + VALID_CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES)("$name → $status, nothing stored, still serving", async ({ request, status, error, fields, headers }) => {
    const before = rowCount();
    const response = await send(server.url, request);
    expect(response.status).toBe(status);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(response.json).toEqual(fields === undefined ? { error } : { error, fields });
    for (const [name, value] of Object.entries(headers ?? {})) expect(response.headers[name]).toBe(value);
    expect(rowCount()).toBe(before);
    await expectStillServing();
  });

  it.each(VALID_CASES)("$name → 201, stored exactly", async ({ request, stored }) => {
    const response = await send(server.url, request);
    expect(response.status).toBe(201);
    const sessionId = (response.json as { session_id: string }).session_id;
    const row = readonlyDb.prepare("SELECT * FROM enquiries WHERE session_id = ?").get(sessionId);
    expect(row).toMatchObject(stored);
  });

  it("keeps the table and its migrations intact after SQL-looking input", () => {
    const tables = readonlyDb.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all();
    expect(tables).toEqual([
      { name: "data_removals" },
      { name: "enquiries" },
      { name: "enquiry_deliveries" },
      { name: "schema_migrations" },
      { name: "server_settings" },
      { name: "staff" },
      { name: "staff_audit" },
      { name: "staff_invites" },
      { name: "staff_passkeys" },
      { name: "staff_sessions" },
      { name: "used_challenges" },
    ]);
    expect(readonlyDb.prepare("SELECT COUNT(*) AS n FROM enquiries WHERE first_name = ?").get(SQL_TEXT)).toEqual({ n: 1 });
    expect(readonlyDb.pragma("integrity_check", { simple: true })).toBe("ok");
  });

  it("survives 20 simultaneous 10 MB uploads, refusing each with 413", async () => {
    const before = rowCount();
    const body = `{"message":"${"x".repeat(10 * MB)}"}`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => send(server.url, json(body))));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(413));
    expect(rowCount()).toBe(before);
    await expectStillServing();
  });

  it("survives 300 simultaneous malformed requests", async () => {
    const before = rowCount();
    const bad = CASES.filter((c) => c.status === 400 && !c.name.includes("10 MB"));
    const responses = await Promise.all(Array.from({ length: 300 }, (_, i) => send(server.url, bad[i % bad.length]!.request)));
    expect(new Set(responses.map((r) => r.status))).toEqual(new Set([400]));
    expect(rowCount()).toBe(before);
    await expectStillServing();
  });
});

describe("a flood past the rate limit", () => {
  let limited: RunningServer;
  let limitedDb: BetterSqlite3.Database;

  beforeAll(async () => {
    const path = fileDbPath();
    // Behind one trusted proxy, as in production: X-Forwarded-For names the client.
    limited = await startServer({
      port: 0,
      distDir: null,
      dbPath: path,
      rateLimit: 5,
      trustProxy: parseTrustProxy("loopback"),
      logger: false,
      spam: SPAM_DEFENCES_OFF,
    });
    limitedDb = new BetterSqlite3(path, { readonly: true });
  });

  afterAll(async () => {
    limitedDb?.close();
    await limited?.close();
  });

  const count = () => (limitedDb.prepare("SELECT COUNT(*) AS n FROM enquiries").get() as { n: number }).n;
  const fromIp = (ip: string) => postJson(limited.url, VALID_ENQUIRY, { "x-forwarded-for": ip });

  it("admits exactly 5 of 60 simultaneous enquiries from one IP and answers the rest 429", async () => {
    const ip = `198.51.100.${(ipCounter += 1)}`;
    const responses = await Promise.all(Array.from({ length: 60 }, () => fromIp(ip)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(55);
    for (const response of responses.filter((r) => r.status === 429)) {
      expect(response.json).toEqual({ error: "Too many enquiries from your network. Try again in 10 minutes." });
      expect(Number(response.headers["retry-after"])).toBeGreaterThan(590);
    }
    expect(count()).toBe(5);
  });

  it("keeps serving other visitors during and after the flood", async () => {
    const flooder = `198.51.100.${(ipCounter += 1)}`;
    const others = Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 1}`);
    const before = count();
    const [flood, visitors] = await Promise.all([Promise.all(Array.from({ length: 100 }, () => fromIp(flooder))), Promise.all(others.map(fromIp))]);
    expect(flood.filter((r) => r.status === 201)).toHaveLength(5);
    expect(visitors.map((r) => r.status)).toEqual(Array(10).fill(201));
    expect(count()).toBe(before + 15);
    expect((await fromIp("192.0.2.200")).status).toBe(201);
  });

  it("does not let a forged X-Forwarded-For entry escape the limit", async () => {
    const client = `198.51.100.${(ipCounter += 1)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      // The proxy appends the real client; the forged entries to its left are not believed.
      const response = await postJson(limited.url, VALID_ENQUIRY, { "x-forwarded-for": `10.9.9.${i}, ${client}` });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
  });
});
