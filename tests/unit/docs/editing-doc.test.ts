import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { seoFindings } from "../../../src/build/page-check.ts";
import { createValidators } from "../../../src/content/ajv.ts";
import { pictureSize } from "../../../src/content/check-references.ts";
import { loadYaml } from "../../../src/content/load.ts";
import type { SchemaNode } from "../../../src/content/schema-index.ts";
import { GENERIC_PICTURES } from "../../../src/content/starters.ts";
import { PROJECT } from "../fixture-site.ts";

/** docs/EDITING.md says what the checker does; these tests hold the two together. */
const DOC = readFileSync(join(PROJECT, "docs", "EDITING.md"), "utf8");
const { index } = createValidators(join(PROJECT, "schema"));

/** The rows of the markdown table that follows `heading`, as arrays of cells (its head and rule left out). */
function table(heading: string): string[][] {
  const lines = DOC.slice(DOC.indexOf(heading)).split("\n");
  const start = lines.findIndex((l) => l.trimStart().startsWith("|"));
  const end = lines.findIndex((l, i) => i > start && !l.trimStart().startsWith("|"));
  return lines.slice(start + 2, end).map((l) => l.trim().slice(1, -1).split("|").map((c) => c.trim()));
}

const at = (file: string, pointer: string): SchemaNode => {
  let node: unknown = index.schemas.get(file);
  for (const key of pointer.split("/").filter(Boolean)) node = (node as Record<string, unknown>)[key];
  return node as SchemaNode;
};
const numbers = (text: string) => [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));

describe("EDITING.md's limits are the checker's", () => {
  const rows = new Map(table("## Limits").map(([field, refuses, warns]) => [field!, { refuses: refuses!, warns: warns! }]));

  it.each([
    ["`title`", "page.schema.json", "/properties/title", "minLength", "maxLength"],
    ["`description`", "page.schema.json", "/properties/description", "minLength", "maxLength"],
    ["a `heading`", "defs.schema.json", "/definitions/heading", null, "maxLength"],
    ["a card's `title`", "defs.schema.json", "/definitions/card/properties/title", null, "maxLength"],
    ["a button's `label`", "defs.schema.json", "/definitions/action/properties/label", null, "maxLength"],
    ["a picture's `alt`", "defs.schema.json", "/definitions/image/properties/alt", null, "maxLength"],
    ["a `text`", "defs.schema.json", "/definitions/text", null, "maxLength"],
    ["a table's `columns`", "blocks/table.schema.json", "/properties/columns", null, "maxItems"],
    ["`actions` (buttons of one block)", "defs.schema.json", "/definitions/actions", null, "maxItems"],
    ["a picture's `width` / `height`", "defs.schema.json", "/definitions/pictureWidth", "minimum", "maximum"],
  ] as const)("%s", (field, file, pointer, min, max) => {
    const node = at(file, pointer) as Record<string, unknown>;
    expect(numbers(rows.get(field)!.refuses)).toEqual([...(min ? [node[min]] : []), node[max]]);
  });

  it("a fact's label and value", () => {
    expect(numbers(rows.get("a fact's `label` / `value`")!.refuses)).toEqual([at("defs.schema.json", "/definitions/fact/properties/label").maxLength, at("defs.schema.json", "/definitions/fact/properties/value").maxLength]);
  });

  it.each([
    ["`title`", "title"],
    ["`description`", "description"],
  ] as const)("npm run check warns outside the range the table gives for %s, and not inside it", (field, key) => {
    const [low, high] = numbers(rows.get(field)!.warns) as [number, number];
    const loaded = loadYaml("site/x.yaml", new TextEncoder().encode("title: T\ndescription: D\n")).loaded!;
    const findingsFor = (length: number) => {
      const facts = { title: "t".repeat(20), description: "d".repeat(100), h1s: ["H"], imagesWithoutAlt: [], headings: [{ level: 1, text: "H" }] };
      return seoFindings({ ...facts, [key]: "x".repeat(length) }, loaded).filter((f) => f.message.startsWith(`SEO: the ${key}`)).length;
    };
    for (const length of [low - 1, high + 1, high + 20]) expect(findingsFor(length), `${length}`).toBe(1);
    for (const length of [low, Math.round((low + high) / 2), high]) expect(findingsFor(length), `${length}`).toBe(0);
  });
});

describe("EDITING.md's picture sizes are the starter's", () => {
  const sizes = new Map(table("Useful sizes").map(([where, size]) => [where!, numbers(size!)]));
  it.each([
    ["industry card and picture beside text", GENERIC_PICTURES.industryCard],
    ["banner of an industry page (`hero`)", GENERIC_PICTURES.industryBanner],
    ["course and exam cards", GENERIC_PICTURES.certificate],
    ["course and exam cards", GENERIC_PICTURES.exams],
  ])("%s: the starter's picture and the file itself", (where, picture) => {
    const [width, height] = sizes.get(where)!;
    expect({ width: picture.width, height: picture.height }).toEqual({ width, height });
    expect(pictureSize(join(PROJECT, "site", "assets", picture.src))).toEqual({ width, height });
  });
});
