import { simpleParser } from "mailparser";
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { deliveryConfigFromEnv, type Channel } from "../../../src/server/delivery/config.ts";
import { enquiryEmail } from "../../../src/server/delivery/email-message.ts";
import { checkSmtpTls, emailSender } from "../../../src/server/delivery/email.ts";
import { startChannelWorkers } from "../../../src/server/delivery/index.ts";
import type { DueDelivery } from "../../../src/server/delivery/outbox.ts";
import type { Sender } from "../../../src/server/delivery/send-result.ts";
import { printable, enquiryTable } from "../../../src/server/enquiry-export.ts";
import { ConfigError } from "../../../src/server/env.ts";
import { startServer } from "../../../src/server/start-server.ts";
import { openSqliteStore, type SqliteStore } from "../../../src/server/sqlite-store.ts";
import type { StoredEnquiry } from "../../../src/server/store.ts";
import { validateEnquiry } from "../../../src/server/enquiry-validator.ts";
import { eventually, startSmtpServer, type TestSmtpServer } from "./delivery-receivers.ts";
import { tempDbPath, VALID_ENQUIRY } from "./helpers.ts";

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const thing of open.splice(0).reverse()) await thing.close();
});

async function smtp(behaviour: Parameters<typeof startSmtpServer>[0] = {}): Promise<TestSmtpServer> {
  const server = await startSmtpServer(behaviour);
  open.push(server);
  return server;
}

function emailConfig(url: string, extra: Record<string, string> = {}) {
  return deliveryConfigFromEnv({
    ENQUIRY_NOTIFY_SMTP_URL: url,
    ENQUIRY_NOTIFY_FROM: "Nexa website <noreply@nexa.test>",
    ENQUIRY_NOTIFY_TO: "sales@nexa.test",
    ...extra,
  });
}

const STORED: StoredEnquiry = {
  ...VALID_ENQUIRY,
  id: 1,
  session_id: "5a0c2f6e-1d3b-4c8e-9f27-3b1e8d4a6c90",
  created_at: "2026-11-24T09:30:00.000Z",
};

function due(enquiry: StoredEnquiry = STORED): DueDelivery {
  return { id: "0b9f3c1e-6a57-4d2b-8f0e-2c4d6e8a1b3c", channel: "email", attempts: 1, enquiry };
}

