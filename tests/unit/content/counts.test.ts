import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { numberInWords, startsSentence } from "../../../src/content/counts.ts";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { loadSiteContent, type SiteContent } from "../../../src/content/site.ts";
import { fixtureRoot, PROJECT, siteCopyRoot } from "../fixture-site.ts";

/**
 * Counts that never go stale: texts say how many pages a listing holds with {count:name} or
 * {count}, and the content pipeline writes the number in words from the pages themselves.
 */
let cleanup = () => {};
afterEach(() => cleanup());

describe("numbers in words", () => {
  it.each([
    [1, false, "one"],
    [8, false, "eight"],
    [10, true, "Ten"],
    [11, true, "Eleven"],
    [17, true, "Seventeen"],
    [21, false, "twenty-one"],
    [100, true, "One hundred"],
  ])("%i (sentence start: %s) is %j", (n, start, words) => expect(numberInWords(n, start)).toBe(words));

  it.each([
    ["{count} industries", 0, true],
    ["**{count}** courses", 2, true],
    ["Hello. {count} sectors", 7, true],
    ["Ready? {count} exams", 7, true],
    ["across {count} industries", 7, false],
    ["Note: {count} exams", 6, false],
  ])("in %j the token at %i starts a sentence: %s", (text, index, start) => expect(startsSentence(text, index)).toBe(start));
});

/** A text of the checked content at a path such as ["sections", 0, "text"]. */
function textAt(content: SiteContent, route: string | null, path: (string | number)[]): string {
  let node: unknown = route === null ? content.site : content.pages.find((p) => p.route === route)!.data;
  for (const seg of path) node = (node as Record<string | number, unknown>)[seg];
  return node as string;
}

/** The places today's copy says how many industries, courses and exams there are (the eight the copy had, and three counts of one group). */
const PLACES: [route: string | null, path: (string | number)[], today: string, afterAdding: string][] = [
  ["/industries/details", ["description"], "across ten industries,", "across eleven industries,"],
  ["/industries/details", ["sections", 0, "text"], "Ten industries, one approach.", "Eleven industries, one approach."],
  [null, ["header", "items", 3, "panel", "text"], "Ten sectors where", "Eleven sectors where"],
  ["/courses/explore", ["sections", 1, "cards", 3, "text"], "Seventeen project-based courses", "Eighteen project-based courses"],
  ["/courses/explore", ["sections", 2, "body", 0, "bullets", 1], "each of eight exams.", "each of nine exams."],
  ["/courses/normal-course", ["card", "text"], "Seventeen instructor-led courses in six groups,", "Eighteen instructor-led courses in six groups,"],
  ["/courses/normal-course", ["sections", 1, "intro"], "Seventeen courses in six groups.", "Eighteen courses in six groups."],
  [
    "/courses/comparative-exam-preparation",
    ["card", "text"],
    "Courses for eight entrance and English-language exams,",
    "Courses for nine entrance and English-language exams,",
  ],
  // Listings of one group: the same tokens keep them true.
  ["/courses/normal-course/data-and-ai", ["card", "text"], "Four courses that take you", "Five courses that take you"],
  ["/courses/normal-course/full-stack-development", ["sections", 1, "body", 0], "All three courses cover", "All three courses cover"],
  ["/courses/interview-preparation", ["description"], "Two interview preparation courses", "Two interview preparation courses"],
];

const head = (depth: number) => `# yaml-language-server: $schema=${"../".repeat(depth + 1)}schema/page.schema.json\nschemaVersion: 2\n`;

/** A finished page with a card, as an editor would write it after npm run new. */
const listedPage = (depth: number, title: string, facts = "") =>
  `${head(depth)}title: ${title} | Nexa AI\ndescription: ${title}, a page added to the site to see the counts in the copy follow the pages.\ncard:\n  title: ${title}\n  text: One sentence about ${title}.\n${facts}sections:\n  - type: prose\n    heading: ${title}\n    body: [About ${title}.]\n`;

describe("the real site's copy, counted from its pages", () => {
  it("says what it said before the counts were tokens", () => {
    const content = loadSiteContent(PROJECT);
    expect(content.problems).toEqual([]);
    for (const [route, path, today] of PLACES) expect(textAt(content, route, path)).toContain(today);
  });

  it("follows an added industry, course and exam in every place", () => {
    const copy = siteCopyRoot();
    cleanup = copy.cleanup;
    const facts = "  facts:\n    - {label: Duration, value: 6 months}\n    - {label: Fee, value: '₹50,000 + GST'}\n";
    writeFileSync(join(copy.root, "site", "industries", "mining.yaml"), listedPage(1, "Mining"));
    writeFileSync(join(copy.root, "site", "courses", "normal-course", "data-and-ai", "machine-learning.yaml"), listedPage(3, "Machine Learning", facts));
    writeFileSync(join(copy.root, "site", "courses", "comparative-exam-preparation", "gre.yaml"), listedPage(2, "GRE", facts));
    const content = loadSiteContent(copy.root);
    expect(content.problems.map(formatProblem)).toEqual([]);
    for (const [route, path, , afterAdding] of PLACES) expect(textAt(content, route, path)).toContain(afterAdding);
  });
});

