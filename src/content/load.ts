import { readFileSync } from "node:fs";
import type { Document, LineCounter, YAMLError } from "yaml";
import { problem, type Problem } from "./problem.ts";
import { quickParse } from "./quick-parse.ts";
import { commaInText, duplicateField, explainYamlError, listEntry } from "./yaml-errors.ts";
import { yaml } from "./yaml-package.ts";

/** A parsed YAML file that keeps its source positions. */
export interface LoadedFile {
  file: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  data: unknown;
  /** The file's text as read. */
  text: string;
}

/** Aliases are rarely needed in page files; a handful is plenty and caps "billion laughs" expansion. */
export const MAX_ALIAS_COUNT = 20;

/**
 * The largest page is about 15 KB and 700 values. Far bigger files are mistakes or attacks,
 * and are refused before the slow steps (validation, cross-checks) see them.
 */
export const MAX_FILE_BYTES = 256 * 1024;
export const MAX_VALUES = 10_000;

const NESTED_TOO_DEEPLY = {
  message: "lists or groups are nested too deeply here",
  hint: "a page nests a few levels at most; check the brackets and the indentation",
};

const TOO_MANY_ALIASES = {
  message: `too many *aliases (more than ${MAX_ALIAS_COUNT} expansions)`,
  hint: "write the repeated text out instead of using &anchors and *aliases",
};

/**
 * The problems that say a text would exhaust memory or the stack if read (a "billion laughs"
 * alias bomb, nesting deeper than the parser allows): the loader stops before expanding it, and
 * the editor refuses to save such a text at all rather than write it where the build reads it.
 */
export const isResourceExhaustion = (p: { message: string }): boolean => p.message === TOO_MANY_ALIASES.message || p.message === NESTED_TOO_DEEPLY.message;

function yamlProblem(file: string, err: YAMLError, text: string): Problem {
  const { line, col, message, hint } = explainYamlError(err, text);
  return problem(file, { line, col }, message, hint);
}

/**
 * ` #` starts a comment in YAML, so `title: Step #1 of 3` silently becomes "Step". A
 * comment that follows a text on its line with no space after the # is almost always
 * meant as part of the text.
 */
function cutByComment(file: string, doc: Document.Parsed, lineCounter: LineCounter): Problem[] {
  const problems: Problem[] = [];
  yaml().visit(doc, {
    Scalar(_key, node) {
      if (node.type !== "PLAIN" || typeof node.value !== "string" || !node.comment || /^\s/.test(node.comment)) return;
      problems.push(
        problem(
          file,
          lineCounter.linePos(node.range?.[0] ?? 0),
          `the text after " #" was left out: YAML reads " #" as the start of a comment`,
          `put the whole text in quotes: "${node.value} #${node.comment}"`,
        ),
      );
    },
  });
  return problems;
}

/** Byte offset of the first byte that is not valid UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= bytes.length || (bytes[i + k]! & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return -1;
}

function positionOfByte(bytes: Uint8Array, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] !== 0x0a) continue;
    line++;
    lineStart = i + 1;
  }
  return { line, col: offset - lineStart + 1 };
}

// YAML allows only printable characters (YAML 1.2 §5.1): no C0/C1 controls other than tab and line breaks.
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
const NOT_PRINTABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u0084\u0086-\u009f\ufffe\uffff]/;

function controlCharacterProblem(file: string, text: string): Problem | null {
  const found = NOT_PRINTABLE.exec(text);
  if (!found) return null;
  const code = found[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
  const before = text.slice(0, found.index);
  const pos = { line: before.split("\n").length, col: found.index - before.lastIndexOf("\n") };
  return problem(
    file,
    pos,
    `the file contains an invisible control character (U+${code})`,
    "delete it; such characters usually come in unseen when text is pasted from another program",
  );
}

/**
 * One pass over the parsed file: too many values, a field given twice in one group, or a
 * field name that is a list or group (JavaScript objects cannot hold it). Duplicates are
 * found here with a Set because the yaml package's own check compares every pair of keys,
 * which takes minutes on a file with 100 000 of them.
 */
function structureProblem(file: string, doc: Document.Parsed, lineCounter: LineCounter): Problem | null {
  let values = 0;
  let found: Problem | null = null;
  const at = (node: { range?: [number, number, number] | null } | null | undefined) => lineCounter.linePos(node?.range?.[0] ?? 0);
  const { isCollection, isMap, isScalar, visit } = yaml();
  visit(doc, {
    Node(_, node, path) {
      values += 1;
      if (values > MAX_VALUES) {
        found = problem(
          file,
          { line: 1, col: 1 },
          `the file holds more than ${MAX_VALUES} values; a page has a few hundred`,
          "split the content over several pages",
        );
        return visit.BREAK;
      }
      if (!isMap(node)) return undefined;
      const names = new Set<string>();
      for (const pair of node.items) {
        if (isCollection(pair.key)) {
          found = problem(file, at(pair.key), "a field name is a list or a group of fields", "a field name is plain text: write name: value");
          return visit.BREAK;
        }
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        if (names.has(name)) {
          const { message, hint } = duplicateField(
            name,
            listEntry(node, path, lineCounter),
            isScalar(pair.value) ? String(pair.value.source ?? pair.value.value) : "…",
          );
          found = problem(file, at(pair.key), message, hint);
          return visit.BREAK;
        }
        names.add(name);
      }
      return undefined;
    },
  });
  return found;
}

