import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../../src/server/app.ts";
import { DEFAULT_SPAM_SETTINGS } from "../../../src/server/env.ts";
import { releaseReport, spamTable } from "../../../src/server/enquiry-export.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import { ENQUIRY_URL, tempDbPath, tempSite, VALID_ENQUIRY } from "./helpers.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const CHALLENGE_URL = "/api/v1/enquiries/challenge";

/** The app with the defences on (as `npm start` runs it), email configured, on a clock the test moves. */
function defendedApp(options: { rateLimit?: number; trustProxy?: string | false } = {}) {
  const dbPath = tempDbPath();
  const clock = { ms: Date.now() };
  const now = () => clock.ms;
  const store = openSqliteStore({ path: dbPath, now, deliveryChannels: ["email"] });
  const app = buildApp({
    store,
    now,
    distDir: tempSite(),
    logger: false,
    spam: DEFAULT_SPAM_SETTINGS,
    rateLimit: options.rateLimit ?? 0,
    trustProxy: options.trustProxy ?? false,
  });
  const rows = () => {
    const db = new BetterSqlite3(dbPath, { readonly: true });
    try {
      return db
        .prepare(
          `SELECT e.session_id, e.first_name, e.spam_reasons, e.released_at, (SELECT COUNT(*) FROM enquiry_deliveries d WHERE d.enquiry_id = e.id) AS deliveries
           FROM enquiries e ORDER BY e.id`,
        )
        .all() as { session_id: string; first_name: string; spam_reasons: string | null; released_at: string | null; deliveries: number }[];
    } finally {
      db.close();
    }
  };
  const close = async () => {
    await app.close();
    await store.close();
  };
  return { app, store, clock, rows, close };
}

type DefendedApp = ReturnType<typeof defendedApp>;

