import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../../src/shared/files-under.ts";
import { ConfigError, DEFAULT_CONFIG, serverConfigFromEnv } from "../../../src/server/env.ts";
import { readSettings, SETTING_DEFAULTS, SETTING_NAMES, SETTINGS_SCHEMA, type SettingName } from "../../../src/server/settings.ts";
import { PROJECT } from "../fixture-site.ts";

const DEFAULTS = {
  PORT: 3000,
  HOST: "127.0.0.1",
  ENQUIRY_DB: "data/enquiries.db",
  DATABASE_POOL_SIZE: 10,
  ENQUIRY_RETENTION_DAYS: 730,
  ENQUIRY_RATE_LIMIT: 5,
  ENQUIRY_SPAM_DEFENCES: "on",
  ENQUIRY_READ_SCRIPTS: "Latin, Devanagari",
  LOG_LEVEL: "info",
  LOG_FORMAT: "human",
  SITE_EDITOR: "auto",
  EDITOR_REPO: ".",
  ENQUIRY_NOTIFY_SMTP_INSECURE: "0",
  ENQUIRY_WEBHOOK_ALLOW_HTTP: "0",
};

/** A value each setting takes, as the environment gives it, and what it is read as. */
const GOOD: [SettingName, string, string | number][] = [
  ["PORT", "8080", 8080],
  ["PORT", "0", 0],
  ["PORT", "65535", 65535],
  ["PORT", " 8080 ", 8080],
  ["PORT", "0080", 80],
  ["HOST", "0.0.0.0", "0.0.0.0"],
  ["ENQUIRY_DB", "/var/lib/nexa/enquiries.db", "/var/lib/nexa/enquiries.db"],
  ["DATABASE_URL", "postgres://nexa:secret@db.internal:5432/nexa", "postgres://nexa:secret@db.internal:5432/nexa"],
  ["DATABASE_POOL_SIZE", "1", 1],
  ["DATABASE_POOL_SIZE", "1000", 1000],
  ["ENQUIRY_RETENTION_DAYS", "1", 1],
  ["ENQUIRY_RETENTION_DAYS", "36500", 36500],
  ["ENQUIRY_RATE_LIMIT", "0", 0],
  ["ENQUIRY_RATE_LIMIT", "1000000", 1_000_000],
  ["TRUST_PROXY", "10.0.0.0/8, loopback", "10.0.0.0/8, loopback"],
  ["VITE_API_BASE", "https://api.example.com", "https://api.example.com"],
  ["ENQUIRY_CORS_ORIGINS", "https://www.example.com", "https://www.example.com"],
  ["ENQUIRY_IP_HASH_KEY", "k3y", "k3y"],
  ["ENQUIRY_FORM_SECRET", "x".repeat(32), "x".repeat(32)],
  ["ENQUIRY_SPAM_DEFENCES", "off", "off"],
  ["ENQUIRY_READ_SCRIPTS", "Latin, Tamil", "Latin, Tamil"],
  ["LOG_LEVEL", "debug", "debug"],
  ["LOG_LEVEL", "silent", "silent"],
  ["LOG_FORMAT", "json", "json"],
  ["SITE_EDITOR", "off", "off"],
  ["EDITOR_REPO", "/srv/nexa-site", "/srv/nexa-site"],
  ["EDITOR_ORIGIN", "https://www.example.com", "https://www.example.com"],
  ["EDITOR_GIT_REMOTE", "origin", "origin"],
  ["ENQUIRY_NOTIFY_SMTP_URL", "smtps://mailer:secret@smtp.example.com", "smtps://mailer:secret@smtp.example.com"],
  ["ENQUIRY_NOTIFY_SMTP_INSECURE", "1", "1"],
  ["ENQUIRY_NOTIFY_FROM", "Nexa website <noreply@example.com>", "Nexa website <noreply@example.com>"],
  ["ENQUIRY_NOTIFY_TO", "sales@example.com, owner@example.com", "sales@example.com, owner@example.com"],
  ["ENQUIRY_NOTIFY_ROUTES", "Careers=hr@example.com", "Careers=hr@example.com"],
  ["ENQUIRY_WEBHOOK_URL", "https://crm.example.com/hook", "https://crm.example.com/hook"],
  ["ENQUIRY_WEBHOOK_SECRET", "whsec_1", "whsec_1"],
  ["ENQUIRY_WEBHOOK_ALLOW_HTTP", "1", "1"],
];

