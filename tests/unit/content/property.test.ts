import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSiteContent, type SiteContent } from "../../../src/content/site.ts";
import { FIXTURES, PROJECT } from "../fixture-site.ts";

/**
 * Property tests: whatever a page file holds, the content pipeline answers with problems or
 * pages — it never throws and never hangs. Fixed seed and bounded runs, so a failure is
 * reproducible and the suite's time is predictable.
 */

const SEED = 20261121;
const RUNS = 200;
/** Per file; real runs take milliseconds. Catches exponential blow-ups, not slowness. */
const TIME_LIMIT_MS = 5_000;

let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "nexa-property-"));
  symlinkSync(join(PROJECT, "schema"), join(root, "schema"));
  cpSync(join(FIXTURES, "base-site", "site"), join(root, "site"), { recursive: true });
  loadSiteContent(root); // compile the schemas once
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes `content` as site/prop.yaml over the base site and loads everything. */
function loadWith(content: string | Uint8Array): SiteContent {
  writeFileSync(join(root, "site", "prop.yaml"), content);
  const started = performance.now();
  const result = loadSiteContent(root); // a throw fails the property
  const ms = performance.now() - started;
  if (ms > TIME_LIMIT_MS) throw new Error(`took ${Math.round(ms)} ms`);
  return result;
}

/** Problems about the file under test, or the file among the pages, and every problem well formed. */
function answered(result: SiteContent): boolean {
  const own = result.problems.some((p) => p.file === "site/prop.yaml");
  const page = result.pages.some((p) => p.file === "site/prop.yaml");
  const wellFormed = result.problems.every((p) => p.line >= 1 && p.col >= 1 && p.message.length > 0);
  return (own || page) && wellFormed;
}

// Pieces that steer random text into the YAML parser's corners.
const YAML_TOKENS = [
  "title: ",
  "sections:",
  "\n",
  "\n  ",
  "\n    ",
  "- ",
  "  - ",
  ": ",
  ":",
  "? ",
  "[",
  "]",
  "{",
  "}",
  ", ",
  "&a ",
  "*a",
  "&b ",
  "*b",
  "<<: ",
  "!!str ",
  "!!python/object ",
  "!x ",
  "'",
  '"',
  "\\",
  "#",
  " #",
  "|",
  ">-",
  "---",
  "...",
  "%YAML 1.2\n",
  "~",
  "null",
  "1e400",
  "0x1F",
  "-.inf",
  "true",
  "type: hero",
  "heading: Hi",
  "to: /x",
  "__proto__: ",
  "constructor: ",
  "\t",
  "\r\n",
  "\uFEFF",
  "\u0000",
  "é",
  "🙂",
  "\u202E",
  "a",
];

const yamlSoup = fc.array(fc.constantFrom(...YAML_TOKENS), { maxLength: 120 }).map((parts) => parts.join(""));

const REAL_PAGES = (() => {
  const site = join(PROJECT, "site");
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "assets") walk(full);
      else if (entry.isFile() && entry.name.endsWith(".yaml") && entry.name !== "_site.yaml") out.push(relative(site, full));
    }
  };
  walk(site);
  return out.sort();
})();

const REPLACEMENTS = ["", "42", "-1", "1e400", "null", "~", "[", "{", "]", "'", '"', "*nope", "&a", "!!binary", "- x", "a: b: c", "[[[[[[", "x".repeat(300)];

type Mutation =
  | { kind: "delete"; at: number }
  | { kind: "duplicate"; at: number }
  | { kind: "swap"; at: number }
  | { kind: "indent"; at: number; by: number }
  | { kind: "replace"; at: number; value: string }
  | { kind: "insert"; at: number; text: string };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("delete" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("duplicate" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("swap" as const), at: fc.nat() }),
  fc.record({ kind: fc.constant("indent" as const), at: fc.nat(), by: fc.integer({ min: -4, max: 4 }) }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), value: fc.constantFrom(...REPLACEMENTS) }),
  fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), text: fc.constantFrom(...YAML_TOKENS) }),
);

