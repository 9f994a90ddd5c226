import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { fixtureRoot, PROJECT } from "../fixture-site.ts";

const TSX = join(PROJECT, "node_modules", ".bin", "tsx");
const VALIDATE = join(PROJECT, "src", "cli", "validate.ts");

function validate(root: string, ...args: string[]) {
  const run = spawnSync(TSX, [VALIDATE, ...args], { cwd: root, encoding: "utf8" });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

let cleanup = () => {};
afterEach(() => cleanup());
function root(fixture?: string) {
  const made = fixtureRoot(fixture);
  cleanup = made.cleanup;
  return made.root;
}

describe("npm run validate", () => {
  it("exits 0 on clean content, with a last line counting files", () => {
    const r = validate(root());
    expect(r.code).toBe(0);
    expect(r.out).toBe("No problems (3 files checked)");
  });

  it("exits 1 on problems and prints file:line:col lines, then the count", () => {
    const r = validate(root("link-to-missing-page"));
    expect(r.code).toBe(1);
    expect(r.out.split("\n")).toEqual(['site/bad-link.yaml:10:13  link "/abuot" is not a page — did you mean "/about"?', "1 problem in 1 file (4 files checked)"]);
  });

  it("a broken link in a copy of the site is reported at its line and column", () => {
    const dir = root();
    const about = join(dir, "site", "index.yaml");
    writeFileSync(about, readFileSync(about, "utf8").replace("/about#contact", "/abot#contact"));
    const r = validate(dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('site/index.yaml:16:39  link "/abot#contact" is not a page — did you mean "/about#contact"?');
  });

  it("checks only the named files, resolving links against the whole site", () => {
    const dir = root("link-to-missing-page");
    expect(validate(dir, "site/index.yaml")).toMatchObject({ code: 0, out: "No problems (1 file checked)" });
    expect(validate(dir, "site/bad-link.yaml").code).toBe(1);
  });

  it("--format json gives the problems as data", () => {
    const r = validate(root("missing-asset"), "--format", "json");
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as { problems: unknown[]; filesChecked: number; summary: string };
    expect(json.problems).toEqual([
      { file: "site/no-image.yaml", line: 11, col: 23, message: 'missing file "/logoo.svg": there is no site/assets/logoo.svg', hint: "similar files: /logo.svg, /icon.svg" },
    ]);
    expect(json.filesChecked).toBe(4);
  });

  it("--format github writes CI annotations", () => {
    const r = validate(root("link-to-missing-page"), "--format=github");
    expect(r.out.split("\n")[0]).toBe('::error file=site/bad-link.yaml,line=10,col=13,title=Content problem::link "/abuot" is not a page — did you mean "/about"?');
  });

  it.each([
    [["--format", "yaml"], 'unknown format "yaml"'],
    [["--frobnicate"], "Unknown option '--frobnicate'"],
    [["site/nope.yaml"], "no such file: site/nope.yaml"],
    [["--format"], "Option '--format <value>' argument missing"],
  ])("usage error %j exits 2 with one line and the usage", (args, message) => {
    const r = validate(root(), ...args);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")[0]).toContain(message); // node:util parseArgs words the option mistakes
    expect(r.err).toContain("usage: npm run validate");
    expect(r.err).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
