import { isMap, isScalar, isSeq, parseDocument, type Scalar } from "yaml";
import type { Fix, Problem, TextEdit } from "./problem.ts";
import { offsetOf, scalarSource } from "./yaml-edit.ts";

/**
 * The one-click fixes: for a problem whose hint names one exact edit ("did you mean "title"?",
 * "put the text in quotes: …", "write /industries/banner.svg", a tab among spaces, an unclosed
 * quote), that edit, computed here from the text that was checked, so the editor applies exactly
 * what the hint says (src/server/editor adds them to the problems it answers with). A fix is
 * offered only when the text it gives reads as YAML without a mistake; a hint that leaves a
 * choice to the person (a fee's accepted forms, which anchor of a list) has none.
 */

/** One kind of fix: the problems it answers, read from their message and hint, and the edit. */
/** What a fix is found from: where a problem is, and its words. */
type Found = Pick<Problem, "line" | "col" | "message" | "hint">;

type FixKind = (text: string, problem: Found) => Fix | null;

const lineStart = (text: string, line: number) => offsetOf(text, line, 1);
const lineEnd = (text: string, from: number) => {
  const end = text.indexOf("\n", from);
  return end === -1 ? text.length : end;
};

/** The first text or name of `text`'s YAML whose source range passes `test`, with its range. */
function findScalar(text: string, test: (range: [number, number, number]) => boolean): Scalar | null {
  const doc = parseDocument(text, { uniqueKeys: false });
  let hit: Scalar | null = null;
  const visit = (node: unknown) => {
    if (hit) return;
    if (isScalar(node) && node.range && test(node.range)) hit = node;
    else if (isMap(node))
      for (const pair of node.items) {
        visit(pair.key);
        visit(pair.value);
      }
    else if (isSeq(node)) node.items.forEach(visit);
  };
  visit(doc.contents);
  return hit;
}

/** The text or name whose source starts at `offset`, with its source range. */
const scalarAt = (text: string, offset: number) => findScalar(text, ([start]) => start === offset);

/** The text whose source holds `offset`. */
const scalarAtOrAround = (text: string, offset: number) => findScalar(text, ([start, end]) => start <= offset && offset < end);

/** The source of a text value written as the old one was: in the same quotes when it was quoted, else plain where YAML allows. */
function sourceLike(old: string, value: string): string {
  if (old.startsWith('"')) return JSON.stringify(value);
  if (old.startsWith("'")) return `'${value.replace(/'/g, "''")}'`;
  return scalarSource(value).source;
}

/** The value at the problem's place, replaced whole by `value`. */
function replaceValue(text: string, problem: Found, value: (old: string) => string, label: (value: string) => string): Fix | null {
  const scalar = scalarAt(text, offsetOf(text, problem.line, problem.col));
  if (!scalar?.range || typeof scalar.value !== "string") return null;
  const next = value(scalar.value);
  const old = text.slice(scalar.range[0], scalar.range[1]);
  return { from: scalar.range[0], to: scalar.range[1], insert: sourceLike(old, next), label: label(next) };
}

/** A did-you-mean name or value: a field's name, a block type, a choice, an address or an anchor. */
const didYouMean: FixKind = (text, problem) => {
  const suggestion = /^did you mean "([^"]+)"\?/.exec(problem.hint ?? "")?.[1];
  if (!suggestion) return null;
  // An anchor alone ("#our-people") replaces only the part after the # of an address.
  const value = (wrong: string) => (suggestion.startsWith("#") && wrong.includes("#") ? wrong.replace(/#.*$/, suggestion) : suggestion);
  return replaceValue(text, problem, value, (v) => `Change to ${v}`);
};

/** A misspelt count token inside a text: the token itself, where the problem points. */
const countToken: FixKind = (text, problem) => {
  const token = /^did you mean (\{count:[^{}\s]+\})\?/.exec(problem.hint ?? "")?.[1];
  if (!token) return null;
  const from = offsetOf(text, problem.line, problem.col);
  const wrong = /^\{count:[^{}\s]*\}/.exec(text.slice(from))?.[0];
  return wrong ? { from, to: from + wrong.length, insert: token, label: `Change to ${token}` } : null;
};

/**
 * A number word that disagrees with the listing it describes ("Ten industries"): the words, where
 * the problem points, replaced by the token the hint writes. A text that would then start with
 * the token's brace is put in quotes whole (a plain text cannot start with "{").
 */
const countWord: FixKind = (text, problem) => {
  const words = /^"([^"]+)" says /.exec(problem.message)?.[1];
  const written = /^write (\{count:[^{}\s]+\}[^,]*), and the number/.exec(problem.hint ?? "")?.[1];
  if (!words || !written) return null;
  const from = offsetOf(text, problem.line, problem.col);
  if (!text.startsWith(words, from)) return null;
  const label = `Change to ${written}`;
  const scalar = scalarAtOrAround(text, from);
  if (scalar && scalar.type === "PLAIN" && scalar.range![0] === from && typeof scalar.value === "string") {
    const value = written + scalar.value.slice(words.length);
    return { from, to: scalar.range![1], insert: JSON.stringify(value), label };
  }
  return { from, to: from + words.length, insert: written, label };
};