/** Where a text stands in a real file: the settings file grows, and the expectation follows it. */
const lineOf = (file: string, text: string) =>
  readFileSync(join(PROJECT, file), "utf8")
    .split("\n")
    .findIndex((line) => line.includes(text)) + 1;

describe("a number in words that no longer matches the pages", () => {
  it.each([
    [
      "site/_site.yaml",
      "{count:industries} sectors where",
      "Ten sectors where",
      `site/_site.yaml:${lineOf("site/_site.yaml", "{count:industries} sectors where")}:16  "Ten sectors" says ten, but /industries lists eleven pages — write {count:industries} sectors, and the number is counted from the pages`,
    ],
    [
      "site/courses/explore.yaml",
      "each of {count:exams} exams",
      "each of eight exams",
      'site/courses/explore.yaml:65:106  "eight exams" says eight, but /courses/comparative-exam-preparation lists nine pages — write {count:exams} exams, and the number is counted from the pages',
    ],
    [
      "site/courses/explore.yaml",
      '"{count:courses} project-based courses',
      '"Seventeen project-based courses',
      'site/courses/explore.yaml:50:16  "Seventeen project-based courses" says seventeen, but /courses/normal-course lists eighteen pages two levels below it — write {count:courses} project-based courses, and the number is counted from the pages',
    ],
  ])("%s: %s written as %j", (file, token, literal, expected) => {
    const copy = siteCopyRoot();
    cleanup = copy.cleanup;
    const path = join(copy.root, file);
    const text = readFileSync(path, "utf8");
    expect(text).toContain(token);
    writeFileSync(path, text.replace(token, literal));
    // While the literal is still true, it is fine.
    expect(loadSiteContent(copy.root).problems).toEqual([]);
    writeFileSync(join(copy.root, "site", "industries", "mining.yaml"), listedPage(1, "Mining"));
    const facts = "  facts:\n    - {label: Duration, value: 6 months}\n    - {label: Fee, value: '₹50,000 + GST'}\n";
    writeFileSync(join(copy.root, "site", "courses", "normal-course", "data-and-ai", "machine-learning.yaml"), listedPage(3, "Machine Learning", facts));
    writeFileSync(join(copy.root, "site", "courses", "comparative-exam-preparation", "gre.yaml"), listedPage(2, "GRE", facts));
    expect(loadSiteContent(copy.root).problems.map(formatProblem)).toEqual([expected]);
  });
});

describe("count tokens that cannot be filled", () => {
  const COUNTS = "counts:\n  - { name: things, from: /things, words: [things] }\n";

  function problemsWith(files: Record<string, string>): string[] {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    const settings = join(made.root, "site", "_site.yaml");
    writeFileSync(settings, readFileSync(settings, "utf8").replace("courseMode: online\n", `courseMode: online\n${COUNTS}`));
    mkdirSync(join(made.root, "site", "things"), { recursive: true });
    writeFileSync(
      join(made.root, "site", "things", "index.yaml"),
      `${head(1)}title: Things\ndescription: The things of the fixture site, listed from their cards.\nsections:\n  - {type: childCards, heading: Things, from: /things}\n`,
    );
    writeFileSync(join(made.root, "site", "things", "one.yaml"), listedPage(1, "One"));
    writeFileSync(join(made.root, "site", "things", "two.yaml"), listedPage(1, "Two"));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(made.root, "site", file), text);
    return loadSiteContent(made.root).problems.map(formatProblem);
  }

  const page = (text: string) =>
    `${head(1)}title: Case page\ndescription: A page of the fixture site for one count case.\nsections:\n  - type: prose\n    heading: Counts\n    body:\n      - ${text}\n`;

  it.each([
    ["a named count", page("We sell {count:things} things."), []],
    ["a misspelt count", page("We sell {count:thing} things."), ['site/things/case.yaml:9:17  unknown count "thing" — did you mean {count:things}?']],
    [
      "a count that is not defined",
      page("We hold {count:exams} exams."),
      ['site/things/case.yaml:9:17  unknown count "exams" — the counts are: things (site/_site.yaml, counts:)'],
    ],
    [
      "{count} on a page with nothing below it",
      page("We sell {count} things."),
      [
        "site/things/case.yaml:9:17  {count} here counts the pages listed below /things/case, and there are none — give the pages below a card:, or name a count from site/_site.yaml: {count:things}",
      ],
    ],
    [
      "a number in words that disagrees",
      page("We sell three things."),
      [
        'site/things/case.yaml:9:17  "three things" says three, but /things lists two pages — write {count:things} things, and the number is counted from the pages',
      ],
    ],
    ["a number in words that agrees", page("We sell two things."), []],
  ])("%s", (_name, text, expected) => {
    expect(problemsWith({ "things/case.yaml": text })).toEqual(expected);
  });

  it("{count} alone in the site settings", () => {
    const made = problemsWith({});
    expect(made).toEqual([]);
    const root = fixtureRoot();
    cleanup = root.cleanup;
    const settings = join(root.root, "site", "_site.yaml");
    writeFileSync(settings, readFileSync(settings, "utf8").replace("copyright: © Fixture Co", "copyright: © Fixture Co, {count} pages"));
    expect(loadSiteContent(root.root).problems.map(formatProblem)).toEqual([
      "site/_site.yaml:17:28  {count} alone counts the pages of a page's listing, and this file is not a page — name the count, and define it under counts: in site/_site.yaml",
    ]);
  });
});
