import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import { siteYamlFiles } from "../../../src/content/site.ts";
import { appendEntry, moveEntry, quickFix, removeEntry, setValue, YamlEditError, type YamlPath } from "../../../src/content/yaml-edit.ts";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const PAGES = siteYamlFiles(ROOT).files.map((f) => relative(ROOT, f));

/** Every text, number and boolean in a document, with its path. */
function scalarsOf(text: string): [YamlPath, unknown][] {
  const out: [YamlPath, unknown][] = [];
  const walk = (node: unknown, path: YamlPath) => {
    if (isScalar(node)) out.push([path, node.value]);
    else if (isMap(node)) for (const pair of node.items) walk(pair.value, [...path, String((pair.key as { value: unknown }).value)]);
    else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i]));
  };
  walk(parseDocument(text).contents, []);
  return out;
}

describe("editing a page in place", () => {
  it.each(PAGES)("%s: setting values to themselves writes identical bytes", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    // Twenty values spread over each page (every value of every page takes a minute).
    const all = scalarsOf(text);
    const step = Math.max(1, Math.floor(all.length / 20));
    for (const [path, value] of all.filter((_, i) => i % step === 0)) {
      if (typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") continue;
      expect(setValue(text, path, value)).toBe(text);
    }
  });

  const PAGE = [
    "# yaml-language-server: $schema=../schema/page.schema.json",
    "schemaVersion: 2",
    "title: Mining | Nexa AI # shown in the tab",
    'description: "Mining, with AI"',
    "card: { title: Mining, text: Digging deeper }",
    "sections:",
    "  - type: hero",
    "    heading: Mining",
    "  # the why",
    "  - type: prose",
    "    heading: Why",
    "    body: [One]",
    "  - type: prose",
    "    heading: How",
    "    body: [Two]",
    "",
  ].join("\n");
  const lines = (text: string) => text.split("\n");

  it.each<[string, YamlPath, string | number | boolean, string, string]>([
    [
      "a plain text keeps its comment",
      ["title"],
      "Quarrying | Nexa AI",
      "title: Mining | Nexa AI # shown in the tab",
      "title: Quarrying | Nexa AI # shown in the tab",
    ],
    ["a quoted text stays quoted", ["description"], "Quarrying, with AI", 'description: "Mining, with AI"', 'description: "Quarrying, with AI"'],
    ["a text that would read as a number is quoted", ["sections", 0, "heading"], "2025", "    heading: Mining", '    heading: "2025"'],
    ["a text with a colon is quoted", ["sections", 0, "heading"], "AI: the why", "    heading: Mining", '    heading: "AI: the why"'],
    [
      "a field inside { } is rewritten there",
      ["card", "title"],
      "Quarries",
      "card: { title: Mining, text: Digging deeper }",
      "card: { title: Quarries, text: Digging deeper }",
    ],
    ["a missing field is added to its group", ["sections", 0, "eyebrow"], "Industries", "    heading: Mining", "    heading: Mining\n    eyebrow: Industries"],
    [
      "a missing field is added inside { }",
      ["card", "order"],
      3,
      "card: { title: Mining, text: Digging deeper }",
      "card: { title: Mining, text: Digging deeper, order: 3 }",
    ],
  ])("%s", (_name, path, value, before, after) => {
    const edited = setValue(PAGE, path, value);
    expect(edited).toBe(PAGE.replace(before, after));
    expect(lines(edited)[0]).toBe("# yaml-language-server: $schema=../schema/page.schema.json");
  });

  it("removes a section with the comment above it, and nothing else", () => {
    expect(removeEntry(PAGE, ["sections"], 1)).toBe(PAGE.replace("  # the why\n  - type: prose\n    heading: Why\n    body: [One]\n", ""));
  });

  it.each<[number, -1 | 1]>([
    [2, -1],
    [1, 1],
  ])("moves section %i by %i: the two swap, comments travel with theirs", (index, by) => {
    expect(moveEntry(PAGE, ["sections"], index, by)).toBe(
      PAGE.replace(
        "  # the why\n  - type: prose\n    heading: Why\n    body: [One]\n  - type: prose\n    heading: How\n    body: [Two]\n",
        "  - type: prose\n    heading: How\n    body: [Two]\n  # the why\n  - type: prose\n    heading: Why\n    body: [One]\n",
      ),
    );
  });

  it("adds a section at the end of the list, at the list's indentation", () => {
    expect(appendEntry(PAGE, ["sections"], "- type: prose\n  heading: More\n")).toBe(`${PAGE}  - type: prose\n    heading: More\n`);
  });

  it.each<[string, () => string, string]>([
    ["removing the only section", () => removeEntry("sections:\n  - type: hero\n", ["sections"], 0), "A page keeps at least one section."],
    ["moving the first section up", () => moveEntry(PAGE, ["sections"], 0, -1), "That entry is already at the end of the list."],
    [
      "editing a text that does not read",
      () => setValue("title: [unclosed\n", ["title"], "x"),
      "Fix the mistakes shown in the source view first: the form edits a page that reads cleanly.",
    ],
    ["setting a group as if it were a value", () => setValue(PAGE, ["card"], "x"), "card is a list or a group: edit it in the source view."],
  ])("refuses %s with a message", (_name, edit, message) => {
    expect(edit).toThrow(YamlEditError);
    expect(edit).toThrow(message);
  });
});

