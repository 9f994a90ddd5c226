import numberToWords from "number-to-words";
import type { Page, Site } from "../shared/generated/schema-types.ts";
import { didYouMean } from "./did-you-mean.ts";
import type { LoadedFile } from "./load.ts";
import { locate, type Segment } from "./locate.ts";
import { problem, type Problem } from "./problem.ts";

/**
 * Counts that never go stale. A text says how many pages a listing holds with a token, and the
 * build writes the number in words, as the copy always has ("Ten industries", not "10 industries"):
 * - `{count:name}`: a count named in site/_site.yaml (`counts:`), usable in any text;
 * - `{count}`: in a childCards block, the pages it lists; elsewhere in a page, the pages listed
 *   below that page.
 * A number written in words before a counted noun ("Ten sectors") that no longer matches the
 * pages it describes is a problem, with the token to write in the hint.
 */
export type NamedCount = NonNullable<Site["counts"]>[number];

/** A valid page as the count step sees it; `data` is filled in place. */
export interface CountedPage {
  file: string;
  route: string;
  data: Page;
  loaded: LoadedFile;
}

// number-to-words is CommonJS: its functions hang off the default export.
const { toWords } = numberToWords;

const TOKEN = /\{count(?::([^{}\s]*))?\}/g;

/** The number in English words, "Ten" where a sentence starts ("twenty-one", "one hundred and five"). */
export function numberInWords(n: number, sentenceStart: boolean): string {
  const words = toWords(n);
  return sentenceStart ? words.charAt(0).toUpperCase() + words.slice(1) : words;
}