/** Applies one edit an editor could plausibly make by mistake (or on purpose). */
function mutate(text: string, m: Mutation): string {
  const lines = text.split("\n");
  const i = m.at % lines.length;
  const line = lines[i]!;
  switch (m.kind) {
    case "delete":
      lines.splice(i, 1);
      break;
    case "duplicate":
      lines.splice(i, 0, line);
      break;
    case "swap": {
      const at = m.at % Math.max(1, text.length - 1);
      return text.slice(0, at) + text.charAt(at + 1) + text.charAt(at) + text.slice(at + 2);
    }
    case "indent":
      lines[i] = m.by >= 0 ? " ".repeat(m.by) + line : line.replace(new RegExp(`^ {0,${-m.by}}`), "");
      break;
    case "replace": {
      const colon = line.indexOf(": ");
      lines[i] = colon >= 0 ? `${line.slice(0, colon + 2)}${m.value}` : m.value;
      break;
    }
    case "insert": {
      const at = m.at % (text.length + 1);
      return text.slice(0, at) + m.text + text.slice(at);
    }
  }
  return lines.join("\n");
}

describe("the content pipeline never throws and never hangs", () => {
  it("on arbitrary bytes as a page file", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => answered(loadWith(bytes))),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("on arbitrary Unicode text as a page file", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 2000 }), (text) => answered(loadWith(text))),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("on random YAML syntax", () => {
    fc.assert(
      fc.property(yamlSoup, (text) => answered(loadWith(text))),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("on real pages with random edits: lines deleted, duplicated, re-indented, values replaced, characters swapped", () => {
    const texts = new Map(REAL_PAGES.map((page) => [page, readFileSync(join(PROJECT, "site", page), "utf8")]));
    fc.assert(
      fc.property(fc.constantFrom(...REAL_PAGES), fc.array(mutation, { minLength: 1, maxLength: 4 }), (page, edits) => {
        const text = edits.reduce(mutate, texts.get(page)!);
        return answered(loadWith(text));
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});

describe("resource attacks are refused quickly", () => {
  const head = "title: Deep\ndescription: A page that nests lists and groups very deeply, to exhaust the parser.\n";

  it("very deep nesting, in any style, ends in problems", () => {
    const style = fc.constantFrom(
      (n: number) => `sections: ${"[".repeat(n)}${"]".repeat(n)}`,
      (n: number) => `sections: ${"{a: ".repeat(n)}1${"}".repeat(n)}`,
      (n: number) => `sections:\n  ${"- ".repeat(n)}x`,
      (n: number) => `sections: ${"[{a: ".repeat(n)}1${"}]".repeat(n)}`,
    );
    fc.assert(
      fc.property(style, fc.integer({ min: 50, max: 20_000 }), (make, depth) => {
        const result = loadWith(`${head}${make(depth)}\n`);
        return result.problems.some((p) => p.file === "site/prop.yaml");
      }),
      // Each run parses up to 20,000 levels (about 0.3 s): 24 runs give each of the four styles several depths.
      { numRuns: 24, seed: SEED },
    );
  });

  it("alias bombs of any width and depth end in the alias problem", () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 12 }), fc.integer({ min: 3, max: 12 }), fc.boolean(), (width, depth, asMaps) => {
        const item = (name: string, i: number) => (asMaps ? `k${i}: *${name}` : `*${name}`);
        const wrap = (items: string[]) => (asMaps ? `{ ${items.join(", ")} }` : `[${items.join(", ")}]`);
        const lines = [`l0: &l0 ${wrap(Array.from({ length: width }, (_, i) => (asMaps ? `k${i}: lol` : "lol")))}`];
        for (let level = 1; level <= depth; level += 1) {
          lines.push(`l${level}: &l${level} ${wrap(Array.from({ length: width }, (_, i) => item(`l${level - 1}`, i)))}`);
        }
        const result = loadWith(`${head}${lines.join("\n")}\nsections: [*l${depth}]\n`);
        return result.problems.some((p) => p.file === "site/prop.yaml" && p.message.startsWith("too many *aliases"));
      }),
      { numRuns: 60, seed: SEED },
    );
  });
});

describe("the property harness", () => {
  it("sees a valid page as a page and a broken one as problems", () => {
    const valid = readFileSync(join(FIXTURES, "base-site", "site", "about.yaml"), "utf8").replace(/aliases:\n  - \/about-us\n/, "");
    const result = loadWith(valid);
    expect(result.pages.some((p) => p.file === "site/prop.yaml")).toBe(true);
    expect(answered(result)).toBe(true);
    expect(answered(loadWith("title: [unclosed"))).toBe(true);
    expect(REAL_PAGES.length).toBeGreaterThan(50);
  });
});