/** What the real form does: fetch the token and challenge, solve it, send them back. */
async function fillForm({ app }: DefendedApp) {
  const response = await app.inject({ method: "GET", url: CHALLENGE_URL });
  const { form_token, challenge } = response.json() as { form_token: string; challenge: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  if (solution === null) throw new Error("no solution");
  // A person's fill: 4 s from their first input to Send, 31 key and pointer presses on the fields.
  return {
    challenge,
    solution,
    fields: { form_token, altcha: btoa(JSON.stringify({ challenge, solution })), fill_time_ms: 4_000, fill_actions: 31, nx_check: "" },
  };
}

function post(app: DefendedApp["app"], body: unknown, headers: Record<string, string> = {}) {
  return app.inject({ method: "POST", url: ENQUIRY_URL, headers: { "content-type": "application/json", ...headers }, payload: JSON.stringify(body) });
}

const CYRILLIC = "Здравствуйте, предлагаем продвижение сайта";
const links = (n: number) => Array.from({ length: n }, (_, i) => `https://promo${i}.example/offer`).join(" ");

describe("GET /api/v1/enquiries/challenge", () => {
  it("gives a signed time token and an ALTCHA challenge sized for a phone, never cached", async () => {
    const setup = defendedApp();
    try {
      const response = await setup.app.inject({ method: "GET", url: CHALLENGE_URL });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const body = response.json() as { form_token: string; challenge: Challenge };
      expect(Object.keys(body).sort()).toEqual(["challenge", "form_token"]);
      expect(body.form_token).toMatch(/^\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
      expect(body.challenge.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", cost: 2000, keyLength: 32, data: { id: body.form_token.split(".")[1] } });
      expect(body.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await setup.close();
    }
  });

  it.each(["POST", "PUT", "DELETE", "PATCH"] as const)("answers %s with 405 and Allow: GET, HEAD", async (method) => {
    const setup = defendedApp();
    try {
      const response = await setup.app.inject({ method, url: CHALLENGE_URL });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD");
      expect(response.json()).toEqual({ error: "Use GET to fetch a form challenge." });
    } finally {
      await setup.close();
    }
  });
});

type Form = Awaited<ReturnType<typeof fillForm>>;

const CASES: [name: string, body: (form: Form) => object, waitMs: number, reasons: string[] | null][] = [
  ["the real form, sent after 5 s", (f) => ({ ...VALID_ENQUIRY, ...f.fields }), 5_000, null],
  ["the real form with 3 links (the most that count nothing)", (f) => ({ ...VALID_ENQUIRY, ...f.fields, message: links(3) }), 5_000, null],
  ["the real form with 5 links (4 points)", (f) => ({ ...VALID_ENQUIRY, ...f.fields, message: links(5) }), 5_000, null],
  ["the real form in Cyrillic (5 points)", (f) => ({ ...VALID_ENQUIRY, ...f.fields, message: CYRILLIC }), 5_000, null],
  ["the real form in Hindi", (f) => ({ ...VALID_ENQUIRY, ...f.fields, message: "नमस्ते, मुझे अगले बैच के बारे में जानना है" }), 5_000, null],
  ["the honeypot filled in", (f) => ({ ...VALID_ENQUIRY, ...f.fields, nx_check: "https://spam.example" }), 5_000, ["honeypot"]],
  ["no form token", (f) => ({ ...VALID_ENQUIRY, altcha: f.fields.altcha, fill_time_ms: 4_000, fill_actions: 31 }), 5_000, ["token-missing"]],
  ["an altered form token", (f) => ({ ...VALID_ENQUIRY, ...f.fields, form_token: f.fields.form_token.replace(/^\d{4}/, "1000") }), 5_000, ["token-invalid"]],
  ["sent 1 s after the token was issued", (f) => ({ ...VALID_ENQUIRY, ...f.fields }), 1_000, ["too-fast"]],
  ["sent 2.9 s after", (f) => ({ ...VALID_ENQUIRY, ...f.fields }), 2_900, ["too-fast"]],
  ["sent 25 hours after", (f) => ({ ...VALID_ENQUIRY, ...f.fields }), 25 * 3600_000, ["token-expired"]],
  ["filled in 1.5 s, the quickest a person is taken to be", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 1_500 }), 5_000, null],
  // The fast bot the token alone let through: its post waited for a slow proof of work, so the token is 5 s old.
  ["filled in 0.4 s, sent 5 s after the token (a slow proof of work)", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 400 }), 5_000, ["fill-too-fast"]],
  ["filled in 1.499 s", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 1_499 }), 5_000, ["fill-too-fast"]],
  ["filled in 0 s (Send pressed with nothing typed)", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 0 }), 5_000, ["fill-too-fast"]],
  ["no fill time", (f) => ({ ...VALID_ENQUIRY, form_token: f.fields.form_token, altcha: f.fields.altcha }), 5_000, ["fill-time-missing"]],
  // A script stepping through the fields on a busy machine: the load stretched its fill past 1.5 s, but nothing touched a field.
  [
    "filled in 7.4 s with no hand action (a script slowed by load)",
    (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 7_400, fill_actions: 0 }),
    10_000,
    ["fill-untouched"],
  ],
  ["filled in 19.999 s with no hand action", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 19_999, fill_actions: 0 }), 25_000, ["fill-untouched"]],
  ["filled in 4 s, no fill actions sent", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_actions: undefined }), 5_000, ["fill-untouched"]],
  [
    "filled in 0.4 s with no hand action (a script in the page)",
    (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 400, fill_actions: 0 }),
    5_000,
    ["fill-too-fast", "fill-untouched"],
  ],
  // Assistive technology working through the accessibility tree alone: no key or pointer, and slow.
  ["filled in 20 s with no hand action", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 20_000, fill_actions: 0 }), 25_000, null],
  [
    "filled in 1.5 s with one hand action (autofill, then the subject chosen)",
    (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 1_500, fill_actions: 1 }),
    5_000,
    null,
  ],
  // A bot forging the fill time still meets the token's age.
  ["a forged fill time of 10 s, sent 1 s after the token", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 10_000 }), 1_000, ["too-fast"]],
  ["filled in 0.4 s and sent 1 s after the token", (f) => ({ ...VALID_ENQUIRY, ...f.fields, fill_time_ms: 400 }), 1_000, ["too-fast", "fill-too-fast"]],
  ["no proof of work", (f) => ({ ...VALID_ENQUIRY, form_token: f.fields.form_token, fill_time_ms: 4_000, fill_actions: 31 }), 5_000, ["pow-missing"]],
  [
    "a wrong answer",
    (f) => ({ ...VALID_ENQUIRY, ...f.fields, altcha: btoa(JSON.stringify({ challenge: f.challenge, solution: { counter: 1, derivedKey: "00".repeat(32) } })) }),
    5_000,
    ["pow-invalid"],
  ],
  ["a proof of work that is not base64 JSON", (f) => ({ ...VALID_ENQUIRY, ...f.fields, altcha: "not a payload" }), 5_000, ["pow-invalid"]],
  [
    "a challenge with its cost lowered",
    (f) => ({
      ...VALID_ENQUIRY,
      ...f.fields,
      altcha: btoa(JSON.stringify({ challenge: { ...f.challenge, parameters: { ...f.challenge.parameters, cost: 1 } }, solution: f.solution })),
    }),
    5_000,
    ["pow-invalid"],
  ],
  ["nothing but the six fields (a naive bot)", () => ({ ...VALID_ENQUIRY }), 5_000, ["token-missing", "fill-time-missing", "pow-missing"]],
  ["the real form with 60 links", (f) => ({ ...VALID_ENQUIRY, ...f.fields, message: links(60) }), 5_000, ["links"]],
  ["the real form with 6 links in Cyrillic", (f) => ({ ...VALID_ENQUIRY, ...f.fields, message: `${CYRILLIC} ${links(6)}` }), 5_000, ["links", "script"]],
  [
    "a link as the first name, in Cyrillic",
    (f) => ({ ...VALID_ENQUIRY, ...f.fields, first_name: "www.promo.example", message: CYRILLIC }),
    5_000,
    ["link-in-name", "script"],
  ],
];

