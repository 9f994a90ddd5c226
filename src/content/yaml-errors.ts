import type { Document, LineCounter, Node, Pair, Scalar, YAMLError } from "yaml";
import { yaml } from "./yaml-package.ts";

/**
 * YAML syntax mistakes in the words of the person editing the file. The parser says
 * where it got stuck; the line itself usually shows what went wrong (a colon in a text,
 * a line indented one space too far), so the explanation reads that line.
 */
export interface Explained {
  line: number;
  col: number;
  message: string;
  hint?: string;
}

const FIXED: Record<string, { message: string; hint?: string }> = {
  TAB_AS_INDENT: { message: "a tab is used for indentation", hint: "indent with spaces only (two per level); set your editor to insert spaces for Tab" },
  DUPLICATE_KEY: { message: "this field appears twice in the same place", hint: "keep one of them and delete the other" },
  BAD_ALIAS: { message: "this *alias refers to nothing", hint: "define the &anchor before using *anchor" },
  BAD_SCALAR_START: { message: "this value cannot start with that character", hint: "put the text in quotes" },
  TAG_RESOLVE_FAILED: { message: "unknown YAML tag", hint: "remove the !tag; page files use plain text, numbers, lists and fields" },
  BAD_DQ_ESCAPE: {
    message: "a backslash (\\) inside double quotes starts a special character",
    hint: "use single quotes around this text, or write two backslashes (\\\\)",
  },
  MULTIPLE_DOCS: { message: "a line with --- splits the file in two", hint: "remove the --- line: a page file holds one page" },
  BLOCK_IN_FLOW: { message: 'a text inside { } or [ ] contains ": " (a colon and a space), or a line break', hint: "put that text in quotes" },
  NON_STRING_KEY: { message: "a field name must be a plain word", hint: "write field: value" },
  KEY_OVER_1024_CHARS: {
    message: "this field name is far too long",
    hint: 'a colon followed by a space ends a field name; put text that contains ": " in quotes',
  },
  IMPOSSIBLE: { message: "this line cannot be read", hint: "check the indentation and quotes around this line" },
};

const GENERIC = { message: "this line cannot be read", hint: "check the indentation, quotes, colons and dashes on this line" };

/** Where a line's field name starts: after its spaces and any "- " list markers. */
function keyColumn(line: string): number {
  return /^(\s*(?:-\s+)*)/.exec(line)![1]!.length;
}