describe("one-click fixes", () => {
  const TEXT = 'title: T\nsections:\n  - type: heor\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/conect#tems" }\n';
  it.each<[string, { line: number; col: number; hint: string }, string | null]>([
    [
      "a misspelt field name",
      { line: 4, col: 5, hint: 'did you mean "title"?' },
      'title: T\nsections:\n  - type: heor\n    title: Hi\n    actions:\n      - { label: Go, to: "/conect#tems" }\n',
    ],
    [
      "a misspelt block type",
      { line: 3, col: 11, hint: 'did you mean "hero"? (hero, prose)' },
      'title: T\nsections:\n  - type: hero\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/conect#tems" }\n',
    ],
    [
      "a link to a missing page keeps its quotes",
      { line: 6, col: 26, hint: 'did you mean "/connect#tems"?' },
      'title: T\nsections:\n  - type: heor\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/connect#tems" }\n',
    ],
    [
      "a missing anchor changes only the part after #",
      { line: 6, col: 26, hint: 'did you mean "#teams"?' },
      'title: T\nsections:\n  - type: heor\n    tittle: Hi\n    actions:\n      - { label: Go, to: "/conect#teams" }\n',
    ],
    ["a hint that names no single fix", { line: 4, col: 5, hint: "the fields here are: title, text" }, null],
  ])("%s", (_name, problem, fixed) => {
    const fix = quickFix(TEXT, problem);
    expect(fix && TEXT.slice(0, fix.from) + fix.insert + TEXT.slice(fix.to)).toBe(fixed);
  });
});

describe("one-click fixes of a count token inside a text", () => {
  const TEXT = "sections:\n  - type: cardGrid\n    heading: We serve {count:industrys} sectors and {count:industrys} more\n";
  it.each<[string, { line: number; col: number; hint: string }, string | null]>([
    [
      "the token at the problem's place",
      { line: 3, col: 23, hint: "did you mean {count:industries}?" },
      "sections:\n  - type: cardGrid\n    heading: We serve {count:industries} sectors and {count:industrys} more\n",
    ],
    [
      "the second token of the same text",
      { line: 3, col: 53, hint: "did you mean {count:industries}?" },
      "sections:\n  - type: cardGrid\n    heading: We serve {count:industrys} sectors and {count:industries} more\n",
    ],
    ["a place that holds no token", { line: 3, col: 14, hint: "did you mean {count:industries}?" }, null],
    ["a hint that lists the counts", { line: 3, col: 23, hint: "the counts are: industries, courses (site/_site.yaml, counts:)" }, null],
  ])("%s", (_name, problem, fixed) => {
    const fix = quickFix(TEXT, problem);
    expect(fix && TEXT.slice(0, fix.from) + fix.insert + TEXT.slice(fix.to)).toBe(fixed);
    if (fix) expect(fix.label).toBe("Change to {count:industries}");
  });
});
