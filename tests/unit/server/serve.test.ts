import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDbPath } from "./helpers.ts";

// As `npm run serve:api` runs it: compiled, with plain node.
const LAUNCHER = fileURLToPath(new URL("../../../src/cli/launch.mjs", import.meta.url));

function serve(env: Record<string, string>) {
  return spawnSync(process.execPath, [LAUNCHER, "serve"], {
    env: { ...process.env, PORT: "0", LOG_LEVEL: "silent", ...env },
    encoding: "utf8",
    timeout: 30_000,
  });
}

describe("npm run serve:api (src/cli/serve-api.ts)", () => {
  it("refuses a DATABASE_URL that is not PostgreSQL in one line, exit code 2", () => {
    const result = serve({ DATABASE_URL: "mysql://db.internal/nexa", ENQUIRY_DB: tempDbPath() });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('DATABASE_URL must start with postgres:// or postgresql://, not "mysql://".');
  });

  it("says in one line when the database cannot be reached, exit code 1", () => {
    const result = serve({ DATABASE_URL: "postgres://nexa@127.0.0.1:1/nexa" });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^The API could not start: .*ECONNREFUSED/);
  });
});

describe("settings the schema refuses at start-up (schema/serverSettings.schema.json)", () => {
  it.each([
    [{ PORT: "http" }, 'PORT must be a whole number from 0 to 65535, not "http".'],
    [{ LOG_FORMAT: "xml" }, 'LOG_FORMAT must be one of human, json, not "xml".'],
    [{ ENQUIRY_FORM_SECRET: "short" }, "ENQUIRY_FORM_SECRET must be at least 32 characters: a long random value, the same on every instance."],
  ])("refuses %j in one line naming the variable, exit code 2, no stack trace", (env, message) => {
    const result = serve({ ...env, ENQUIRY_DB: tempDbPath() });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${message}\n`);
  });
});

describe("delivery settings at start-up", () => {
  it.each([
    [{ ENQUIRY_WEBHOOK_URL: "https://crm.example.com/hook" }, "ENQUIRY_WEBHOOK_SECRET must be set with ENQUIRY_WEBHOOK_URL: every webhook is signed with it."],
    [
      { ENQUIRY_NOTIFY_SMTP_URL: "smtp://u:p@smtp.example.com", ENQUIRY_NOTIFY_FROM: "nexa", ENQUIRY_NOTIFY_TO: "sales@nexa.example" },
      'ENQUIRY_NOTIFY_FROM must be one email address, such as "Nexa AI <noreply@example.com>", not "nexa".',
    ],
  ])("refuses %j in one line naming the variable, exit code 2", (env, message) => {
    const result = serve({ ...env, ENQUIRY_DB: tempDbPath() });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(message);
  });
});