function fieldName(line: string): string {
  return /^\s*(?:-\s+)*([^:#]+?):(\s|$)/.exec(line)?.[1] ?? "";
}

const isContent = (line: string) => line.trim() !== "" && !line.trimStart().startsWith("#");

/** Quote a value the safest way for the hint: double quotes unless it holds one. */
function quoted(value: string): string {
  return value.includes('"') ? `'${value.replace(/'/g, "''")}'` : `"${value}"`;
}

/** The line above that the misaligned line most likely belongs with, and the group above that. */
function indentationHint(lines: string[], lineNo: number): string {
  const own = keyColumn(lines[lineNo - 1]!);
  const options: { col: number; line: number; name: string }[] = [];
  for (let i = lineNo - 2; i >= 0 && options.length < 2; i--) {
    const text = lines[i]!;
    if (!isContent(text)) continue;
    const col = keyColumn(text);
    if (col === own) break;
    if (options.length === 0 || col < options[options.length - 1]!.col) options.push({ col, line: i + 1, name: fieldName(text) });
  }
  if (options.length === 0) return "fields of the same group must start in the same column";
  const say = (o: { col: number; line: number; name: string }) =>
    `${o.col} ${o.col === 1 ? "space" : "spaces"} to line up with ${o.name ? `"${o.name}" on ` : ""}line ${o.line}`;
  return `indent it ${options.map(say).join(", or ")}`;
}

/** `-{ label: Go }` or `-type: hero`: a dash meant to start a list entry, with no space after it. */
const GLUED_DASH = /^(\s*)-([^\s-].*)$/;

/** The line at or just above `lineNo` whose dash has no space after it, if one of them has. */
function gluedDash(lines: string[], lineNo: number): Explained | null {
  let seen = 0;
  for (let i = lineNo - 1; i >= 0 && seen < 2; i--) {
    if (!isContent(lines[i]!)) continue;
    seen += 1;
    const glued = GLUED_DASH.exec(lines[i]!);
    if (glued) return { line: i + 1, col: glued[1]!.length + 1, ...GLUED_DASH_TEXT(glued[2]!) };
  }
  return null;
}

/** The one wording of the glued-dash mistake, also used when the line is read as text (see error-map.ts). */
export const GLUED_DASH_TEXT = (rest: string) => ({ message: 'the "-" that starts a list entry must be followed by a space', hint: `write - ${rest.trim()}` });

/** Where a group that is an entry of a list starts, and the list's name. */
export interface ListEntry {
  listName: string;
  dashLine: number;
  firstField: string;
}

/** The list entry `map` is, given its ancestors as `visit` passes them; null when it is not an entry of a named list. */
export function listEntry(map: Node, ancestors: readonly unknown[], lineCounter: LineCounter): ListEntry | null {
  const { isMap, isScalar, isSeq } = yaml();
  const list = ancestors[ancestors.length - 1];
  const owner = ancestors[ancestors.length - 2] as Pair | undefined;
  if (!isMap(map) || !isSeq(list) || list.flow || !owner || !isScalar(owner.key)) return null;
  const first = map.items[0]?.key;
  if (!isScalar(first)) return null;
  return { listName: String(owner.key.value), dashLine: lineCounter.linePos(map.range?.[0] ?? 0).line, firstField: String(first.value) };
}

/**
 * A field given twice in one group. When the group is an entry of a list and the field is
 * the entry's first one (`type:` of a section), the second one starts a new entry whose
 * "- " is missing: deleting it, as a plain duplicate would suggest, would delete that entry.
 */
export function duplicateField(name: string, entry: ListEntry | null, value: string): { message: string; hint: string } {
  if (!entry || entry.firstField !== name) return { message: "this field appears twice in the same place", hint: "keep one of them and delete the other" };
  const what = entry.listName === "sections" ? "section" : `entry of ${entry.listName}`;
  return {
    message: `this line starts a new ${what}, but it has no "- " in front`,
    hint: `start the ${what} with "- " (a dash and a space), the dash right under the one on line ${entry.dashLine}: - ${name}: ${value}`,
  };
}

const plainText = (node: unknown): node is Scalar => yaml().isScalar(node) && node.type === "PLAIN" && node.range != null;

/**
 * A comma inside a one-line [ ] list or { } group ends the entry, so an unquoted
 * `₹12,000 / $200` becomes two cells and `value: ₹40,000 + GST` a value and a stray field.
 * Valid YAML, so the parser cannot say so; these two shapes can only come from such a comma:
 * digits on both sides of a comma with no space (a number like 12,000), and in { } a field
 * with no colon after a field whose value is plain text. Returns the first one found.
 */
export function commaInText(doc: Document.Parsed, text: string, lineCounter: LineCounter): Explained | null {
  const { isScalar, visit } = yaml();
  let found: Explained | null = null;
  const report = (from: Scalar, to: Node, comma: number, field: string, brackets: string, pieces: number) => {
    const whole = text.slice(from.range![0], to.range![1]).trim();
    const split = pieces === 2 ? `the comma in ${whole} splits the text in two` : `the commas in ${whole} split the text into ${pieces} pieces`;
    found = {
      ...lineCounter.linePos(comma),
      message: `${split}: inside ${brackets} a comma separates entries`,
      hint: `put the text in quotes: ${field}${quoted(whole)}`,
    };
    return visit.BREAK;
  };
  visit(doc, {
    Seq(_, seq) {
      if (!seq.flow) return undefined;
      for (let i = 0; i + 1 < seq.items.length; i++) {
        const [a, b] = [seq.items[i], seq.items[i + 1]];
        if (!plainText(a) || !plainText(b)) continue;
        const comma = a.range![1];
        if (text[comma] === "," && b.range![0] === comma + 1 && /\d/.test(text[comma - 1] ?? "") && /\d/.test(text[comma + 1] ?? "")) {
          let last: Scalar = b;
          let pieces = 2;
          for (
            let j = i + 2;
            j < seq.items.length && plainText(seq.items[j]) && text[last.range![1]] === "," && (seq.items[j] as Scalar).range![0] === last.range![1] + 1;
            j++, pieces++
          )
            last = seq.items[j] as Scalar;
          return report(a, last, comma, "", "[ ]", pieces);
        }
      }
      return undefined;
    },
    Map(_, map) {
      if (!map.flow) return undefined;
      for (let i = 1; i < map.items.length; i++) {
        const [before, stray] = [map.items[i - 1]!, map.items[i]!];
        if (stray.value !== null || !plainText(stray.key) || !plainText(before.value) || !isScalar(before.key)) continue;
        // Every entry with no colon that follows is a further piece of the same text (₹1,00,000 is three pieces):
        // quoting only the first two would leave the rest as a field of its own.
        let last: Scalar = stray.key;
        let pieces = 2;
        for (let j = i + 1; j < map.items.length && map.items[j]!.value === null && plainText(map.items[j]!.key); j++, pieces++)
          last = map.items[j]!.key as Scalar;
        return report(before.value, last, before.value.range![1], `${String(before.key.value)}: `, "{ }", pieces);
      }
      return undefined;
    },
  });
  return found;
}

/** Line and column (from 1) of a character offset in `text`. */
function positionOf(text: string, offset: number): { line: number; col: number } {
  const before = text.slice(0, offset);
  return { line: before.split("\n").length, col: offset - before.lastIndexOf("\n") };
}

/** A field or a list entry at the start of a line: what a text in quotes does not hold, but the next line of a page does. */
const STARTS_FIELD_OR_ENTRY = /\n[ \t]*(?:-[ \t]|[^\s"'#][^\n:]*:(?:[ \t]|$))/m;

const isClosed = (source: string) => (source.startsWith('"') ? /^"(?:[^"\\]|\\[\s\S])*"$/.test(source) : /^'(?:[^']|'')*'$/.test(source));

/**
 * A quote that opens a text and is never closed: the parser reads on to the end of the file (or
 * to the next quote, lines below) and complains there, far from the mistake. Found in the parser's
 * token tree: a quoted text that has no closing quote, or one that runs over lines that start new
 * fields or list entries. Reported where the quote opens, whatever error the parser gave.
 */
function unclosedQuote(text: string, errorAt: number): Explained | null {
  if (!/["']/.test(text.slice(0, errorAt))) return null;
  let tokens: unknown[];
  try {
    tokens = [...new (yaml().Parser)().parse(text)];
  } catch {
    // Nesting deep enough to exhaust the stack: that is the problem the caller reports, not a quote.
    return null;
  }
  for (let next = 0; next < tokens.length; next++) {
    const token = tokens[next];
    if (token === null || typeof token !== "object") continue;
    const { type, source, offset } = token as { type?: unknown; source?: unknown; offset?: unknown };
    if ((type === "double-quoted-scalar" || type === "single-quoted-scalar") && typeof source === "string" && typeof offset === "number") {
      if (offset >= errorAt || (isClosed(source) && !STARTS_FIELD_OR_ENTRY.test(source))) continue;
      const pos = positionOf(text, offset);
      const quote = source[0]!;
      const lineText = text.split(/\r?\n/)[pos.line - 1] ?? "";
      return {
        ...pos,
        message: `the quote ${quote} that opens this text is not closed on its line`,
        hint: `end the text with ${quote} on the same line: ${lineText.trim()}${quote}`,
      };
    }
    for (const value of Object.values(token)) if (value !== null && typeof value === "object") tokens.push(...(Array.isArray(value) ? value : [value]));
  }
  return null;
}

/**
 * A tab among the spaces that indent a line. YAML never counts a tab as indentation, so the
 * parser sees a line that does not line up, and says only that; the tab is invisible in most
 * editors. The line the parser stopped at, and the content line above it, are looked at.
 */
function tabAmongSpaces(lines: string[], lineNo: number): Explained | null {
  for (let i = lineNo - 1, seen = 0; i >= 0 && seen < 2; i--) {
    const text = lines[i]!;
    if (!isContent(text)) continue;
    seen += 1;
    const indent = /^[ \t]*/.exec(text)![0];
    const tab = indent.indexOf("\t");
    if (tab < 0) continue;
    return {
      line: i + 1,
      col: tab + 1,
      message: "a tab is mixed in with the spaces that indent this line",
      hint: `YAML counts only spaces: replace the tab with spaces and ${indentationHint(lines, i + 1)}`,
    };
  }
  return null;
}

/** One plain-language explanation of a YAML parse error in `text`. */
export function explainYamlError(err: YAMLError, text: string): Explained {
  const pos = err.linePos?.[0] ?? { line: 1, col: 1 };
  const lines = text.split(/\r?\n/);
  const line = lines[pos.line - 1] ?? "";
  const at = (message: string, hint?: string, where = pos): Explained => (hint ? { ...where, message, hint } : { ...where, message });
  const quote = unclosedQuote(text, err.pos[0]);
  if (quote) return quote;
  if (err.code !== "TAB_AS_INDENT") {
    const tab = tabAmongSpaces(lines, pos.line);
    if (tab) return tab;
    const dash = gluedDash(lines, pos.line);
    if (dash) return dash;
  }

  switch (err.code) {
    case "BLOCK_AS_IMPLICIT_KEY": {
      const rest = line.slice(pos.col - 1);
      if (/:(\s|$)/.test(rest)) {
        const key = line.slice(0, pos.col - 1).trim();
        return at(
          'this text contains ": " (a colon and a space), which YAML reads as the start of a new field',
          `put the whole text in quotes: ${key} ${quoted(rest.trim())}`,
        );
      }
      const next = lines.findIndex((l, i) => i >= pos.line && isContent(l));
      if (next >= 0 && keyColumn(lines[next]!) > keyColumn(line)) {
        return at("this line is indented further than the field above it", indentationHint(lines, next + 1), { line: next + 1, col: 1 });
      }
      return at(
        'the line before this one is probably missing a colon, or a text contains ": "',
        'write field: value, and put text that contains ": " in quotes',
      );
    }
    case "MULTILINE_IMPLICIT_KEY": {
      const missingSpace = /^(\s*(?:-\s+)*)([A-Za-z][\w-]*):(\S.*)$/.exec(line);
      if (missingSpace) return at("a colon after a field name must be followed by a space", `write ${missingSpace[2]}: ${missingSpace[3]}`);
      return at("a field name runs over more than one line", 'a colon followed by a space ends a field name; put text that contains ": " in quotes');
    }
    case "BAD_INDENT":
      return at("the indentation of this line does not line up with the lines above", indentationHint(lines, pos.line), { line: pos.line, col: 1 });
    case "MISSING_CHAR":
      if (/without - indicator/.test(err.message)) {
        return at("the indentation of this line does not line up with the lines above", indentationHint(lines, pos.line), { line: pos.line, col: 1 });
      }
      return at("a closing quote or bracket is missing", 'every " or [ needs its partner');
    case "UNEXPECTED_TOKEN": {
      const quotedStart = /^(\s*(?:-\s+)*[^:#]+:\s+)(["'])/.exec(line);
      if (quotedStart && pos.col - 1 > quotedStart[0].length) {
        return at(
          "there is more text after the closing quote",
          `quote the whole text: ${quotedStart[1]!.trim()} ${quoted(line.slice(quotedStart[1]!.length).trim())}`,
        );
      }
      return at("unexpected characters", "check the quotes, colons and dashes on this line");
    }
    default: {
      const known = FIXED[err.code] ?? GENERIC;
      return at(known.message, known.hint);
    }
  }
}
