import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openingTag, place, seoFindings } from "../../../src/build/page-check.ts";
import { runCheck } from "../../../src/cli/check.ts";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { loadYaml } from "../../../src/content/load.ts";
import { sourceOf } from "../../../src/content/source-of.ts";
import { fixtureRoot, PROJECT, siteCopyRoot } from "../fixture-site.ts";
import { inProcess } from "./in-process.ts";

const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");

/** `npm run check -- …` in `root`, as its own process: for what only a real run shows. */
function spawned(root: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [LAUNCHER, "check", ...args], { cwd: root, encoding: "utf8" });
  return { code: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

/** The same command in this process (tests/unit/cli/in-process.ts): the cases that stop before the browser. */
const check = (root: string, ...args: string[]) => inProcess(() => runCheck(args, root));

let cleanup = () => {};
afterEach(() => cleanup());

/**
 * A page the schema accepts but a careful reviewer would not: two lists of anchors that
 * both carry the default label "On this page" (axe: landmark-unique), and a title longer
 * than search results show (SEO).
 */
const CHECKED = `# yaml-language-server: $schema=../schema/page.schema.json
schemaVersion: 2
title: Two lists of anchors on one page, with a title too long | Nexa AI
description: A page made for the check command's test, with two anchor lists that share one label.
sections:
  - type: anchors
    heading: First part
    sections:
      - id: one
        heading: One
        body: [The first section.]
  - type: anchors
    heading: Second part
    sections:
      - id: two
        heading: Two
        body: [The second section.]
`;

const loaded = loadYaml("site/checked.yaml", new TextEncoder().encode(CHECKED)).loaded!;
const facts = {
  title: "A fine title | Nexa AI",
  description: "A description that is long enough for search results, at seventy characters or more.",
  h1s: ["First part"],
  imagesWithoutAlt: [],
  headings: [
    { level: 1, text: "First part" },
    { level: 2, text: "Second part" },
  ],
};

describe("the SEO lint", () => {
  it.each([
    ["a clean page", {}, []],
    [
      "a long title",
      { title: "x".repeat(61) },
      ["site/checked.yaml:3:8  SEO: the title is 61 characters long — search results cut titles after about 60 characters: shorten it"],
    ],
    ["a short title", { title: "Nexa" }, ["site/checked.yaml:3:8  SEO: the title is 4 characters long — write a title of at least 10 characters"]],
    [
      "a short description",
      { description: "Too short." },
      ["site/checked.yaml:4:14  SEO: the description is 10 characters long — write at least 70 characters, one or two full sentences"],
    ],
    [
      "a long description",
      { description: "y".repeat(161) },
      ["site/checked.yaml:4:14  SEO: the description is 161 characters long — search results show about 160 characters: shorten it"],
    ],
    ["no h1", { h1s: [] }, ["site/checked.yaml:6:5  SEO: the page has no main heading (h1) — give the first section a heading"]],
    [
      "two h1s",
      { h1s: ["First part", "Second part"] },
      ["site/checked.yaml:13:14  SEO: the page has 2 main headings (h1) — only the first section's heading should be the main heading"],
    ],
    [
      "a picture without alt",
      { imagesWithoutAlt: ["/logo.svg"] },
      ['site/checked.yaml:1:1  SEO: the picture /logo.svg has no alt text — describe it in alt, or set decorative: true with alt: ""'],
    ],
    [
      "a skipped heading level",
      {
        headings: [
          { level: 1, text: "First part" },
          { level: 3, text: "One" },
        ],
      },
      ['site/checked.yaml:10:18  SEO: the heading "One" is an h3 right after an h1 — heading levels must not skip; use the block\'s own heading'],
    ],
  ])("%s", (_name, change, expected) => {
    expect(place(seoFindings({ ...facts, ...change }, loaded), "site/checked.yaml", loaded).map(formatProblem)).toEqual(expected);
  });
});

describe("tracing a finding back to the YAML", () => {
  it.each([
    [{ id: "two" }, { line: 15, col: 13 }],
    [{ text: "Two" }, { line: 16, col: 18 }],
    [{ text: "Second part" }, { line: 13, col: 14 }],
    [{ text: "  second   PART " }, { line: 13, col: 14 }],
    [{ text: "Two\nThe second section." }, { line: 17, col: 16 }],
    [{ href: "http://127.0.0.1:4321/about" }, undefined],
    [{ text: "Nothing like it" }, undefined],
  ])("%j", (element, at) => {
    expect(sourceOf(loaded, element)).toEqual(at);
  });

  it("shows an element as its opening tag without generated class names", () => {
    expect(openingTag('<nav class="_nav_8zhjx_9" aria-label="On this page"><p>…</p></nav>')).toBe('<nav aria-label="On this page">');
  });
});

describe("npm run check", () => {
  it("builds the page, runs axe-core and the SEO lint in Chromium, and reports each finding at its YAML line", () => {
    const made = siteCopyRoot();
    cleanup = made.cleanup;
    writeFileSync(join(made.root, "site", "checked.yaml"), CHECKED);
    const r = spawned(made.root, "site/checked.yaml");
    expect(r.code, r.err).toBe(1);
    const lines = r.out.split("\n");
    expect(lines.slice(0, -1)).toEqual([
      "site/checked.yaml:3:8  SEO: the title is 65 characters long — search results cut titles after about 60 characters: shorten it",
      'site/checked.yaml:7:14  accessibility: Landmarks should have a unique role or role/label/title (i.e. accessible name) combination [landmark-unique, moderate] on <nav aria-label="On this page"> — two parts of the page have the same label; give one of them a different label (for example navLabel)',
    ]);
    expect(lines.at(-1)).toMatch(/^2 findings on \/checked \(\d+\.\d+s\)$/);
  }, 180_000);

  it("reports content problems without building, exit 1", async () => {
    const made = fixtureRoot("link-to-missing-page");
    cleanup = made.cleanup;
    const r = await check(made.root, "site/bad-link.yaml");
    expect(r.code).toBe(1);
    expect(r.out.split("\n")).toEqual([
      'site/bad-link.yaml:10:13  link "/abuot" is not a page — did you mean "/about"?',
      "1 problem in site/bad-link.yaml; fix it and run the check again to test the page in a browser",
    ]);
  });

  it.each([
    [[], "name the page file to check"],
    [["site/_site.yaml"], "site/_site.yaml is not a page (site/_site.yaml is drawn on every page: check any page to check it)"],
  ])("usage error %j exits 2", async (args, message) => {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    const r = await check(made.root, ...args);
    expect(r.code).toBe(2);
    expect(r.err.split("\n")).toEqual([message, "usage: npm run check -- site/<file>.yaml"]);
  });
});