describe("SMTP with a password never goes without TLS", () => {
  it("start-up refuses a server that does not offer STARTTLS, naming the setting", async () => {
    const mail = await smtp();
    const start = startServer({ port: 0, distDir: null, dbPath: tempDbPath(), logger: false, delivery: emailConfig(mail.url) });
    await expect(start).rejects.toThrow(
      new ConfigError(
        `ENQUIRY_NOTIFY_SMTP_URL: the SMTP server 127.0.0.1:${mail.port} does not offer STARTTLS, so its password would travel unencrypted; use smtps://, a server that offers STARTTLS, or set ENQUIRY_NOTIFY_SMTP_INSECURE=1 to send without TLS on purpose.`,
      ),
    );
    expect(mail.refusals).not.toContain("AUTH 535");
  });

  it("start-up goes ahead with ENQUIRY_NOTIFY_SMTP_INSECURE=1 (a trusted relay), and with a server offering STARTTLS", async () => {
    const plain = await smtp();
    const insecure = await startServer({
      port: 0,
      distDir: null,
      dbPath: tempDbPath(),
      logger: false,
      delivery: emailConfig(plain.url, { ENQUIRY_NOTIFY_SMTP_INSECURE: "1" }),
    });
    open.push(insecure);
    const tls = await smtp({ starttls: true });
    const withTls = await startServer({ port: 0, distDir: null, dbPath: tempDbPath(), logger: false, delivery: emailConfig(tls.url) });
    open.push(withTls);
    expect(insecure.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(withTls.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it.each([
    ["a server that does not offer STARTTLS", { starttls: false }, { outcome: "no-starttls" }],
    ["a server that offers it (its certificate accepted here)", { starttls: true }, { outcome: "tls" }],
  ])("the start-up check against %s: %j", async (_name, behaviour, outcome) => {
    const mail = await smtp(behaviour);
    const config = emailConfig(mail.url).email!;
    expect(await checkSmtpTls(config.smtp, { rejectUnauthorized: false })).toEqual(outcome);
  });

  it("a send to a server whose STARTTLS offer was stripped sends neither the password nor the enquiry", async () => {
    const mail = await smtp({ starttls: false });
    const send = emailSender(emailConfig(mail.url).email!);
    const result = await send(due(), new AbortController().signal);
    expect(result).toMatchObject({ ok: false, permanent: false });
    expect((result as { error: string }).error).toMatch(/^SMTP: no STARTTLS, so nothing was sent \(/);
    expect(mail.refusals).toEqual([]);
    expect(mail.received).toEqual([]);
  });

  it("a send upgrades with STARTTLS, then logs in and delivers", async () => {
    const mail = await smtp({ starttls: true });
    const send = emailSender(emailConfig(mail.url).email!, { rejectUnauthorized: false });
    expect(await send(due(), new AbortController().signal)).toEqual({ ok: true });
    expect(mail.received).toHaveLength(1);
  });
});

/** The message as it leaves nodemailer, parsed back as a mail client would. */
async function rendered(enquiry: StoredEnquiry) {
  const config = emailConfig("smtp://u:p@smtp.nexa.test").email!;
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await transport.sendMail(enquiryEmail(config, "d-1", enquiry));
  const raw = (info.message as Buffer).toString("utf8");
  return { raw, mail: await simpleParser(raw) };
}

describe("nothing a visitor types becomes a header", () => {
  it.each([
    ["first_name", "=?utf-8?q?=0D=0ABcc:_v@evil.test?="],
    ["last_name", "=?UTF-8?B?DQpCY2M6IHZAZXZpbC50ZXN0?="],
    ["subject", "=?utf-8?q?Course=0D=0ABcc:_v@evil.test?="],
  ] as const)("an encoded word in %s is shown as typed, never decoded into a line break or a Bcc", async (field, value) => {
    const { raw, mail } = await rendered({ ...STORED, [field]: value });
    expect(mail.bcc).toBeUndefined();
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain(value.replace("=?", "= ?"));
    const headerBlock = raw.slice(0, raw.indexOf("\r\n\r\n"));
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toContain(`=?${value.slice(2)}`);
  });

  it.each([
    ["Asha", "Verma", "Asha Verma"],
    ["sales@nexa.test", "(IT support)", "“sales@nexa.test (IT support)”"],
    ["Ops", "<ops@nexa.test>", "“Ops <ops@nexa.test>”"],
  ])("Reply-To for the name %s %s is shown as %s, before the enquirer's own address", async (first, last, shown) => {
    const { mail } = await rendered({ ...STORED, first_name: first, last_name: last });
    expect(mail.replyTo?.value).toEqual([{ name: shown, address: VALID_ENQUIRY.email }]);
  });

  it("an address holding an encoded word gets no Reply-To; it is still in the message", async () => {
    const { mail } = await rendered({ ...STORED, email: "=?utf-8?q?sales?=@nexa.test" });
    expect(mail.replyTo).toBeUndefined();
    expect(mail.text).toContain("=?utf-8?q?sales?=@nexa.test");
  });
});

describe("direction overrides in names", () => {
  it.each([
    ["first_name", "Asha\u202Egnp.exe", "First name must not contain characters that reverse or reorder text (U+202A to U+202E, U+2066 to U+2069)."],
    ["last_name", "\u2067Verma\u2069", "Last name must not contain characters that reverse or reorder text (U+202A to U+202E, U+2066 to U+2069)."],
    ["first_name", "\u202AAsha", "First name must not contain characters that reverse or reorder text (U+202A to U+202E, U+2066 to U+2069)."],
  ])("are refused in %s (%j) with the schema's own words", (field, value, message) => {
    expect(validateEnquiry({ ...VALID_ENQUIRY, [field]: value })).toEqual({
      ok: false,
      error: "Some fields are missing or not valid.",
      fields: { [field]: message },
    });
  });

  it("right-to-left text itself is welcome: Arabic and Hebrew names pass", () => {
    expect(validateEnquiry({ ...VALID_ENQUIRY, first_name: "عائشة", last_name: "כהן" }).ok).toBe(true);
  });

  it.each([
    ["Asha\u202Egnp.exe", "Asha\\u202Egnp.exe"],
    ["\u2066a\u2069 \u202Db\u202C", "\\u2066a\\u2069 \\u202Db\\u202C"],
    ["plain", "plain"],
  ])("are written out by the CLI: %j is shown as %s", (stored, shown) => {
    expect(printable(stored)).toBe(shown);
    const table = enquiryTable([{ ...STORED, message: stored }]);
    expect(table).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });
});

describe("each channel sends on its own", () => {
  const EMAILS = 320;
  const EMAIL_SEND_MS = 20;

  /** Stores EMAILS enquiries with an email and a webhook delivery each, then sends them; resolves with the ms until every email is delivered. */
  async function emailTime(webhook: "alone" | "black hole"): Promise<number> {
    const channels: Channel[] = webhook === "alone" ? ["email"] : ["email", "webhook"];
    const store: SqliteStore = openSqliteStore({ path: tempDbPath(), deliveryChannels: channels });
    open.push(store);
    await Promise.all(Array.from({ length: EMAILS }, () => store.insert(VALID_ENQUIRY)));
    let delivered = 0;
    const email: Sender = () =>
      new Promise((resolve) =>
        setTimeout(() => {
          delivered += 1;
          resolve({ ok: true });
        }, EMAIL_SEND_MS),
      );
    // A receiver that takes the connection and never answers: the send ends only when cut.
    const blackHole: Sender = (_delivery, signal) =>
      new Promise((resolve) => signal.addEventListener("abort", () => resolve({ ok: false, permanent: false, error: "cut" })));
    const senders: Partial<Record<Channel, Sender>> = webhook === "alone" ? { email } : { email, webhook: blackHole };
    const started = performance.now();
    const workers = startChannelWorkers({ outbox: store.outbox, senders, log: { info() {}, warn() {}, error() {} }, pollMs: 50 });
    try {
      await eventually(() => delivered >= EMAILS, 30_000, `${EMAILS} emails`);
      return performance.now() - started;
    } finally {
      await workers.stop();
    }
  }

  it("a webhook that never answers leaves email at 80 % or more of its rate alone", async () => {
    // Best of three each, interleaved, so a busy moment of the machine falls on both alike.
    const alone: number[] = [];
    const beside: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      alone.push(await emailTime("alone"));
      beside.push(await emailTime("black hole"));
    }
    const ratio = Math.min(...alone) / Math.min(...beside);
    console.log(
      `email: ${Math.round(Math.min(...alone))} ms alone, ${Math.round(Math.min(...beside))} ms beside a black-hole webhook (${Math.round(ratio * 100)} % of its rate)`,
    );
    expect(ratio).toBeGreaterThanOrEqual(0.8);
  }, 120_000);
});