describe("POST /api/v1/enquiries/ with the spam defences on", () => {
  it.each(CASES)("%s: 201 with a session id; stored with the spam reasons %j (null: delivered)", async (_name, body, waitMs, reasons) => {
    const setup = defendedApp();
    try {
      const form = await fillForm(setup);
      setup.clock.ms += waitMs;
      const response = await post(setup.app, body(form));
      expect(response.statusCode).toBe(201);
      expect(Object.keys(response.json() as object)).toEqual(["session_id"]);
      const sessionId = (response.json() as { session_id: string }).session_id;
      expect(sessionId).toMatch(UUID);
      expect(setup.rows()).toEqual([
        expect.objectContaining({
          session_id: sessionId,
          spam_reasons: reasons === null ? null : JSON.stringify(reasons),
          deliveries: reasons === null ? 1 : 0,
        }),
      ]);
    } finally {
      await setup.close();
    }
  });

  it("a replayed answer (a new Idempotency-Key, the same token and proof of work) is kept as spam, however many times", async () => {
    const setup = defendedApp();
    try {
      const form = await fillForm(setup);
      setup.clock.ms += 5_000;
      for (let i = 0; i < 5; i += 1) {
        const response = await post(setup.app, { ...VALID_ENQUIRY, ...form.fields, first_name: `Try${i}` }, { "idempotency-key": `replay-${i}` });
        expect(response.statusCode).toBe(201);
      }
      expect(setup.rows().map((row) => [row.first_name, row.spam_reasons, row.deliveries])).toEqual([
        ["Try0", null, 1],
        ["Try1", '["pow-replayed"]', 0],
        ["Try2", '["pow-replayed"]', 0],
        ["Try3", '["pow-replayed"]', 0],
        ["Try4", '["pow-replayed"]', 0],
      ]);
    } finally {
      await setup.close();
    }
  });

  it("a retry with the same Idempotency-Key is the same enquiry, not a replay", async () => {
    const setup = defendedApp();
    try {
      const form = await fillForm(setup);
      setup.clock.ms += 5_000;
      const first = await post(setup.app, { ...VALID_ENQUIRY, ...form.fields }, { "idempotency-key": "retry-1" });
      const again = await post(setup.app, { ...VALID_ENQUIRY, ...form.fields }, { "idempotency-key": "retry-1" });
      expect(again.json()).toEqual(first.json());
      expect(setup.rows().map((row) => row.spam_reasons)).toEqual([null]);
    } finally {
      await setup.close();
    }
  });

  it("spam is listed, left out of the enquiries staff see, and released with its delivery queued", async () => {
    const setup = defendedApp();
    try {
      setup.clock.ms += 5_000;
      const spam = (await post(setup.app, { ...VALID_ENQUIRY, nx_check: "x" })).json() as { session_id: string };
      expect((await setup.store.list()).map((e) => e.session_id)).toEqual([]);
      expect(await setup.store.count()).toBe(0);
      const held = await setup.store.listSpam(50);
      expect(held.map((e) => [e.session_id, e.spam_reasons])).toEqual([[spam.session_id, ["honeypot", "token-missing", "fill-time-missing", "pow-missing"]]]);
      expect(spamTable(held)).toContain("honeypot, token-missing, fill-time-missing, pow-missing");

      expect(await setup.store.releaseSpam(spam.session_id, ["email"])).toEqual({ outcome: "released", channels: 1 });
      expect(await setup.store.releaseSpam(spam.session_id, ["email"])).toEqual({ outcome: "not-spam" });
      expect(await setup.store.releaseSpam("00000000-0000-4000-8000-000000000000", ["email"])).toEqual({ outcome: "not-found" });
      expect(await setup.store.listSpam(50)).toEqual([]);
      expect((await setup.store.list()).map((e) => e.session_id)).toEqual([spam.session_id]);
      expect(setup.rows()).toEqual([expect.objectContaining({ deliveries: 1, released_at: expect.any(String) })]);
    } finally {
      await setup.close();
    }
  });
});

