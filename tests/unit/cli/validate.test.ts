import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runValidate } from "../../../src/cli/validate.ts";
import { fixtureRoot, PROJECT } from "../fixture-site.ts";
import { inProcess } from "./in-process.ts";

const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");

/** `npm run validate -- …` in `root`, as its own process: for what only a real run shows. */
function spawned(root: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [LAUNCHER, "validate", ...args], { cwd: root, encoding: "utf8" });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

/** The same command in this process (tests/unit/cli/in-process.ts): the table of cases. */
const validate = (root: string, ...args: string[]) => inProcess(() => runValidate(args, root));

let cleanup = () => {};
afterEach(() => cleanup());
function root(fixture?: string) {
  const made = fixtureRoot(fixture);
  cleanup = made.cleanup;
  return made.root;
}

describe("npm run validate", () => {
  it("exits 0 on clean content, with a last line counting files, as its own process", () => {
    const r = spawned(root());
    expect(r.code).toBe(0);
    expect(r.out).toBe("No problems (3 files checked)");
  });

  it("exits 1 on problems and prints file:line:col lines, then the count", async () => {
    const r = await validate(root("link-to-missing-page"));
    expect(r.code).toBe(1);
    expect(r.out.split("\n")).toEqual([
      'site/bad-link.yaml:10:13  link "/abuot" is not a page — did you mean "/about"?',
      "1 problem in 1 file (4 files checked)",
    ]);
  });

  it("a broken link in a copy of the site is reported at its line and column", async () => {
    const dir = root();
    const about = join(dir, "site", "index.yaml");
    writeFileSync(about, readFileSync(about, "utf8").replace("/about#contact", "/abot#contact"));
    const r = await validate(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('site/index.yaml:16:39  link "/abot#contact" is not a page — did you mean "/about#contact"?');
  });

  it("checks only the named files, resolving links against the whole site", async () => {
    const dir = root("link-to-missing-page");
    expect(await validate(dir, "site/index.yaml")).toMatchObject({ code: 0, out: "No problems (1 file checked)" });
    expect((await validate(dir, "site/bad-link.yaml")).code).toBe(1);
  });

  it("--format json gives the problems as data", async () => {
    const r = await validate(root("missing-asset"), "--format", "json");
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { problems: unknown[]; filesChecked: number; summary: string };
    expect(json.problems).toEqual([
      {
        file: "site/no-image.yaml",
        line: 11,
        col: 23,
        message: 'missing file "/logoo.svg": there is no site/assets/logoo.svg',
        hint: "similar files: /logo.svg, /icon.svg",
      },
    ]);
    expect(json.filesChecked).toBe(4);
  });

  it("--format github writes CI annotations", async () => {
    const r = await validate(root("link-to-missing-page"), "--format=github");
    expect(r.out.split("\n")[0]).toBe(
      '::error file=site/bad-link.yaml,line=10,col=13,title=Content problem::link "/abuot" is not a page — did you mean "/about"?',
    );
  });

  it.each([
    [["--format", "yaml"], 'unknown format "yaml"'],
    [["--frobnicate"], "Unknown option '--frobnicate'"],
    [["site/nope.yaml"], "no such file: site/nope.yaml"],
    [["--format"], "Option '--format <value>' argument missing"],
  ])("usage error %j exits 2 with one line and the usage", async (args, message) => {
    const r = await validate(root(), ...args);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toContain(message); // node:util parseArgs words the option mistakes
    expect(r.err).toContain("usage: npm run validate");
    expect(r.err).not.toMatch(/\bat .*\.ts:\d+/);
  });

  it("a --root with site/ but no schema/ beside it is a usage error that says so, not a stack trace", async () => {
    const bare = mkdtempSync(join(tmpdir(), "nexa-validate-root-"));
    try {
      mkdirSync(join(bare, "site"));
      const r = await validate(root(), "--root", bare);
      expect(r.code).toBe(2);
      expect(r.err.split("\n")[0]).toBe(`no schema/page.schema.json in ${bare}: --root is a project folder, with schema/ beside site/`);
      expect(r.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
      // The settings' schema is needed as much as the pages': without it, the same kind of answer.
      mkdirSync(join(bare, "schema"));
      writeFileSync(join(bare, "schema", "page.schema.json"), "{}");
      const noSite = await validate(root(), "--root", bare);
      expect(noSite.code).toBe(2);
      expect(noSite.err.split("\n")[0]).toBe(`no schema/site.schema.json in ${bare}: --root is a project folder, with schema/ beside site/`);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });

  it("a usage error from its own process is the message and the usage on stderr, exit 2, no stack trace", () => {
    const r = spawned(root(), "--frobnicate");
    expect(r.code).toBe(2);
    expect(r.out).toBe("");
    const lines = r.err.split("\n");
    expect(lines[0]).toContain("Unknown option '--frobnicate'"); // node:util parseArgs words the rest
    expect(lines.slice(1)).toEqual(["usage: npm run validate -- [--format text|json|github] [--watch] [--root DIR] [site/file.yaml ...]"]);
    expect(r.err).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });
});
