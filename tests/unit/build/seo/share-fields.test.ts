import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../../src/content/format-problems.ts";
import { loadSiteContent } from "../../../../src/content/site.ts";
import { cardJobsOf, pageSeoOf, seoHeadTags, siteTreeOf } from "../../../../src/build/seo/page-seo.ts";
import { siteCopyRoot } from "../../fixture-site.ts";

/** The page format's share and course fields: npm run validate checks them; the build follows them. */
const FILE = "site/courses/comparative-exam-preparation/gate.yaml";
let copy = siteCopyRoot();
afterEach(() => {
  copy.cleanup();
  copy = siteCopyRoot();
});

/** The GATE page with `fields` put before its sections; the problems validate reports for it. */
function withFields(fields: string) {
  const path = join(copy.root, FILE);
  writeFileSync(path, readFileSync(path, "utf8").replace("\nsections:\n", `\n${fields}\nsections:\n`));
  const content = loadSiteContent(copy.root, { only: [FILE] });
  return { content, problems: content.problems.map(formatProblem) };
}

describe("npm run validate checks share and course", () => {
  it.each([
    ["an empty share", "share: {}", "17:8  share: this group has no fields"],
    ["a card title too long", `share:\n  title: ${"x".repeat(71)}`, "18:10  share › title: too long: at most 70 characters (now 71) — shorten it"],
    ["a card title too short", "share:\n  title: ab", "18:10  share › title: too short: at least 3 characters (now 2)"],
    [
      "an SVG card picture",
      "share:\n  image: { src: /courses/exams/gate.svg, alt: A gear., width: 600, height: 400 }",
      '18:17  share › image › src: text "/courses/exams/gate.svg" is not a valid picture file — The PNG or JPEG file under site/assets, written from the / after assets: social sites do not show SVG. for example: /og/gate.png',
    ],
    [
      "a card picture that is not in site/assets",
      "share:\n  image: { src: /og/missing.png, alt: A chart., width: 1200, height: 630 }",
      '18:17  missing file "/og/missing.png": there is no site/assets/og/missing.png — similar files: /og/default.png',
    ],
    ["course: true (only false means anything)", "course: true", '17:9  course: must be "false"'],
    ["an unknown field under share", "share:\n  titel: GATE in ten months", '18:3  share: unknown field "titel" — did you mean "title"?'],
  ])("%s is a problem at its line", (_, fields, at) => {
    const { problems } = withFields(fields);
    expect(problems.length, problems.join("\n")).toBeGreaterThan(0);
    expect(problems[0]).toBe(`${FILE}:${at}`);
  });

  it("a card title and a picture of the editor's own are used, and that page's card is not drawn", () => {
    const { content, problems } = withFields(
      "share:\n  title: GATE in ten months\n  image: { src: /og/default.png, alt: The Nexa AI logo beside a neural network., width: 1200, height: 630 }",
    );
    expect(problems).toEqual([]);
    const tree = siteTreeOf(content.site!, content.pages, content.table.primaryOf);
    const route = "/courses/comparative-exam-preparation/gate";
    expect(pageSeoOf(tree, route).image).toEqual({
      src: "/og/default.png",
      width: 1200,
      height: 630,
      alt: "The Nexa AI logo beside a neural network.",
      type: "image/png",
    });
    expect(seoHeadTags(content.site!, pageSeoOf(tree, route))).toContain('<meta property="og:image" content="https://www.nexa.ai/og/default.png" />');
    expect(cardJobsOf(tree).map((j) => j.file)).not.toContain("og/courses/comparative-exam-preparation/gate.png");
    expect(cardJobsOf(tree)).toHaveLength(content.pages.length - 1);
  });

  it("course: false on a course page takes its Course data away", () => {
    const { content, problems } = withFields("course: false");
    expect(problems).toEqual([]);
    const tree = siteTreeOf(content.site!, content.pages, content.table.primaryOf);
    expect(pageSeoOf(tree, "/courses/comparative-exam-preparation/gate").jsonLd.map((b) => (b as { "@type": string })["@type"])).toEqual(["BreadcrumbList"]);
  });
});
