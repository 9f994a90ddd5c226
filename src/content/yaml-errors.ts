import type { YAMLError } from "yaml";

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
  BAD_DQ_ESCAPE: { message: "a backslash (\\) inside double quotes starts a special character", hint: "use single quotes around this text, or write two backslashes (\\\\)" },
  MULTIPLE_DOCS: { message: "a line with --- splits the file in two", hint: "remove the --- line: a page file holds one page" },
  BLOCK_IN_FLOW: { message: 'a text inside { } or [ ] contains ": " (a colon and a space), or a line break', hint: "put that text in quotes" },
  NON_STRING_KEY: { message: "a field name must be a plain word", hint: "write field: value" },
  KEY_OVER_1024_CHARS: { message: "this field name is far too long", hint: 'a colon followed by a space ends a field name; put text that contains ": " in quotes' },
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
  const say = (o: { col: number; line: number; name: string }) => `${o.col} ${o.col === 1 ? "space" : "spaces"} to line up with ${o.name ? `"${o.name}" on ` : ""}line ${o.line}`;
  return `indent it ${options.map(say).join(", or ")}`;
}

/** One plain-language explanation of a YAML parse error in `text`. */
export function explainYamlError(err: YAMLError, text: string): Explained {
  const pos = err.linePos?.[0] ?? { line: 1, col: 1 };
  const lines = text.split(/\r?\n/);
  const line = lines[pos.line - 1] ?? "";
  const at = (message: string, hint?: string, where = pos): Explained => (hint ? { ...where, message, hint } : { ...where, message });

  switch (err.code) {
    case "BLOCK_AS_IMPLICIT_KEY": {
      const rest = line.slice(pos.col - 1);
      if (/:(\s|$)/.test(rest)) {
        const key = line.slice(0, pos.col - 1).trim();
        return at('this text contains ": " (a colon and a space), which YAML reads as the start of a new field', `put the whole text in quotes: ${key} ${quoted(rest.trim())}`);
      }
      const next = lines.findIndex((l, i) => i >= pos.line && isContent(l));
      if (next >= 0 && keyColumn(lines[next]!) > keyColumn(line)) {
        return at("this line is indented further than the field above it", indentationHint(lines, next + 1), { line: next + 1, col: 1 });
      }
      return at('the line before this one is probably missing a colon, or a text contains ": "', 'write field: value, and put text that contains ": " in quotes');
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
        return at("there is more text after the closing quote", `quote the whole text: ${quotedStart[1]!.trim()} ${quoted(line.slice(quotedStart[1]!.length).trim())}`);
      }
      return at("unexpected characters", "check the quotes, colons and dashes on this line");
    }
    default: {
      const known = FIXED[err.code] ?? GENERIC;
      return at(known.message, known.hint);
    }
  }
}
