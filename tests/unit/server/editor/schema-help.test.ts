import { describe, expect, it } from "vitest";
import { validatorsOf } from "../../../../src/content/site.ts";
import { completionsAt, hoverAt } from "../../../../src/server/editor/schema-help.ts";
import { PROJECT } from "../../fixture-site.ts";

const index = validatorsOf(PROJECT).index;
const PAGE = "site/industries/mining.yaml";
/** The text up to the cursor, written with a | where the cursor is. */
const at = (text: string) => ({ text: text.replace("|", ""), offset: text.indexOf("|") });
const labels = (file: string, text: string) => {
  const { text: t, offset } = at(text);
  return completionsAt(index, file, t, offset)?.options.map((o) => o.label) ?? [];
};

describe("completions from the schemas", () => {
  it.each<[string, string, string[]]>([
    [
      "a block's type",
      "title: x\nsections:\n  - type: |",
      [
        "anchors",
        "candidateForm",
        "cardGrid",
        "caseStudies",
        "childCards",
        "contactPanel",
        "enquiryForm",
        "hero",
        "introVideo",
        "linkList",
        "logoMarquee",
        "profiles",
        "prose",
        "slideshow",
        "split",
        "table",
      ],
    ],
    [
      "a hero's fields, minus those present",
      "title: x\nsections:\n  - type: hero\n    heading: Hi\n    |",
      ["id", "eyebrow", "text", "image", "height", "actions"],
    ],
    ["a new section starts with its type", "title: x\nsections:\n  - type: hero\n    heading: Hi\n  - |", ["type"]],
    ["a choice of numbers", "sections:\n  - type: cardGrid\n    columns: |", ["2", "3", "4"]],
    ["a field with one allowed value", "course: |", ["false"]],
  ])("%s", (_name, text, expected) => {
    expect(labels(PAGE, text)).toEqual(expected);
  });

  it("offers the page's own fields at the top level, with the required ones marked", () => {
    const { text, offset } = at("schemaVersion: 2\n|");
    const options = completionsAt(index, PAGE, text, offset)!.options;
    expect(options.map((o) => o.label)).toEqual(["title", "description", "aliases", "card", "share", "course", "sections"]);
    expect(options.find((o) => o.label === "title")).toMatchObject({ apply: "title: ", detail: expect.stringMatching(/\(required\)$/) });
  });

  it("reads the site settings' schema for site/_site.yaml", () => {
    expect(labels("site/_site.yaml", "|")).toContain("company");
  });
});

describe("hover help from the schemas", () => {
  it.each<[string, string, string]>([
    ["a page field", "ti|tle: x\n", "Page title"],
    ["a block type", "sections:\n  - type: he|ro\n", "hero: "],
  ])("%s", (_name, text, title) => {
    const { text: t, offset } = at(text);
    expect(hoverAt(index, PAGE, t, offset)?.title).toMatch(new RegExp(`^${title}`));
  });

  it("has nothing to say about a value that is plain text", () => {
    const { text, offset } = at("title: Min|ing\n");
    expect(hoverAt(index, PAGE, text, offset)).toBeNull();
  });
});