/** Values the schema refuses, with the exact line start-up stops with. */
const BAD: [SettingName, string, string][] = [
  ["PORT", "http", 'PORT must be a whole number from 0 to 65535, not "http".'],
  ["PORT", "70000", 'PORT must be a whole number from 0 to 65535, not "70000".'],
  ["PORT", "-1", 'PORT must be a whole number from 0 to 65535, not "-1".'],
  // ajv's coercion (and Number()) would read these three as 31, 1000 and 5.
  ["PORT", "0x1F", 'PORT must be a whole number from 0 to 65535, not "0x1F".'],
  ["PORT", "1e3", 'PORT must be a whole number from 0 to 65535, not "1e3".'],
  ["PORT", "5.0", 'PORT must be a whole number from 0 to 65535, not "5.0".'],
  ["DATABASE_POOL_SIZE", "0", 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "0".'],
  ["DATABASE_POOL_SIZE", "1001", 'DATABASE_POOL_SIZE must be a whole number from 1 to 1000, not "1001".'],
  ["ENQUIRY_RETENTION_DAYS", "0", 'ENQUIRY_RETENTION_DAYS must be a whole number of days from 1 to 36500, not "0".'],
  ["ENQUIRY_RETENTION_DAYS", "two years", 'ENQUIRY_RETENTION_DAYS must be a whole number of days from 1 to 36500, not "two years".'],
  ["ENQUIRY_RATE_LIMIT", "2.5", 'ENQUIRY_RATE_LIMIT must be a whole number from 0 to 1000000, not "2.5".'],
  ["ENQUIRY_RATE_LIMIT", "1000001", 'ENQUIRY_RATE_LIMIT must be a whole number from 0 to 1000000, not "1000001".'],
  ["ENQUIRY_FORM_SECRET", "too short", "ENQUIRY_FORM_SECRET must be at least 32 characters: a long random value, the same on every instance."],
  ["ENQUIRY_SPAM_DEFENCES", "yes", 'ENQUIRY_SPAM_DEFENCES must be on or off, not "yes".'],
  ["ENQUIRY_SPAM_DEFENCES", "ON", 'ENQUIRY_SPAM_DEFENCES must be on or off, not "ON".'],
  ["LOG_LEVEL", "loud", 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud".'],
  ["LOG_FORMAT", "xml", 'LOG_FORMAT must be one of human, json, not "xml".'],
  ["SITE_EDITOR", "yes", 'SITE_EDITOR must be one of auto, on, off, not "yes".'],
  ["ENQUIRY_NOTIFY_SMTP_INSECURE", "yes", 'ENQUIRY_NOTIFY_SMTP_INSECURE must be 1 (on) or 0 (off), not "yes".'],
  ["ENQUIRY_WEBHOOK_ALLOW_HTTP", "true", 'ENQUIRY_WEBHOOK_ALLOW_HTTP must be 1 (on) or 0 (off), not "true".'],
];

/**
 * Settings the schema takes as any text, refused by the named checks after it (env.ts,
 * delivery/config.ts; every message of theirs is in env.test.ts and delivery-config.test.ts):
 * one case each here, through the whole reading.
 */
const BAD_BY_NAMED_CHECK: [SettingName, NodeJS.ProcessEnv, string][] = [
  ["DATABASE_URL", { DATABASE_URL: "mysql://db/nexa" }, 'DATABASE_URL must start with postgres:// or postgresql://, not "mysql://".'],
  [
    "TRUST_PROXY",
    { TRUST_PROXY: "true" },
    'TRUST_PROXY must list the proxies\' addresses or CIDR ranges (for example TRUST_PROXY=10.0.0.5 or TRUST_PROXY=10.0.0.0/8, loopback), not "true": with it a client that reaches this server directly could choose its own address with X-Forwarded-For.',
  ],
  ["VITE_API_BASE", { VITE_API_BASE: "api.nexa.example" }, 'VITE_API_BASE "api.nexa.example" is not a URL; use https://api.example.com or leave it empty.'],
  [
    "ENQUIRY_CORS_ORIGINS",
    { ENQUIRY_CORS_ORIGINS: "https://www.nexa.example/" },
    'ENQUIRY_CORS_ORIGINS: "https://www.nexa.example/" is not an origin such as https://www.example.com.',
  ],
  [
    "ENQUIRY_READ_SCRIPTS",
    { ENQUIRY_READ_SCRIPTS: "Latin, Klingon" },
    'ENQUIRY_READ_SCRIPTS: "Klingon" is not a Unicode script name such as Latin, Devanagari, Tamil or Arabic.',
  ],
  [
    "ENQUIRY_NOTIFY_SMTP_URL",
    { ENQUIRY_NOTIFY_SMTP_URL: "https://smtp.example.com", ENQUIRY_NOTIFY_FROM: "a@example.com", ENQUIRY_NOTIFY_TO: "b@example.com" },
    'ENQUIRY_NOTIFY_SMTP_URL must start with smtp:// or smtps://, not "https://".',
  ],
  ["ENQUIRY_NOTIFY_FROM", { ENQUIRY_NOTIFY_FROM: "a@example.com" }, "ENQUIRY_NOTIFY_FROM is set but ENQUIRY_NOTIFY_SMTP_URL is not: set both, or neither."],
  [
    "ENQUIRY_NOTIFY_TO",
    { ENQUIRY_NOTIFY_SMTP_URL: "smtp://127.0.0.1:25", ENQUIRY_NOTIFY_FROM: "a@example.com" },
    "ENQUIRY_NOTIFY_TO must be set with ENQUIRY_NOTIFY_SMTP_URL: who receives enquiries.",
  ],
  [
    "ENQUIRY_NOTIFY_ROUTES",
    {
      ENQUIRY_NOTIFY_SMTP_URL: "smtp://127.0.0.1:25",
      ENQUIRY_NOTIFY_FROM: "a@example.com",
      ENQUIRY_NOTIFY_TO: "b@example.com",
      ENQUIRY_NOTIFY_ROUTES: "hr@example.com",
    },
    'ENQUIRY_NOTIFY_ROUTES must be "Subject=address, address; Other subject=address", not "hr@example.com".',
  ],
  [
    "ENQUIRY_WEBHOOK_URL",
    { ENQUIRY_WEBHOOK_URL: "http://crm.example.com/hook", ENQUIRY_WEBHOOK_SECRET: "whsec_1" },
    "ENQUIRY_WEBHOOK_URL would send enquiries unencrypted over http:// to crm.example.com, which is not a private address: use https://, or set ENQUIRY_WEBHOOK_ALLOW_HTTP=1 to allow it.",
  ],
  ["ENQUIRY_WEBHOOK_SECRET", { ENQUIRY_WEBHOOK_SECRET: "whsec_1" }, "ENQUIRY_WEBHOOK_SECRET is set but ENQUIRY_WEBHOOK_URL is not: set both, or neither."],
  [
    "EDITOR_ORIGIN",
    { EDITOR_ORIGIN: "https://www.example.com/admin/" },
    'EDITOR_ORIGIN: "https://www.example.com/admin/" is not an origin such as https://www.example.com.',
  ],
];

/** Any text is a value for these: an address or path the system judges, or a key of any length. */
const ANY_TEXT: SettingName[] = ["HOST", "ENQUIRY_DB", "ENQUIRY_IP_HASH_KEY", "EDITOR_REPO", "EDITOR_GIT_REMOTE"];

describe("the server's settings (schema/serverSettings.schema.json)", () => {
  it("an empty environment gives the schema's defaults, and nothing for the settings without one", () => {
    expect(readSettings({})).toEqual(DEFAULTS);
    expect(SETTING_DEFAULTS).toEqual(DEFAULTS);
  });

  it.each(GOOD)("%s=%j is read as %j", (name, text, value) => {
    expect(readSettings({ [name]: text })).toEqual({ ...DEFAULTS, [name]: value });
  });

  it.each(BAD)("%s=%j is refused: %s", (name, text, message) => {
    expect(() => readSettings({ [name]: text })).toThrow(new ConfigError(message));
    expect(() => serverConfigFromEnv({ [name]: text })).toThrow(new ConfigError(message));
  });

  it.each(BAD_BY_NAMED_CHECK)("%s is refused by its named check: %j", (_name, env, message) => {
    expect(() => serverConfigFromEnv(env)).toThrow(new ConfigError(message));
  });

  it("a secret's refused value is never repeated in the message", () => {
    const secret = "s3cr3t-but-too-short";
    expect(() => readSettings({ ENQUIRY_FORM_SECRET: secret })).toThrow(ConfigError);
    expect(() => readSettings({ ENQUIRY_FORM_SECRET: secret })).not.toThrow(secret);
  });

  it("every setting has a good value in the table, and a refused one unless it takes any text", () => {
    const refused = new Set([...BAD.map(([name]) => name), ...BAD_BY_NAMED_CHECK.map(([name]) => name)]);
    expect(new Set(GOOD.map(([name]) => name))).toEqual(new Set(SETTING_NAMES));
    expect(SETTING_NAMES.filter((name) => !refused.has(name))).toEqual(ANY_TEXT);
  });

  it.each(["", " ", "\t \n"])("a value of %j counts as unset: the default applies", (blank) => {
    expect(readSettings({ PORT: blank, LOG_LEVEL: blank, DATABASE_URL: blank })).toEqual(DEFAULTS);
  });

  it("ignores environment variables that are not settings, whatever they hold", () => {
    const env = { PATH: "/usr/bin", NODE_OPTIONS: "--max-old-space-size=4096", PORTS: "http", port: "http", LOG_LEVELS: "loud" };
    expect(readSettings(env)).toEqual(DEFAULTS);
    expect(serverConfigFromEnv(env)).toEqual(DEFAULT_CONFIG);
  });

  it("reports the first refused setting in the schema's order when several are wrong", () => {
    expect(() => readSettings({ LOG_FORMAT: "xml", PORT: "http", LOG_LEVEL: "loud" })).toThrow(
      new ConfigError('PORT must be a whole number from 0 to 65535, not "http".'),
    );
  });

  it("reads only the settings asked for: the enquiries command is not stopped by the server's port", () => {
    expect(readSettings({ PORT: "http", ENQUIRY_DB: "x.db" }, ["ENQUIRY_DB", "ENQUIRY_RETENTION_DAYS"])).toEqual({
      ENQUIRY_DB: "x.db",
      ENQUIRY_RETENTION_DAYS: 730,
    });
  });

  it("leaves the environment it reads unchanged", () => {
    const env = { PORT: " 8080 ", LOG_LEVEL: "" };
    readSettings(env);
    expect(env).toEqual({ PORT: " 8080 ", LOG_LEVEL: "" });
  });

  it("every setting has a description, and every whole number a minimum and a maximum (its messages and the docs name them)", () => {
    for (const name of SETTING_NAMES) {
      const schema = SETTINGS_SCHEMA.properties[name];
      expect(schema.description, name).toMatch(/\S/);
      if (schema.type === "integer") expect([schema.minimum, schema.maximum], name).not.toContain(undefined);
    }
  });

  it("each setting uses only keywords its message and docs row can put in words (settingRule)", () => {
    const worded = new Set(["description", "type", "minimum", "maximum", "minLength", "x-unit", "enum", "oneOf", "default", "examples", "writeOnly"]);
    const unworded = SETTING_NAMES.flatMap((name) =>
      Object.keys(SETTINGS_SCHEMA.properties[name])
        .filter((key) => !worded.has(key))
        .map((key) => `${name}: ${key}`),
    );
    expect(unworded).toEqual([]);
  });

  it("src/server reads the environment only through settings.ts, so every setting is in the schema", () => {
    const serverDir = join(PROJECT, "src", "server");
    const readers = filesUnder(serverDir, { relative: true })
      .filter((file) => /\.(ts|mjs)$/.test(file) && file !== "settings.ts")
      .filter((file) => /process\.env|\benv\[/.test(readFileSync(join(serverDir, file), "utf8")));
    expect(readers).toEqual([]);
  });
});
