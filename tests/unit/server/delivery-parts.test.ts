import { describe, expect, it } from "vitest";
import { FIRST_DELAY_MS, MAX_ATTEMPTS, MAX_DELAY_MS, retryDelayMs } from "../../../src/server/delivery/backoff.ts";
import { deliveryConfigFromEnv } from "../../../src/server/delivery/config.ts";
import { emailSubject, enquiryEmail, headerText, SUBJECT_MAX } from "../../../src/server/delivery/email-message.ts";
import { smtpResult } from "../../../src/server/delivery/email.ts";
import { signatureHeader, verifySignature } from "../../../src/server/delivery/signature.ts";
import { webhookBody } from "../../../src/server/delivery/webhook.ts";
import type { StoredEnquiry } from "../../../src/server/store.ts";
import { VALID_ENQUIRY } from "./helpers.ts";

const ENQUIRY: StoredEnquiry = {
  ...VALID_ENQUIRY,
  id: 7,
  session_id: "5a0c2f6e-1d3b-4c8e-9f27-3b1e8d4a6c90",
  created_at: "2026-11-24T09:30:00.000Z",
};

describe("retry schedule", () => {
  it("grows from seconds to an hour, never more, with jitter only ever shortening a wait", () => {
    const nominal = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, 0));
    expect(nominal.slice(0, 6)).toEqual([5_000, 20_000, 80_000, 320_000, 1_280_000, 3_600_000]);
    expect(nominal.every((delay, i) => i === 0 || delay >= nominal[i - 1]!)).toBe(true);
    for (let attempts = 1; attempts <= 40; attempts += 1) {
      for (const random of [0, 0.25, 0.5, 0.999]) {
        const delay = retryDelayMs(attempts, random);
        expect(delay).toBeGreaterThanOrEqual(FIRST_DELAY_MS * 0.8);
        expect(delay).toBeLessThanOrEqual(MAX_DELAY_MS);
        expect(delay).toBeGreaterThanOrEqual(retryDelayMs(attempts, 0) * 0.8);
      }
    }
    // All MAX_ATTEMPTS tries span most of a working day and night: 9.5 hours without jitter.
    const total = nominal.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBe(34_105_000);
  });
});

describe("webhook signature", () => {
  const body = webhookBody("d-1", ENQUIRY);
  it("is HMAC-SHA256 of '<t>.<body>' in hex, as documented", () => {
    // Computed independently: printf '1764000000.{}' | openssl dgst -sha256 -hmac secret
    expect(signatureHeader("secret", "{}", 1764000000)).toBe("t=1764000000,v1=b691197929ebc73b102d12f9a4689644cb2d1a38c9f2d1883b9f478077313f85");
  });
  it.each([
    ["the same secret, body and a recent time", (h: string) => verifySignature("s3", body, h, 1_764_000_100), true],
    ["another secret", (h: string) => verifySignature("other", body, h, 1_764_000_100), false],
    ["a changed body", (h: string) => verifySignature("s3", body.replace("Asha", "Asha "), h, 1_764_000_100), false],
    ["a replay an hour later", (h: string) => verifySignature("s3", body, h, 1_764_003_600), false],
    ["a header without v1", () => verifySignature("s3", body, "t=1764000000", 1_764_000_000), false],
    ["no header", () => verifySignature("s3", body, undefined, 1_764_000_000), false],
  ])("verifies with %s: %s", (_name, check, expected) => {
    expect(check(signatureHeader("s3", body, 1_764_000_000))).toBe(expected);
  });
});

describe("the email for an enquiry", () => {
  const email = deliveryConfigFromEnv({
    ENQUIRY_NOTIFY_SMTP_URL: "smtp://u:p@smtp.example.com",
    ENQUIRY_NOTIFY_FROM: "Nexa website <noreply@nexa.example>",
    ENQUIRY_NOTIFY_TO: "sales@nexa.example",
  }).email!;

  it.each([
    ["CRLF and a header", "Course\r\nBcc: victim@example.com", "Course Bcc: victim@example.com"],
    ["a bare LF", "a\nb", "a b"],
    ["Unicode line separators", "a\u2028b\u2029c\u0085d", "a b c d"],
    ["a NUL and an escape", "a\u0000b\u001b[31m", "a b [31m"],
  ])("keeps %s out of the subject line", (_name, subject, shown) => {
    const line = emailSubject({ ...ENQUIRY, subject });
    expect(line).toBe(`Website enquiry: ${shown} from Asha Verma`);
    expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
  });

  it.each([1, 50, SUBJECT_MAX, SUBJECT_MAX + 1, 500])("cuts a subject of %i characters to at most SUBJECT_MAX", (length) => {
    const line = headerText("é".repeat(length));
    expect([...line].length).toBe(Math.min(length, SUBJECT_MAX));
    expect(line.endsWith("…")).toBe(length > SUBJECT_MAX);
  });

  it("has Reply-To the enquirer, a Message-ID from the delivery id and no way to read files or URLs", () => {
    const message = enquiryEmail(email, "d-42", ENQUIRY);
    expect(message).toMatchObject({
      from: { name: "Nexa website", address: "noreply@nexa.example" },
      to: [{ name: "", address: "sales@nexa.example" }],
      replyTo: { name: "Asha Verma", address: "asha.verma@example.com" },
      messageId: "<d-42@nexa.example>",
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    expect(message.text).toContain("Reference: 5a0c2f6e-1d3b-4c8e-9f27-3b1e8d4a6c90");
    expect(message.text).toContain("Received: 2026-11-24 09:30:00 UTC");
  });
});

describe("SMTP answers", () => {
  it.each([
    [{ code: "EMESSAGE", responseCode: 451, response: "451 4.3.0 Try later" }, false, "SMTP: 451 4.3.0 Try later"],
    [{ code: "EENVELOPE", responseCode: 450, response: "450 Mailbox busy" }, false, "SMTP: 450 Mailbox busy"],
    [{ code: "EENVELOPE", responseCode: 550, response: "550 No such user" }, true, "SMTP server refused the recipients: 550 No such user"],
    [{ code: "EMESSAGE", responseCode: 554, response: "554 Spam" }, true, "SMTP: 554 Spam"],
    [{ code: "ECONNECTION", message: "connect ECONNREFUSED 127.0.0.1:25" }, false, "SMTP: connect ECONNREFUSED 127.0.0.1:25"],
    [{ code: "ETIMEDOUT", message: "Greeting never received" }, false, "SMTP: Greeting never received"],
    [
      { code: "EAUTH", responseCode: 535, response: "535 Bad credentials" },
      true,
      "SMTP login refused (535 Bad credentials); check the user and password in ENQUIRY_NOTIFY_SMTP_URL",
    ],
    [
      { code: "EAUTH", responseCode: 454, response: "454 Temporary auth failure" },
      false,
      "SMTP login refused (454 Temporary auth failure); check the user and password in ENQUIRY_NOTIFY_SMTP_URL",
    ],
  ])("%j: permanent %s", (error, permanent, message) => {
    expect(smtpResult(error)).toEqual({ ok: false, permanent, error: message });
  });
});