function tooLargeProblem(file: string, size: number): Problem {
  const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;
  return problem(
    file,
    { line: 1, col: 1 },
    `the file is too large (${kb(size)}); a page file may be at most ${kb(MAX_FILE_BYTES)}`,
    "split the content over several pages",
  );
}

/** The one way page files are parsed (uniqueKeys is checked in structureProblem, in linear time). */
const parse = (text: string, lineCounter: LineCounter) =>
  yaml().parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: false, strict: true, resolveKnownTags: false });

/**
 * Parse one YAML file. Never throws on bad content: every problem comes back with its position.
 * A file with nothing to report is read by the quick parser (quick-parse.ts); its tree, for a
 * position a later check asks for, is built from the same text when first asked.
 */
export function loadYaml(file: string, bytes: Uint8Array): { loaded?: LoadedFile; problems: Problem[] } {
  if (bytes.length > MAX_FILE_BYTES) return { problems: [tooLargeProblem(file, bytes.length)] };
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) {
    return {
      problems: [problem(file, positionOfByte(bytes, bad), "the file is not saved as UTF-8 text", "save it with UTF-8 encoding in your editor")],
    };
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  const control = controlCharacterProblem(file, text);
  if (control) return { problems: [control] };
  // Most files have nothing to report: their data comes from the quick parser, and their tree is built only if a later check needs a position.
  const quick = quickParse(text, MAX_VALUES);
  if (quick !== undefined) return { loaded: lazyLoadedFile(file, file, quick, text), problems: [] };
  return loadTree(file, text);
}

/** Parse a file's text into its tree, with every problem the tree shows; loadYaml's slow path, and what the quick parser is held to. */
export function loadTree(file: string, text: string): { loaded?: LoadedFile; problems: Problem[] } {
  const lineCounter = new (yaml().LineCounter)();
  const doc = parse(text, lineCounter);
  const issues = [...doc.errors, ...doc.warnings];
  if (issues.length > 0) {
    // After the first mistake a YAML parser's later errors are mostly echoes of it; report the cause.
    const first = issues.find((e) => e.code === "TAB_AS_INDENT") ?? issues.sort((a, b) => a.pos[0] - b.pos[0])[0]!;
    if (first.code === "RESOURCE_EXHAUSTION")
      return { problems: [problem(file, first.linePos?.[0] ?? { line: 1, col: 1 }, NESTED_TOO_DEEPLY.message, NESTED_TOO_DEEPLY.hint)] };
    return { problems: [yamlProblem(file, first, text)] };
  }
  if (doc.contents === null) {
    return { problems: [problem(file, { line: 1, col: 1 }, "the file is empty", "a page needs at least title, description and sections")] };
  }
  const structure = structureProblem(file, doc, lineCounter);
  if (structure) return { problems: [structure] };
  const comma = commaInText(doc, text, lineCounter);
  if (comma) return { problems: [problem(file, comma, comma.message, comma.hint)] };
  try {
    // yaml counts the &anchor's own value as one expansion, so 20 *aliases make 21.
    const data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT + 1 }) as unknown;
    return { loaded: { file, doc, lineCounter, data, text }, problems: cutByComment(file, doc, lineCounter) };
  } catch (error) {
    // Deep nesting the parser let through can still exhaust the stack while converting.
    if (error instanceof RangeError) return { problems: [problem(file, { line: 1, col: 1 }, NESTED_TOO_DEEPLY.message, NESTED_TOO_DEEPLY.hint)] };
    return { problems: [problem(file, { line: 1, col: 1 }, TOO_MANY_ALIASES.message, TOO_MANY_ALIASES.hint)] };
  }
}

/**
 * A checked file whose parsed tree is read again from disk only when something asks for a
 * position (a cross-file problem to place, a starter to fill in). A parsed page is ~20 times
 * its data in memory, so keeping every tree until the last check held most of a 10 000-page
 * build's memory; the cross-file checks place a problem rarely, and only then parse the file again.
 */
export function lazyLoadedFile(file: string, path: string, data: unknown, unsavedText?: string): LoadedFile {
  return new LazyLoadedFile(file, path, data, unsavedText);
}

/**
 * lazyLoadedFile's object: its getters sit on the class, so each of the 10,000 files a rebuild
 * takes from the store is one object, not one with five closures of its own.
 */
class LazyLoadedFile implements LoadedFile {
  private tree: { doc: Document.Parsed; lineCounter: LineCounter } | undefined;

  constructor(
    readonly file: string,
    private readonly path: string,
    readonly data: unknown,
    private unsavedText: string | undefined,
  ) {}

  private load() {
    if (this.tree) return this.tree;
    const lineCounter = new (yaml().LineCounter)();
    return (this.tree = { doc: parse(this.text, lineCounter), lineCounter });
  }

  get doc(): Document.Parsed {
    return this.load().doc;
  }

  get lineCounter(): LineCounter {
    return this.load().lineCounter;
  }

  /** The text alone (the schema line reads it) does not need the tree. */
  get text(): string {
    return (this.unsavedText ??= readFileSync(this.path, "utf8"));
  }
}
