import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { CURRENT_VERSION, MIGRATIONS, migratePage, MigrationError } from "../../../src/content/page-format.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { FIXTURES, fixtureRoot, PROJECT } from "../fixture-site.ts";

// As `npm run migrate` runs it: compiled, without the TypeScript loader's second of start-up per run.
const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");
const OLD = readFileSync(join(FIXTURES, "migrations", "version-0.yaml"), "utf8");
const NEW = readFileSync(join(FIXTURES, "migrations", "version-0.migrated.yaml"), "utf8");

let cleanup = () => {};
afterEach(() => cleanup());

function migrate(root: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [LAUNCHER, "migrate", ...args], { cwd: root, encoding: "utf8" });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

describe("content versions", () => {
  it("the migrations run 0 → 1 → … without gaps, up to the version the page schema requires", () => {
    MIGRATIONS.forEach((m, i) => expect([m.from, m.to]).toEqual([i, i + 1]));
    const schema = JSON.parse(readFileSync(join(PROJECT, "schema", "page.schema.json"), "utf8")) as {
      required: string[];
      properties: { schemaVersion: { const: number } };
    };
    expect(schema.properties.schemaVersion.const).toBe(CURRENT_VERSION);
    expect(schema.required).toContain("schemaVersion");
  });

  it("a page without a version gains schemaVersion, and its table's note becomes notes, with comments, key order and quoting kept", () => {
    const result = migratePage(OLD);
    expect(result.text).toBe(NEW);
    expect([result.from, result.to, result.applied.map((m) => m.to)]).toEqual([0, 2, [1, 2]]);
  });

  it("a version 1 page only gets the table change and the new number", () => {
    const v1 = OLD.replace("title: Course fees", "schemaVersion: 1\ntitle: Course fees");
    expect(migratePage(v1).text).toBe(NEW);
  });

  it("running it again changes nothing", () => {
    const again = migratePage(NEW);
    expect(again.text).toBe(NEW);
    expect(again.applied).toEqual([]);
  });

  it("the migrated page is valid", () => {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    writeFileSync(join(made.root, "site", "fees.yaml"), NEW);
    expect(loadSiteContent(made.root).problems.map(formatProblem)).toEqual([]);
  });

  it.each([
    ["schemaVersion: 3\ntitle: x\n", "schemaVersion 3 is newer than this site knows (2)"],
    ["schemaVersion: two\ntitle: x\n", 'schemaVersion is "two", not a version number'],
    ["- a list\n", "the file is not a page (its top level is not a group of fields)"],
    ["title: 'unclosed\n", "the file has YAML mistakes; fix what npm run validate reports first"],
  ])("refuses %j: %s", (text, message) => {
    expect(() => migratePage(text)).toThrow(new MigrationError(message));
  });
});

describe("npm run migrate", () => {
  function oldSite() {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    writeFileSync(join(made.root, "site", "fees.yaml"), OLD);
    writeFileSync(
      join(made.root, "site", "about.yaml"),
      readFileSync(join(made.root, "site", "about.yaml"), "utf8")
        .split("\n")
        .slice(1)
        .join("\n"),
    );
    return made.root;
  }

  it("rewrites old pages in place, then has nothing left to do", () => {
    const root = oldSite();
    const check = migrate(root, "--check");
    expect(check.code).toBe(1);
    expect(check.out.split("\n").at(-1)).toBe("2 files need npm run migrate (4 files checked, page format version 2)");
    expect(readFileSync(join(root, "site", "fees.yaml"), "utf8")).toBe(OLD);

    const first = migrate(root);
    expect(first.code).toBe(0);
    expect(first.out.split("\n")).toEqual([
      "site/about.yaml  updated: schema line added or corrected",
      "site/fees.yaml  updated: page format version 0 → 2",
      "  version 1: pages say which version of the page format they use (schemaVersion)",
      "  version 2: a table's note (one text) becomes notes (a list of texts, one paragraph each)",
      "2 files updated (4 files checked, page format version 2)",
    ]);
    expect(readFileSync(join(root, "site", "fees.yaml"), "utf8")).toBe(NEW);
    expect(loadSiteContent(root).problems.map(formatProblem)).toEqual([]);

    expect(migrate(root)).toMatchObject({ code: 0, out: "Everything is up to date (4 files checked, page format version 2)" });
    expect(migrate(root, "--check").code).toBe(0);
  });

  it("says which file it could not migrate, and exits 1", () => {
    const root = oldSite();
    writeFileSync(join(root, "site", "future.yaml"), "# yaml-language-server: $schema=../schema/page.schema.json\nschemaVersion: 9\n");
    const r = migrate(root, "site/future.yaml");
    expect(r.code).toBe(1);
    expect(r.out.split("\n")[0]).toBe("site/future.yaml  not migrated: schemaVersion 9 is newer than this site knows (2)");
  });

  it.each([
    // The option reader's own words, as every command says them.
    [["--frobnicate"], "Unknown option '--frobnicate'."],
    [["--root"], "Option '--root <value>' argument missing"],
    [["site/nope.yaml"], "no such file: site/nope.yaml"],
  ])("usage error %j exits 2 with the usage line", (args, message) => {
    const r = migrate(oldSite(), ...args);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]!.startsWith(message), r.err).toBe(true);
    expect(r.err.trim().split("\n").at(-1)).toBe("usage: npm run migrate -- [--check] [--root DIR] [site/file.yaml ...]");
  });

  it("every page of the real site is at the current version, with its schema line", () => {
    expect(migrate(PROJECT, "--check")).toMatchObject({ code: 0 });
  });
});
