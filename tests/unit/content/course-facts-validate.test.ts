import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { fixtureRoot } from "../fixture-site.ts";

/**
 * Fees and durations are read by validate with the structured-data step's own parser, so a
 * course page whose facts search engines could not be told about never reaches the build.
 */
let cleanup = () => {};
afterEach(() => cleanup());

const PRICE_HINT =
  'write ₹ or $ and the amount in digits, then "+ GST" when tax is extra, two prices apart with " / ": "₹45,000 + GST", "₹50,000 + GST / $800" or "$800"';
const DURATION_HINT = 'write a number of years, months (a half month as .5) or weeks: "6 months", "2.5 months", "1 year 3 months" or "2 weeks"';

function problemsOf(files: Record<string, string>, fixture?: string): string[] {
  const made = fixtureRoot(fixture);
  cleanup = made.cleanup;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(made.root, "site", file, ".."), { recursive: true });
    writeFileSync(join(made.root, "site", file), text);
  }
  return loadSiteContent(made.root).problems.map(formatProblem);
}

const coursePage = (duration: string, fee: string) =>
  [
    "# yaml-language-server: $schema=../../schema/page.schema.json",
    "schemaVersion: 2",
    "title: Python Course",
    "description: A course page of the fixture site with a duration and a fee on its card.",
    "card:",
    "  title: Python",
    "  text: Four months of Python.",
    "  facts:",
    `    - label: Duration`,
    `      value: "${duration}"`,
    `    - label: Fee`,
    `      value: "${fee}"`,
    "sections:",
    "  - {type: prose, heading: Python, body: [About the course.]}",
    "",
  ].join("\n");

describe("a course card's fee and duration", () => {
  it.each([
    ["4 months", "₹30,000 + GST / $500", []],
    ["2.5 months", "₹1,00,000 / $1600", []],
    ["2 weeks", "₹750", []],
    ["4 months", "Rs 45k", [`site/courses/python.yaml:12:14  the course fee "Rs 45k" cannot be read — ${PRICE_HINT}`]],
    ["4 months", "45000", [`site/courses/python.yaml:12:14  the course fee "45000" cannot be read — ${PRICE_HINT}`]],
    ["4 months", "₹45,000 + VAT", [`site/courses/python.yaml:12:14  the course fee "₹45,000 + VAT" cannot be read — ${PRICE_HINT}`]],
    ["four months", "₹30,000", [`site/courses/python.yaml:10:14  the course duration "four months" cannot be read — ${DURATION_HINT}`]],
    ["1 year 2 weeks", "₹30,000", [`site/courses/python.yaml:10:14  the course duration "1 year 2 weeks" cannot be read — ${DURATION_HINT}`]],
    [
      "3 days",
      "free",
      [
        `site/courses/python.yaml:10:14  the course duration "3 days" cannot be read — ${DURATION_HINT}`,
        `site/courses/python.yaml:12:14  the course fee "free" cannot be read — ${PRICE_HINT}`,
      ],
    ],
  ])("Duration %j, Fee %j", (duration, fee, expected) => {
    expect(problemsOf({ "courses/python.yaml": coursePage(duration, fee) })).toEqual(expected);
  });

  it("is not read outside /courses, nor on a page that says course: false", () => {
    expect(
      problemsOf({
        "courses/python.yaml": coursePage("four months", "Rs 45k").replace("card:", "course: false\ncard:"),
        "python.yaml": coursePage("four months", "Rs 45k").replace("../../schema", "../schema"),
      }),
    ).toEqual([]);
  });

  it("a starter's placeholder is one problem, not also an unreadable fee", () => {
    expect(problemsOf({ "courses/python.yaml": coursePage("4 months", "Replace: ₹50,000 + GST") })).toEqual([
      'site/courses/python.yaml:12:14  still has placeholder text "Replace: ₹50,000 + GST" — replace it with the real text',
    ]);
  });
});

describe("a programme table's prices and durations", () => {
  const table = (rows: string) =>
    [
      "# yaml-language-server: $schema=../../schema/page.schema.json",
      "schemaVersion: 2",
      "title: Internships",
      "description: A programme table of the fixture site, one course a row, with duration and price.",
      "sections:",
      "  - type: table",
      "    heading: Programmes",
      "    columns: [Program, Duration, Price]",
      "    rows:",
      rows,
      "",
    ].join("\n");

  it.each([
    ["      - [Data Science, 3 months, ₹15000 + GST]", []],
    ["      - [Data Science, 3 months, 15k]", [`site/courses/internships.yaml:10:34  the price "15k" of Data Science cannot be read — ${PRICE_HINT}`]],
    [
      "      - [Data Science, a quarter, ₹15000]",
      [`site/courses/internships.yaml:10:24  the duration "a quarter" of Data Science cannot be read — ${DURATION_HINT}`],
    ],
  ])("%s", (rows, expected) => {
    expect(problemsOf({ "courses/internships.yaml": table(rows) })).toEqual(expected);
  });
});

it("following the hint of the unreadable-course-fee fixture gives a clean page", () => {
  const made = fixtureRoot("unreadable-course-fee");
  cleanup = made.cleanup;
  expect(loadSiteContent(made.root).problems.map(formatProblem)).toEqual([
    `site/courses/python.yaml:10:27  the course fee "Rs 30k" cannot be read — ${PRICE_HINT}`,
  ]);
  const path = join(made.root, "site", "courses", "python.yaml");
  writeFileSync(path, readFileSync(path, "utf8").replace("value: Rs 30k", 'value: "₹30,000 + GST"'));
  expect(loadSiteContent(made.root).problems).toEqual([]);
});