describe("the rate limit against rotating addresses", () => {
  const postFrom = (app: DefendedApp["app"], forwardedFor: string) =>
    app.inject({
      method: "POST",
      url: ENQUIRY_URL,
      headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      payload: JSON.stringify(VALID_ENQUIRY),
    });

  it("counts every address of one IPv6 /64 as one client; another /64 has its own limit", async () => {
    const setup = defendedApp({ rateLimit: 5, trustProxy: "loopback" });
    try {
      const statuses = [];
      for (let i = 1; i <= 7; i += 1) statuses.push((await postFrom(setup.app, `2001:db8:1:2::${i.toString(16)}`)).statusCode);
      statuses.push((await postFrom(setup.app, "2001:db8:1:3::1")).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 201]);
    } finally {
      await setup.close();
    }
  });

  it("a client reaching the instance directly cannot choose its address with X-Forwarded-For", async () => {
    // The proxy is 10.0.0.1; these requests come from 127.0.0.1, so their header is not believed.
    const setup = defendedApp({ rateLimit: 5, trustProxy: "10.0.0.1" });
    try {
      const statuses = [];
      for (let i = 1; i <= 7; i += 1) statuses.push((await postFrom(setup.app, `198.51.100.${i}`)).statusCode);
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
    } finally {
      await setup.close();
    }
  });
});

describe("npm run enquiries -- spam | not-spam <session id>", () => {
  const launcher = join(import.meta.dirname, "../../../src/cli/launch.mjs");
  const run = (args: string[], dbPath: string) =>
    spawnSync(process.execPath, [launcher, "enquiries", ...args], {
      encoding: "utf8",
      env: {
        ...process.env,
        ENQUIRY_DB: dbPath,
        ENQUIRY_NOTIFY_SMTP_URL: "smtp://127.0.0.1:2525",
        ENQUIRY_NOTIFY_FROM: "site@nexa.test",
        ENQUIRY_NOTIFY_TO: "sales@nexa.test",
      },
    });

  it.each([
    [{ outcome: "released", channels: 2 } as const, "Released s-1: not spam; 2 deliveries queued.\n", 0],
    [{ outcome: "released", channels: 1 } as const, "Released s-1: not spam; 1 delivery queued.\n", 0],
    [{ outcome: "released", channels: 0 } as const, "Released s-1: not spam; no delivery channel is configured, so it is listed with the others.\n", 0],
    [{ outcome: "not-found" } as const, "No enquiry has the session id s-1.\n", 1],
    [{ outcome: "not-spam" } as const, "s-1 is not held as spam: nothing to release.\n", 1],
  ])("reports %j as %j, exit code %i", (result, text, exitCode) => {
    expect(releaseReport("s-1", result)).toEqual({ text, exitCode });
  });

  it("lists the spam with its reasons, releases one, and then lists none", async () => {
    const dbPath = tempDbPath();
    const store = openSqliteStore({ path: dbPath });
    await store.insert({ ...VALID_ENQUIRY, first_name: "Spammy" }, { spamReasons: ["honeypot", "links"] });
    await store.insert(VALID_ENQUIRY);
    const [held] = await store.listSpam(1);
    await store.close();

    const listed = run(["spam"], dbPath);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain(held!.session_id);
    expect(listed.stdout).toContain("honeypot, links");
    expect(listed.stdout).toContain("1 held as spam (never delivered), newest first. Release one: npm run enquiries -- not-spam <session id>\n");

    const released = run(["not-spam", held!.session_id], dbPath);
    expect(released.stdout).toBe(`Released ${held!.session_id}: not spam; 1 delivery queued.\n`);
    expect(released.status).toBe(0);
    expect(run(["spam"], dbPath).stdout).toContain("0 held as spam");

    const again = run(["not-spam", held!.session_id], dbPath);
    expect([again.status, again.stderr]).toEqual([1, `${held!.session_id} is not held as spam: nothing to release.\n`]);
  });
});