/** A picture's path written with the folder it lives in (site/assets/…): the path as it is served. */
const servedPath: FixKind = (text, problem) => {
  if (!problem.message.includes("names the folder site/assets")) return null;
  const served = /^write (\/\S+)$/.exec(problem.hint ?? "")?.[1];
  return served
    ? replaceValue(
        text,
        problem,
        () => served,
        (v) => `Change to ${v}`,
      )
    : null;
};

/** The text a quoting hint ends with, as written there: "…" or '…'. */
function quotedAtEnd(hint: string): { source: string; value: string } | null {
  const m = /("(?:[^"]*)"|'(?:[^']|'')*')$/.exec(hint);
  if (!m) return null;
  const source = m[1]!;
  return { source, value: source.startsWith('"') ? source.slice(1, -1) : source.slice(1, -1).replace(/''/g, "'") };
}

/** A comma inside { } or [ ] that splits a text: the whole text, on the problem's line around the comma, in quotes. */
const commaInText: FixKind = (text, problem) => {
  if (!/^the commas? in .* splits? the text/.test(problem.message) || !problem.hint?.startsWith("put the text in quotes: ")) return null;
  const quoted = quotedAtEnd(problem.hint);
  if (!quoted) return null;
  const start = lineStart(text, problem.line);
  const line = text.slice(start, lineEnd(text, start));
  const comma = problem.col - 1;
  for (let at = line.indexOf(quoted.value); at >= 0; at = line.indexOf(quoted.value, at + 1))
    if (at <= comma && comma < at + quoted.value.length)
      return { from: start + at, to: start + at + quoted.value.length, insert: quoted.source, label: "Put the text in quotes" };
  return null;
};

/**
 * A text read as a field because of its ": ", or with more text after its closing quote: the text
 * from where the hint's quoted text starts on the problem's line to the line's end, in those quotes.
 */
const quoteTheRest: FixKind = (text, problem) => {
  if (!/^(?:put the whole text in quotes|quote the whole text): /.test(problem.hint ?? "")) return null;
  const quoted = quotedAtEnd(problem.hint!);
  if (!quoted) return null;
  const start = lineStart(text, problem.line);
  const line = text.slice(start, lineEnd(text, start)).trimEnd();
  const at = line.length - quoted.value.length;
  if (at < 0 || line.slice(at) !== quoted.value) return null;
  return { from: start + at, to: start + line.length, insert: quoted.source, label: "Put the whole text in quotes" };
};

