import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { formatProblem } from "../../../../src/content/format-problems.ts";
import { loadYaml } from "../../../../src/content/load.ts";
import { problem } from "../../../../src/content/problem.ts";
import { loadSiteContent } from "../../../../src/content/site.ts";
import { structuredDataFindings } from "../../../../src/build/seo/check-findings.ts";
import { scriptTag } from "../../../../src/build/seo/json-ld.ts";
import { pageSeoOf, siteTreeOf } from "../../../../src/build/seo/page-seo.ts";
import { siteCopyRoot } from "../../fixture-site.ts";

/** npm run check's structured-data findings, on a copy of the site with course facts broken on purpose. */
const copy = siteCopyRoot();
afterAll(() => copy.cleanup());
const edit = (file: string, from: string, to: string) => {
  const path = join(copy.root, file);
  const text = readFileSync(path, "utf8");
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
};
const PRICE_HINT =
  'write ₹ or $ and the amount in digits, then "+ GST" when tax is extra, two prices apart with " / ": "₹45,000 + GST", "₹50,000 + GST / $800" or "$800"';
const DURATION_HINT = 'write a number of years, months (a half month as .5) or weeks: "6 months", "2.5 months", "1 year 3 months" or "2 weeks"';
const GATE = "site/courses/comparative-exam-preparation/gate.yaml";
const SHORT = "site/courses/internship/short-term.yaml";
const STORIES = "site/courses/spotlight/success-stories.yaml";
edit(GATE, "{label: Fee, value: '₹45,000 + GST'}", "{label: Fee, value: 'about ₹45k'}");
edit(SHORT, "[NLP, 2 weeks,", "[NLP, a fortnight,");
edit(STORIES, "course: false\n", "");
const content = loadSiteContent(copy.root);
const dist = join(copy.root, "dist");

const findingsOf = (file: string, route: string) => {
  const loaded = loadYaml(file, readFileSync(join(copy.root, file))).loaded!;
  const html = join(dist, route === "/" ? "index.html" : `${route.slice(1)}/index.html`);
  return structuredDataFindings(content, route, existsSync(html) ? readFileSync(html, "utf8") : null, loaded).map((f) =>
    formatProblem(problem(file, f.at, f.message, f.hint)),
  );
};

describe("npm run check: structured data at the YAML line", () => {
  it("validate reports the same unreadable fee and duration, without the check's browser", () =>
    expect(content.problems.map(formatProblem)).toEqual([
      `${GATE}:15:27  the course fee "about ₹45k" cannot be read — ${PRICE_HINT}`,
      `${SHORT}:34:15  the duration "a fortnight" of NLP cannot be read — ${DURATION_HINT}`,
    ]));

  it("a fee that cannot be read, at the fact", () => {
    expect(findingsOf(GATE, "/courses/comparative-exam-preparation/gate")).toEqual([
      `${GATE}:15:27  structured data: the course fee "about ₹45k" cannot be read — write ₹ or $ and the amount in digits, then "+ GST" when tax is extra, two prices apart with " / ": "₹45,000 + GST", "₹50,000 + GST / $800" or "$800"`,
    ]);
  });

  it("a duration that cannot be read, at the table cell", () => {
    expect(findingsOf(SHORT, "/courses/internship/short-term")).toEqual([
      `${SHORT}:34:15  structured data: the duration "a fortnight" of NLP cannot be read — write a number of years, months (a half month as .5) or weeks: "6 months", "2.5 months", "1 year 3 months" or "2 weeks"`,
    ]);
  });

  it("a page under /courses with no course facts and no course: false", () => {
    expect(findingsOf(STORIES, "/courses/spotlight/success-stories")).toEqual([
      `${STORIES}:3:8  structured data: this page under /courses has no course facts, so search engines are not told its duration and fee — give the card a Duration and a Fee fact (facts: [{label: Duration, value: 6 months}, {label: Fee, value: '₹50,000 + GST'}]), or write course: false if the page is not a course`,
    ]);
  });

  it("a built page that lacks its Course, or whose Course lacks a required property, at the card's facts", () => {
    const route = "/courses/normal-course/programming-foundations/python";
    const file = "site/courses/normal-course/programming-foundations/python.yaml";
    const tree = siteTreeOf(content.site!, content.pages, content.table.primaryOf);
    const [crumbs, course] = pageSeoOf(tree, route).jsonLd;
    const write = (html: string) => {
      mkdirSync(join(dist, route.slice(1)), { recursive: true });
      writeFileSync(join(dist, route.slice(1), "index.html"), html);
    };
    write(`<head>${scriptTag(crumbs!)}</head>`);
    expect(findingsOf(file, route)).toEqual([
      `${file}:9:5  structured data: the page has no Course — the build wrote it wrong, not the page file: tell a developer`,
    ]);
    write(`<head>${scriptTag(crumbs!)}${scriptTag({ ...(course as object), offers: [{ "@type": "Offer", category: "Paid", price: 30000 }] } as never)}</head>`);
    expect(findingsOf(file, route)).toEqual([
      `${file}:9:5  structured data: Course: offers[].priceCurrency is missing — the build wrote it wrong, not the page file: tell a developer`,
    ]);
    write(`<head>${scriptTag(crumbs!)}${scriptTag(course!)}</head>`);
    expect(findingsOf(file, route)).toEqual([]);
  });
});
