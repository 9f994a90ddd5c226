import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyFix, labelOf } from "../../../../src/content/fixes.ts";
import type { Problem } from "../../../../src/content/problem.ts";
import { siteCopyRoot } from "../../fixture-site.ts";
import { startEditorApp } from "./editor-app.ts";

/**
 * Every kind of one-click fix, through the editor's API as the editor uses it: a mistake made in a
 * page of the real site is checked, its one problem comes with the fix its hint names, and the
 * text with that fix applied checks clean, the whole site around it.
 */
let root: string;
let cleanup: () => void;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ root, cleanup } = siteCopyRoot());
  ({ app, close } = await startEditorApp(root, async () => ({ ok: true, output: "" })));
}, 60_000);

afterAll(async () => {
  await close?.();
  cleanup?.();
});

const check = async (path: string, text: string): Promise<Problem[]> => {
  const response = await app.inject({ method: "POST", url: "/admin/api/check", payload: { path, text } });
  expect(response.statusCode).toBe(200);
  return (response.json() as { problems: Problem[] }).problems;
};

const HEALTH = "site/industries/health.yaml";
const JEE = "site/courses/comparative-exam-preparation/jeemain.yaml";
const INTERVIEW = "site/courses/interview-preparation/index.yaml";
const ABOUT = "site/about-us/index.yaml";
const DETAILS = "site/industries/details.yaml";

/** Replace the first `find` in the text; the test fails when it is not there, so a changed page cannot make a row pass unchecked. */
const swap = (find: string, put: string) => (text: string) => {
  expect(text).toContain(find);
  return text.replace(find, put);
};

describe("one-click fixes", () => {
  it.each<[kind: string, file: string, mistake: (text: string) => string, label: string, restores: boolean]>([
    ["a misspelt field name", HEALTH, swap("\ntitle:", "\nttitle:"), "Change to title", true],
    ["a misspelt block type", HEALTH, swap("type: split", "type: splt"), "Change to split", true],
    ["a misspelt address", HEALTH, swap("to: /connect }", "to: /conect }"), "Change to /connect", true],
    ["a misspelt anchor", ABOUT, swap("/about-us/details#our-people", "/about-us/details#our-peple"), "Change to /about-us/details#our-people", true],
    [
      "a misspelt count token",
      DETAILS,
      swap('"{count:industries} industries, one', '"{count:industrie} industries, one'),
      "Change to {count:industries}",
      true,
    ],
    [
      "a number word that disagrees with its listing",
      DETAILS,
      swap('"{count:industries} industries, one', '"Nine industries, one'),
      "Change to {count:industries} industries",
      true,
    ],
    [
      "a picture path under site/assets",
      HEALTH,
      swap("src: /industries/health.svg", "src: site/assets/industries/health.svg"),
      "Change to /industries/health.svg",
      true,
    ],
    ["a comma inside { }", JEE, swap("value: '₹35,000 + GST'", "value: ₹35,000 + GST / $500"), "Put the text in quotes", false],
    ["a comma inside [ ]", INTERVIEW, swap("'₹12,000 / $200'", "₹12,000 / $200"), "Put the text in quotes", false],
    ["a text with a colon and a space", HEALTH, swap("heading: AI for Health\n", "heading: AI for Health: care\n"), "Put the whole text in quotes", false],
    ["more text after a closing quote", HEALTH, swap("heading: AI for Health\n", 'heading: "AI for" Health\n'), "Put the whole text in quotes", false],
    ["an unclosed quote", HEALTH, swap("heading: AI for Health\n", "heading: 'AI for Health\n"), "Close the quote with '", false],
    ["a tab among the spaces", HEALTH, swap("\n    heading: AI for Health", "\n  \t  heading: AI for Health"), "Replace the tab with spaces", true],
    ["a tab as the indentation", HEALTH, swap("\n    heading: AI for Health", "\n\theading: AI for Health"), "Replace the tab with spaces", true],
    ["a dash with no space after it", HEALTH, swap("- { label: Contact Us", "-{ label: Contact Us"), "Add a space after the dash", true],
    ["a colon with no space after it", HEALTH, swap("    height: 600\n", "    height:600\n"), "Add a space after the colon", true],
    ["the schema line missing", HEALTH, (t) => t.slice(t.indexOf("\n") + 1), "Make the schema line line 1", true],
    ["the schema line further down", HEALTH, (t) => t.replace(/^(.*\n)(.*\n)/, "$2$1"), "Make the schema line line 1", true],
    ["the schema line naming another schema", HEALTH, swap("schema/page.schema.json", "schema/site.schema.json"), "Make the schema line line 1", true],
  ])("%s", async (_kind, file, mistake, label, restores) => {
    const original = readFileSync(join(root, file), "utf8");
    const text = mistake(original);
    const problems = await check(file, text);
    expect(problems, JSON.stringify(problems)).toHaveLength(1);
    const fix = problems[0]!.fix;
    expect(fix, JSON.stringify(problems[0])).toBeDefined();
    expect(labelOf(fix!)).toBe(label);
    const fixed = applyFix(text, fix!);
    if (restores) expect(fixed).toBe(original);
    expect(await check(file, fixed)).toEqual([]);
  });

  it("offers no fix where the hint leaves the choice to the person", async () => {
    const text = swap("value: '₹35,000 + GST'", "value: Rs 45k")(readFileSync(join(root, JEE), "utf8"));
    const problems = await check(JEE, text);
    expect(problems.map((p) => [p.message, p.fix])).toEqual([['the course fee "Rs 45k" cannot be read', undefined]]);
  });
});