/** A quote that opens a text and is not closed on its line: the same quote at the line's end. */
const unclosedQuote: FixKind = (text, problem) => {
  const quote = /^the quote (["']) that opens this text is not closed on its line/.exec(problem.message)?.[1];
  if (!quote) return null;
  const start = lineStart(text, problem.line);
  const end = start + text.slice(start, lineEnd(text, start)).trimEnd().length;
  return { from: end, to: end, insert: quote, label: `Close the quote with ${quote}` };
};

/** A tab among the spaces that indent a line: spaces instead, as many as the hint says, else what lines up with the lines around it. */
const tabInIndent: FixKind = (text, problem) => {
  if (!/^a tab (?:is used for indentation|is mixed in with the spaces)/.test(problem.message)) return null;
  const start = lineStart(text, problem.line);
  const indent = /^[ \t]*/.exec(text.slice(start, lineEnd(text, start)))![0];
  if (!indent.includes("\t")) return null;
  const named = /indent it (\d+) spaces?/.exec(problem.hint ?? "")?.[1];
  const candidates = [
    ...(named ? [" ".repeat(Number(named))] : []),
    indent.replace(/\t/g, ""),
    indent.replace(/\t/g, "  "),
    // Else in line with a field of the lines above (nearest first), or, for a list entry, with a dash above.
    ...text
      .slice(0, start)
      .split("\n")
      .reverse()
      .filter((l) => l.trim() !== "" && !l.trimStart().startsWith("#"))
      .flatMap((l) => [" ".repeat(/^\s*(?:-\s+)*/.exec(l)![0].length), /^ */.exec(l)![0]]),
  ];
  for (const spaces of new Set(candidates)) {
    const fix = { from: start, to: start + indent.length, insert: spaces, label: "Replace the tab with spaces" };
    if (readsCleanly(applyFix(text, fix))) return fix;
  }
  return null;
};

/** A dash with no space after it: the space. */
const gluedDash: FixKind = (text, problem) => {
  if (problem.message !== 'the "-" that starts a list entry must be followed by a space') return null;
  const dash = offsetOf(text, problem.line, problem.col);
  return text[dash] === "-" ? { from: dash + 1, to: dash + 1, insert: " ", label: "Add a space after the dash" } : null;
};

/** A field name with no space after its colon: the space. */
const spaceAfterColon: FixKind = (text, problem) => {
  if (problem.message !== "a colon after a field name must be followed by a space") return null;
  const start = lineStart(text, problem.line);
  const m = /^(\s*(?:-\s+)*[A-Za-z][\w-]*):\S/.exec(text.slice(start, lineEnd(text, start)));
  return m ? { from: start + m[1]!.length + 1, to: start + m[1]!.length + 1, insert: " ", label: "Add a space after the colon" } : null;
};

/** The schema line missing, wrong or below the top: the right one as line 1 (moved there when it is further down). */
const schemaLine: FixKind = (text, problem) => {
  const expected = /make line 1: (# yaml-language-server: \$schema=\S+)/.exec(problem.hint ?? "")?.[1];
  if (!expected) return null;
  const label = "Make the schema line line 1";
  if (problem.message.startsWith("the schema line must be the very first line")) {
    const from = lineStart(text, problem.line);
    const end = lineEnd(text, from);
    return [
      { from: 0, to: 0, insert: `${expected}\n`, label },
      { from, to: Math.min(text.length, end + 1), insert: "" },
    ];
  }
  if (problem.message.startsWith("the schema line points to")) return { from: 0, to: lineEnd(text, 0), insert: expected, label };
  if (problem.message.startsWith("the file does not start with the schema line")) return { from: 0, to: 0, insert: `${expected}\n`, label };
  return null;
};

const KINDS: FixKind[] = [
  countToken,
  countWord,
  didYouMean,
  servedPath,
  commaInText,
  quoteTheRest,
  unclosedQuote,
  tabInIndent,
  gluedDash,
  spaceAfterColon,
  schemaLine,
];

/** What a fix's button says. */
export const labelOf = (fix: Fix): string => (Array.isArray(fix) ? fix[0].label : fix.label);

/** The text with a fix's edits made (all at offsets of the text before any of them). */
export function applyFix(text: string, fix: Fix): string {
  const edits: TextEdit[] = (Array.isArray(fix) ? [...fix] : [fix]).sort((a, b) => b.from - a.from);
  return edits.reduce((out, e) => out.slice(0, e.from) + e.insert + out.slice(e.to), text);
}

const readsCleanly = (text: string) => parseDocument(text, { uniqueKeys: false }).errors.length === 0;

/** The fix a problem's hint names in this text, or null; only one that leaves YAML without a mistake. */
export function fixOf(text: string, problem: Found): Fix | null {
  for (const kind of KINDS) {
    let fix: Fix | null;
    try {
      fix = kind(text, problem);
    } catch {
      fix = null;
    }
    if (fix) return readsCleanly(applyFix(text, fix)) ? fix : null;
  }
  return null;
}

/** The problems of one text, each with the fix its hint names where there is one. */
export function withFixes(text: string, problems: Problem[]): Problem[] {
  return problems.map((p) => {
    const fix = fixOf(text, p);
    return fix ? { ...p, fix } : p;
  });
}
