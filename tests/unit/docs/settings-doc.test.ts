import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SETTINGS_DOC, settingsDoc } from "../../../src/cli/docs.ts";
import { SETTING_NAMES } from "../../../src/server/settings.ts";
import { PROJECT } from "../fixture-site.ts";

/** The names of the server's settings as the docs write them (`ENQUIRY_NOTIFY_*` is written `ENQUIRY_NOTIFY_`). */
const SETTING_LIKE = /\b(?:ENQUIRY|DATABASE|LOG|TRUST)_[A-Z_]+\b/g;

describe("docs/SETTINGS.md", () => {
  it("is what npm run docs writes from schema/serverSettings.schema.json (run it after changing the schema)", () => {
    expect(readFileSync(SETTINGS_DOC, "utf8")).toBe(settingsDoc());
  });

  it("has one row for each setting, in the schema's order", () => {
    const rows = [...settingsDoc().matchAll(/^\| `([A-Z_]+)` \|/gm)].map((match) => match[1]);
    expect(rows).toEqual(SETTING_NAMES);
  });

  it("the README and docs/ name no setting the schema does not declare", () => {
    const docs = ["README.md", ...readdirSync(join(PROJECT, "docs")).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`)];
    const unknown = docs.flatMap((file) =>
      [...readFileSync(join(PROJECT, file), "utf8").matchAll(SETTING_LIKE)]
        .map((match) => match[0])
        .filter((name) => (name.endsWith("_") ? !SETTING_NAMES.some((setting) => setting.startsWith(name)) : !(SETTING_NAMES as string[]).includes(name)))
        .map((name) => `${file}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
