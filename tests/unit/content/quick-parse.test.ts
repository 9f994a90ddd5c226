import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../../src/shared/files-under.ts";
import { loadTree, loadYaml, MAX_VALUES } from "../../../src/content/load.ts";
import { quickParse } from "../../../src/content/quick-parse.ts";
import { PROJECT } from "../fixture-site.ts";

/**
 * The quick parser (js-yaml's events) gives a file's data only where the tree (the `yaml`
 * package's Document, load.ts) would give the same data and report nothing; anywhere else it
 * declines and the tree reads the file. Each test compares the two on the same text.
 */
const SITE_FILES = filesUnder(join(PROJECT, "site"))
  .filter((f) => f.endsWith(".yaml"))
  .map((f) => ({ file: f, text: readFileSync(f, "utf8") }));

/** What the tree makes of a text: its data when it reports nothing, else undefined. */
function treeData(text: string): unknown {
  const { loaded, problems } = loadTree("site/page.yaml", text);
  return loaded && problems.length === 0 ? loaded.data : undefined;
}

describe("the quick parser", () => {
  it("reads every page of the site, to the same data as the tree", () => {
    expect(SITE_FILES.length).toBeGreaterThan(70);
    const declined = SITE_FILES.filter(({ text }) => quickParse(text, MAX_VALUES) === undefined).map(({ file }) => file);
    expect(declined).toEqual([]);
    const differ = SITE_FILES.filter(({ text }) => !isDeepStrictEqual(quickParse(text, MAX_VALUES), treeData(text))).map(({ file }) => file);
    expect(differ).toEqual([]);
  });

  // Every kind of plain scalar the core schema resolves, and the YAML 1.1 forms it leaves as text.
  const SCALARS = [
    ...["1", "-0", "+12", "017", "0o17", "0o8", "0x1F", "0X1F", "0b101", "1_000", "12345678901234567890", "9".repeat(400)],
    ...["1.5", ".5", "5.", "-.5", "1e3", "1E-3", "1.5e+3", "1e400", "-1e400", ".inf", "-.Inf", "+.INF", ".nan", ".NaN", "-.nan", "1.50"],
    ...["true", "True", "TRUE", "false", "yes", "no", "on", "off", "y", "n", "null", "Null", "NULL", "~", ""],
    ...["2026-11-28", "12:30", "1:20:30", "0.1.2", "1,000", "₹1,00,000", "text: not a key", "a #b", "'quoted'", '"double \\u00e9 \\t"'],
    ...["|\n  line one\n  line two\n", ">-\n  folded\n  text\n\n  kept\n", "|+\n  kept\n\n", "plain\n  continued\n  lines"],
  ];
  it.each(SCALARS)("reads the value %j as the tree does", (value) => {
    const text = `title: ${value}\nother: x\n`;
    const quick = quickParse(text, MAX_VALUES);
    if (quick !== undefined) expect(quick).toStrictEqual(treeData(text));
  });

  // What only the tree checks: the quick parser must leave these to it.
  const DECLINED: [string, string][] = [
    ["an anchor", "title: &t Hello\nother: x\n"],
    ["an alias", "title: Hello\nother: *t\n"],
    ["a tag", "title: !!str 1\n"],
    ["a directive", "%YAML 1.2\n---\ntitle: x\n"],
    ["two documents", "title: x\n---\ntitle: y\n"],
    ["a comma that may split a number in [ ]", "prices: [1,000, 2]\n"],
    ["an entry of { } with no value", "card: { text: Paris, France }\n"],
    ["a comment that cuts a text off", "title: Step #1 of 3\n"],
    ["a tab", "title:\tx\n"],
    ["a field named by a number", "1: x\n"],
    ["a field named null", "null: x\n"],
    ["a field named true", "true: x\n"],
    ["a field named by a list", "? [a, b]\n: x\n"],
    ["a field named twice", "title: a\ntitle: b\n"],
    ["a field named __proto__", "__proto__: x\n"],
    ["a field name over 1024 characters", `${"k".repeat(1025)}: x\n`],
    ["a list at the root", "- a\n- b\n"],
    ["an empty file", ""],
    ["a file of comments", "# nothing here\n"],
    ["a broken quote", 'title: "open\n'],
    ["nesting deeper than the parser allows", `${Array.from({ length: 150 }, (_, i) => `${"  ".repeat(i)}k:`).join("\n")} x\n`],
  ];
  it.each(DECLINED)("leaves %s to the tree", (_what, text) => {
    expect(quickParse(text, MAX_VALUES)).toBeUndefined();
  });

  it("leaves a file with more values than a file may hold to the tree", () => {
    const text = Array.from({ length: 60 }, (_, i) => `k${i}: v`).join("\n");
    expect(quickParse(text, 200)).toBeDefined();
    expect(quickParse(text, 100)).toBeUndefined();
  });

  it("agrees with the tree on pages with random changes: where it reads one, the tree reports nothing and holds the same data", () => {
    // A fixed seed, so a failure comes back the same; each change is 1 to 3 cuts or insertions of YAML's own characters.
    let seed = 20261128;
    const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const PIECES = [
      ":",
      "-",
      "#",
      " #",
      "&",
      "*",
      "!",
      "|",
      ">",
      "'",
      '"',
      "[",
      "]",
      "{",
      "}",
      ",",
      "?",
      "%",
      "@",
      "`",
      "\n",
      " ",
      "\n  ",
      "\n- ",
      "1",
      ".",
      "\\",
      "~",
      "null",
      "1e400",
      "---",
      "\r\n",
      "é",
      ": ",
      "#x",
    ];
    const small = SITE_FILES.filter(({ text }) => text.length < 4000).map(({ text }) => text);
    let read = 0;
    const differ: string[] = [];
    for (let i = 0; i < 600; i++) {
      let text = small[Math.floor(random() * small.length)]!;
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * text.length);
        text =
          random() < 0.3
            ? text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 3))
            : text.slice(0, at) + PIECES[Math.floor(random() * PIECES.length)] + text.slice(at);
      }
      const quick = quickParse(text, MAX_VALUES);
      if (quick === undefined) continue;
      read += 1;
      if (!isDeepStrictEqual(quick, treeData(text))) differ.push(text);
    }
    expect(differ).toEqual([]);
    // The comparison means something only if the quick parser read many of them.
    expect(read).toBeGreaterThan(200);
  });

  it("is what loadYaml uses for a file with nothing to report, and the tree places a problem found later", () => {
    const text = "title: Hello\nsections:\n  - type: hero\n    heading: Hi\n";
    const { loaded, problems } = loadYaml("site/page.yaml", Buffer.from(text));
    expect(problems).toEqual([]);
    expect(loaded!.data).toEqual({ title: "Hello", sections: [{ type: "hero", heading: "Hi" }] });
    // The tree is built from the same text when a position is asked for.
    expect(loaded!.lineCounter.linePos(text.indexOf("heading"))).toEqual({ line: 4, col: 5 });
    expect(loaded!.text).toBe(text);
  });
});