/** Whether `index` in `text` starts a sentence: nothing before it but opening marks, or a full stop, ! or ? before those. */
export function startsSentence(text: string, index: number): boolean {
  const before = text.slice(0, index).replace(/[\s*_"'“‘([]+$/, "");
  return before === "" || /[.!?]$/.test(before);
}

/** The largest number the check reads back from words: listings are counted, not measured. */
const LARGEST_WORD_NUMBER = 100;
const NUMBER_OF_WORD = new Map(Array.from({ length: LARGEST_WORD_NUMBER }, (_, i) => [toWords(i + 1), i + 1] as const));
const NUMBER_WORDS = [...NUMBER_OF_WORD.keys()].sort((a, b) => b.length - a.length).join("|");

/** The string values of a document with their paths, in document order. */
function texts(value: unknown, path: Segment[] = [], into: { text: string; path: Segment[] }[] = []): { text: string; path: Segment[] }[] {
  // One list filled in place, the path copied once per text: every page's every text passes here on a full check.
  if (typeof value === "string") into.push({ text: value, path: [...path] });
  else if (Array.isArray(value))
    value.forEach((v, i) => {
      path.push(i);
      texts(v, path, into);
      path.pop();
    });
  else if (value !== null && typeof value === "object")
    for (const k of Object.keys(value)) {
      path.push(k);
      texts((value as Record<string, unknown>)[k], path, into);
      path.pop();
    }
  return into;
}

function setAt(data: unknown, path: Segment[], text: string): void {
  let node = data as Record<string | number, unknown>;
  for (const seg of path.slice(0, -1)) node = node[seg] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = text;
}

/** The listing a text of a page describes structurally: its childCards block's, else the page's own. */
function contextOf(page: CountedPage, path: Segment[]): string {
  if (path[0] === "sections" && typeof path[1] === "number") {
    const section = page.data.sections[path[1]];
    if (section?.type === "childCards") return section.from;
  }
  return page.route;
}

/** The first part of an address: "/courses/explore" → "courses"; "/" → "". */
const sectionOf = (route: string) => route.split("/")[1] ?? "";

/** Where in the YAML a piece of a text is: the phrase's own column when the value sits on one line as written, else the value's start. */
function placeOf(loaded: LoadedFile, path: Segment[], phrase: string): { line: number; col: number } {
  const at = locate(loaded, path);
  const line = loaded.text.split(/\r?\n/)[at.line - 1] ?? "";
  const found = line.indexOf(phrase, at.col - 1);
  return found >= 0 ? { line: at.line, col: found + 1 } : at;
}

/**
 * What the count step reads besides the page it fills: the listed pages below each address and
 * the named counts of site/_site.yaml, with their values. Made once per check of the site (or
 * again when a listing's size or the settings change), then used for each page on its own.
 */
export interface CountEnv {
  below(route: string): number;
  named: Map<string, { count: NamedCount; value: number }>;
  nouns: Map<string, { count: NamedCount; value: number }[]>;
  spelled: RegExp | null;
  /** Whether a text names one of the nouns at all: most texts do not, and the spelled-number search is costly by comparison. */
  mentioned: RegExp | null;
  /** Whether the settings were valid: without them a named count is not reported as unknown. */
  hasSite: boolean;
}

export function countEnv(site: Site | null, below: (route: string) => number, twoBelow: (route: string) => number): CountEnv {
  const named = new Map<string, { count: NamedCount; value: number }>();
  for (const count of site?.counts ?? []) named.set(count.name, { count, value: (count.depth ?? 1) === 2 ? twoBelow(count.from) : below(count.from) });
  const nouns = new Map<string, { count: NamedCount; value: number }[]>();
  for (const entry of named.values()) for (const word of entry.count.words) nouns.set(word, [...(nouns.get(word) ?? []), entry]);
  const spelled = nouns.size > 0 ? new RegExp(`\\b(${NUMBER_WORDS})\\b((?:[ \\t]+[\\w-]+){0,2}?)[ \\t]+(${[...nouns.keys()].join("|")})\\b`, "gi") : null;
  const mentioned = nouns.size > 0 ? new RegExp(`\\b(?:${[...nouns.keys()].join("|")})\\b`, "i") : null;
  return { below, named, nouns, spelled, mentioned, hasSite: site !== null };
}

/**
 * What a file's counts read, for a check that redoes only what a change touches: "named" (the
 * named counts and their values) and "below:<address>" (how many listed pages are below it).
 */
export type CountRead = (key: string) => void;

/**
 * Fill every count token of one file's data in place, and report tokens that name no count and
 * number words that disagree with what they count. `where.page` is the page (absent for the
 * site settings), `where.route` the address whose part of the site a named count describes.
 */
export function fillCountsIn(
  env: CountEnv,
  file: string,
  loaded: LoadedFile,
  data: unknown,
  where: { route?: string; page?: CountedPage },
  read: CountRead = () => {},
): Problem[] {
  const problems: Problem[] = [];
  const { below, named, nouns, spelled, mentioned } = env;
  const belowOf = (route: string) => {
    read(`below:${route}`);
    return below(route);
  };
  for (const { text, path } of texts(data)) {
    const context = where.page ? contextOf(where.page, path) : undefined;
    if (spelled && mentioned?.test(text)) {
      for (const m of text.matchAll(spelled)) {
        const said = NUMBER_OF_WORD.get(m[1]!.toLowerCase())!;
        const noun = m[3]!.toLowerCase();
        // A named count describes texts of its own part of the site (and the home page and the header);
        // elsewhere the same noun may count something else ("four projects, four industries").
        const candidates = nouns.get(noun)!.filter((c) => !where.route || where.route === "/" || sectionOf(where.route) === sectionOf(c.count.from));
        if (candidates.length === 0) continue;
        read("named");
        const own = context !== undefined ? belowOf(context) : 0;
        if (candidates.some((c) => c.value === said) || own === said) continue;
        const best = candidates[0]!;
        problems.push(
          problem(
            file,
            placeOf(loaded, path, m[0]),
            `"${m[0]}" says ${m[1]!.toLowerCase()}, but ${best.count.from} lists ${numberInWords(best.value, false)} ${best.value === 1 ? "page" : "pages"}${(best.count.depth ?? 1) === 2 ? " two levels below it" : ""}`,
            `write {count:${best.count.name}}${m[2]} ${m[3]}, and the number is counted from the pages`,
          ),
        );
      }
    }
    if (!text.includes("{count")) continue;
    read("named");
    const filled = text.replace(TOKEN, (token, name: string | undefined, index: number) => {
      let value: number | undefined;
      if (name === undefined) {
        if (context === undefined) {
          problems.push(
            problem(
              file,
              placeOf(loaded, path, token),
              "{count} alone counts the pages of a page's listing, and this file is not a page",
              named.size > 0
                ? `name the count: ${[...named.keys()].map((n) => `{count:${n}}`).join(", ")}`
                : "name the count, and define it under counts: in site/_site.yaml",
            ),
          );
          return token;
        }
        value = belowOf(context);
        if (value === 0) {
          problems.push(
            problem(
              file,
              placeOf(loaded, path, token),
              `{count} here counts the pages listed below ${context}, and there are none`,
              "give the pages below a card:, or name a count from site/_site.yaml: " +
                ([...named.keys()].map((n) => `{count:${n}}`).join(", ") || "none is defined"),
            ),
          );
          return token;
        }
      } else {
        const entry = named.get(name);
        if (!entry) {
          if (!env.hasSite) return token;
          const guess = didYouMean(name, named.keys());
          problems.push(
            problem(
              file,
              placeOf(loaded, path, token),
              `unknown count "${name}"`,
              guess
                ? `did you mean {count:${guess}}?`
                : named.size > 0
                  ? `the counts are: ${[...named.keys()].join(", ")} (site/_site.yaml, counts:)`
                  : "add it under counts: in site/_site.yaml",
            ),
          );
          return token;
        }
        value = entry.value;
      }
      return numberInWords(value, startsSentence(text, index));
    });
    if (filled !== text) setAt(data, path, filled);
  }
  return problems;
}
