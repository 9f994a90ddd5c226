import { describe, expect, it } from "vitest";
import { deliveryChannels, deliveryConfigFromEnv, describeDelivery, recipientsFor } from "../../../src/server/delivery/config.ts";
import { ConfigError } from "../../../src/server/env.ts";

const EMAIL = {
  ENQUIRY_NOTIFY_SMTP_URL: "smtp://mailer:s%40cret@smtp.example.com:2525",
  ENQUIRY_NOTIFY_FROM: "Nexa website <noreply@nexa.example>",
  ENQUIRY_NOTIFY_TO: "sales@nexa.example, Owner <owner@nexa.example>",
};
const WEBHOOK = { ENQUIRY_WEBHOOK_URL: "https://crm.example.com/hooks/enquiries?token=t0k3n", ENQUIRY_WEBHOOK_SECRET: "whsec_1" };

describe("delivery settings from the environment", () => {
  it("configure nothing by default: enquiries are stored only, and the start-up line says so", () => {
    const config = deliveryConfigFromEnv({});
    expect(deliveryChannels(config)).toEqual([]);
    expect(describeDelivery(config)).toBe("Enquiries: stored only (set ENQUIRY_NOTIFY_SMTP_URL or ENQUIRY_WEBHOOK_URL to be told of them).");
  });

  it("read email and webhook settings, and say where enquiries go without the webhook's token or the SMTP password", () => {
    const config = deliveryConfigFromEnv({ ...EMAIL, ...WEBHOOK, ENQUIRY_NOTIFY_ROUTES: "Career opportunities=hr@nexa.example" });
    expect(deliveryChannels(config)).toEqual(["email", "webhook"]);
    expect(config.email?.smtp).toEqual({
      host: "smtp.example.com",
      port: 2525,
      secure: false,
      auth: { user: "mailer", pass: "s@cret" },
      requireTls: true,
    });
    expect(config.email?.from).toEqual({ name: "Nexa website", address: "noreply@nexa.example" });
    expect(config.email?.to).toEqual([
      { name: "", address: "sales@nexa.example" },
      { name: "Owner", address: "owner@nexa.example" },
    ]);
    const line = describeDelivery(config);
    expect(line).toBe(
      'Enquiries: stored, then sent by email to sales@nexa.example, owner@nexa.example ("Career opportunities" to hr@nexa.example) via smtp.example.com:2525 and by a signed webhook to https://crm.example.com/hooks/enquiries.',
    );
    expect(line).not.toMatch(/t0k3n|s@cret|whsec/);
  });

  it.each([
    ["smtps://u:p@mail.example.com", {}, { host: "mail.example.com", port: 465, secure: true, auth: { user: "u", pass: "p" }, requireTls: false }],
    ["smtp://u:p@mail.example.com", {}, { host: "mail.example.com", port: 587, secure: false, auth: { user: "u", pass: "p" }, requireTls: true }],
    ["smtp://127.0.0.1:25", {}, { host: "127.0.0.1", port: 25, secure: false, auth: undefined, requireTls: false }],
    ["smtp://u:p@[::1]:2525", {}, { host: "::1", port: 2525, secure: false, auth: { user: "u", pass: "p" }, requireTls: true }],
    [
      "smtp://u:p@relay.internal:25",
      { ENQUIRY_NOTIFY_SMTP_INSECURE: "1" },
      { host: "relay.internal", port: 25, secure: false, auth: { user: "u", pass: "p" }, requireTls: false },
    ],
    [
      "smtp://u:p@relay.internal:25",
      { ENQUIRY_NOTIFY_SMTP_INSECURE: "0" },
      { host: "relay.internal", port: 25, secure: false, auth: { user: "u", pass: "p" }, requireTls: true },
    ],
  ])("read %s %j: a password over smtp:// requires STARTTLS unless ENQUIRY_NOTIFY_SMTP_INSECURE=1", (url, extra, smtp) => {
    expect(deliveryConfigFromEnv({ ...EMAIL, ENQUIRY_NOTIFY_SMTP_URL: url, ...extra }).email?.smtp).toEqual(smtp);
  });

  it.each([
    ["https://crm.example.com/hook", {}],
    ["http://127.0.0.1:8080/hook", {}],
    ["http://10.1.2.3/hook", {}],
    ["http://172.20.0.5/hook", {}],
    ["http://192.168.1.10/hook", {}],
    ["http://169.254.10.10/hook", {}],
    ["http://100.64.0.1/hook", {}],
    ["http://[::1]:9000/hook", {}],
    ["http://[fd12:3456::1]/hook", {}],
    ["http://[fe80::1]/hook", {}],
    ["http://[::ffff:10.0.0.1]/hook", {}],
    ["http://localhost:9000/hook", {}],
    ["http://crm/hook", {}],
    ["http://crm.internal/hook", {}],
    ["http://crm.local/hook", {}],
    ["http://crm.home.arpa/hook", {}],
    ["http://crm.example.com/hook", { ENQUIRY_WEBHOOK_ALLOW_HTTP: "1" }],
  ])("accept the webhook %s %j", (url, extra) => {
    expect(deliveryConfigFromEnv({ ...WEBHOOK, ENQUIRY_WEBHOOK_URL: url, ...extra }).webhook?.url.href).toBe(new URL(url).href);
  });

  it("route subjects to their own recipients, compared without regard to case", () => {
    const email = deliveryConfigFromEnv({
      ...EMAIL,
      ENQUIRY_NOTIFY_ROUTES: "Career opportunities = hr@nexa.example, jobs@nexa.example ; Outsourcing=ops@nexa.example;",
    }).email!;
    expect(recipientsFor(email, "career OPPORTUNITIES").map((m) => m.address)).toEqual(["hr@nexa.example", "jobs@nexa.example"]);
    expect(recipientsFor(email, "Outsourcing").map((m) => m.address)).toEqual(["ops@nexa.example"]);
    expect(recipientsFor(email, "Course enquiry").map((m) => m.address)).toEqual(["sales@nexa.example", "owner@nexa.example"]);
  });

  it.each([
    [{ ...EMAIL, ENQUIRY_NOTIFY_SMTP_URL: "not a url" }, "ENQUIRY_NOTIFY_SMTP_URL must be a URL such as smtp://user:password@smtp.example.com:587."],
    [{ ...EMAIL, ENQUIRY_NOTIFY_SMTP_URL: "https://smtp.example.com" }, 'ENQUIRY_NOTIFY_SMTP_URL must start with smtp:// or smtps://, not "https://".'],
    [{ ...EMAIL, ENQUIRY_NOTIFY_SMTP_URL: "smtp://user@smtp.example.com" }, "ENQUIRY_NOTIFY_SMTP_URL must give both a user and a password, or neither."],
    [
      { ...EMAIL, ENQUIRY_NOTIFY_SMTP_URL: "smtp://u:p@smtp.example.com/x?pool=true" },
      "ENQUIRY_NOTIFY_SMTP_URL takes no path or query: only smtp[s]://user:password@host:port.",
    ],
    [{ ...EMAIL, ENQUIRY_NOTIFY_FROM: "" }, "ENQUIRY_NOTIFY_FROM must be set with ENQUIRY_NOTIFY_SMTP_URL: the address emails are sent from."],
    [
      { ...EMAIL, ENQUIRY_NOTIFY_FROM: "Nexa website" },
      'ENQUIRY_NOTIFY_FROM must be one email address, such as "Nexa AI <noreply@example.com>", not "Nexa website".',
    ],
    [
      { ...EMAIL, ENQUIRY_NOTIFY_FROM: "a@x.example, b@x.example" },
      'ENQUIRY_NOTIFY_FROM must be one email address, such as "Nexa AI <noreply@example.com>", not "a@x.example, b@x.example".',
    ],
    [{ ...EMAIL, ENQUIRY_NOTIFY_TO: "" }, "ENQUIRY_NOTIFY_TO must be set with ENQUIRY_NOTIFY_SMTP_URL: who receives enquiries."],
    [
      { ...EMAIL, ENQUIRY_NOTIFY_TO: "sales@nexa.example, sales" },
      'ENQUIRY_NOTIFY_TO must be email addresses separated by commas, such as sales@example.com, not "sales@nexa.example, sales".',
    ],
    [{ ENQUIRY_NOTIFY_TO: "sales@nexa.example" }, "ENQUIRY_NOTIFY_TO is set but ENQUIRY_NOTIFY_SMTP_URL is not: set both, or neither."],
    [
      { ...EMAIL, ENQUIRY_NOTIFY_ROUTES: "hr@nexa.example" },
      'ENQUIRY_NOTIFY_ROUTES must be "Subject=address, address; Other subject=address", not "hr@nexa.example".',
    ],
    [
      { ...EMAIL, ENQUIRY_NOTIFY_ROUTES: "Careers=hr" },
      'ENQUIRY_NOTIFY_ROUTES must be email addresses separated by commas, such as sales@example.com, not "hr".',
    ],
    [{ ENQUIRY_WEBHOOK_URL: "https://crm.example.com/hook" }, "ENQUIRY_WEBHOOK_SECRET must be set with ENQUIRY_WEBHOOK_URL: every webhook is signed with it."],
    [{ ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "crm.example.com/hook" }, "ENQUIRY_WEBHOOK_URL must be a URL such as https://crm.example.com/hooks/enquiries."],
    [{ ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "ftp://crm.example.com/hook" }, 'ENQUIRY_WEBHOOK_URL must start with https:// or http://, not "ftp://".'],
    [{ ENQUIRY_WEBHOOK_SECRET: "whsec_1" }, "ENQUIRY_WEBHOOK_SECRET is set but ENQUIRY_WEBHOOK_URL is not: set both, or neither."],
    [{ ...EMAIL, ENQUIRY_NOTIFY_SMTP_INSECURE: "yes" }, 'ENQUIRY_NOTIFY_SMTP_INSECURE must be 1 (on) or 0 (off), not "yes".'],
    [
      { ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "http://crm.example.com/hook" },
      "ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to crm.example.com, which is not a private address: use https://, or set ENQUIRY_WEBHOOK_ALLOW_HTTP=1 to allow it.",
    ],
    [
      { ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "http://8.8.8.8/hook" },
      "ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to 8.8.8.8, which is not a private address: use https://, or set ENQUIRY_WEBHOOK_ALLOW_HTTP=1 to allow it.",
    ],
    [
      { ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "http://172.32.0.1/hook" },
      "ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to 172.32.0.1, which is not a private address: use https://, or set ENQUIRY_WEBHOOK_ALLOW_HTTP=1 to allow it.",
    ],
    [
      { ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "http://[2001:db8::1]/hook" },
      "ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to [2001:db8::1], which is not a private address: use https://, or set ENQUIRY_WEBHOOK_ALLOW_HTTP=1 to allow it.",
    ],
    [
      { ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "http://[::ffff:8.8.8.8]/hook" },
      "ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to [::ffff:808:808], which is not a private address: use https://, or set ENQUIRY_WEBHOOK_ALLOW_HTTP=1 to allow it.",
    ],
    [
      { ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "http://localhost.example.com/hook" },
      "ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to localhost.example.com, which is not a private address: use https://, or set ENQUIRY_WEBHOOK_ALLOW_HTTP=1 to allow it.",
    ],
    [
      { ...WEBHOOK, ENQUIRY_WEBHOOK_URL: "http://crm.example.com/hook", ENQUIRY_WEBHOOK_ALLOW_HTTP: "true" },
      'ENQUIRY_WEBHOOK_ALLOW_HTTP must be 1 (on) or 0 (off), not "true".',
    ],
  ])("refuse %j with a message naming the variable", (env, message) => {
    expect(() => deliveryConfigFromEnv(env)).toThrow(new ConfigError(message));
  });
});
