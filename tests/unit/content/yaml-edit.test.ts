import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import { siteYamlFiles } from "../../../src/content/site.ts";
import { appendEntry, moveEntry, removeEntry, setValue, YamlEditError, type YamlPath } from "../../../src/content/yaml-edit.ts";

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
