import { LineCounter, parseDocument, type Document, type YAMLError } from "yaml";
import { problem, type Problem } from "./problem.ts";

/** A parsed YAML file that keeps its source positions. */
export interface LoadedFile {
  file: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
  data: unknown;
}

/** Aliases are rarely needed in page files; a handful is plenty and caps "billion laughs" expansion. */
export const MAX_ALIAS_COUNT = 20;

const YAML_MESSAGES: Record<string, { message: string; hint?: string }> = {
  TAB_AS_INDENT: {
    message: "a tab is used for indentation",
    hint: "indent with spaces only (two per level); set your editor to insert spaces for Tab",
  },
  DUPLICATE_KEY: { message: "this field appears twice in the same place", hint: "keep one of them and delete the other" },
  BAD_INDENT: { message: "the indentation here does not line up", hint: "fields of the same group must start in the same column" },
  MULTILINE_IMPLICIT_KEY: {
    message: "a field name runs over more than one line",
    hint: "a colon followed by a space ends a field name; put text that contains \": \" in quotes",
  },
  BLOCK_AS_IMPLICIT_KEY: {
    message: "the line before this one is probably missing a colon, or a text contains \": \"",
    hint: "write field: value, and put text that contains \": \" in quotes",
  },
  UNEXPECTED_TOKEN: { message: "unexpected characters", hint: "check the quotes, colons and dashes on this line" },
  MISSING_CHAR: { message: "a closing quote or bracket is missing", hint: "every \" or [ needs its partner" },
  BAD_ALIAS: { message: "this *alias refers to nothing", hint: "define the &anchor before using *anchor" },
  BAD_SCALAR_START: { message: "this value cannot start with that character", hint: "put the text in quotes" },
  TAG_RESOLVE_FAILED: { message: "unknown YAML tag", hint: "remove the !tag; page files use plain text, numbers, lists and fields" },
  IMPOSSIBLE: { message: "this YAML cannot be read", hint: "check the indentation and quotes around this line" },
};

function yamlProblem(file: string, err: YAMLError): Problem {
  const pos = err.linePos?.[0] ?? { line: 1, col: 1 };
  const known = YAML_MESSAGES[err.code];
  if (known) return problem(file, pos, known.message, known.hint);
  const firstLine = err.message.split("\n")[0]!.replace(/ at line \d+, column \d+:?$/, "");
  return problem(file, pos, `YAML: ${firstLine}`, "check the indentation and quotes around this line");
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
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) (line++, (lineStart = i + 1));
  return { line, col: offset - lineStart + 1 };
}

/** Parse one YAML file. Never throws on bad content: every problem comes back with its position. */
export function loadYaml(file: string, bytes: Uint8Array): { loaded?: LoadedFile; problems: Problem[] } {
  const bad = firstInvalidUtf8(bytes);
  if (bad >= 0) {
    return {
      problems: [problem(file, positionOfByte(bytes, bad), "the file is not saved as UTF-8 text", "save it with UTF-8 encoding in your editor")],
    };
  }
  const text = new TextDecoder("utf-8").decode(bytes);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: true, uniqueKeys: true, strict: true, resolveKnownTags: false });
  const issues = [...doc.errors, ...doc.warnings];
  if (issues.length > 0) {
    // After the first mistake a YAML parser's later errors are mostly echoes of it; report the cause.
    const first = issues.find((e) => e.code === "TAB_AS_INDENT") ?? issues.sort((a, b) => a.pos[0] - b.pos[0])[0]!;
    return { problems: [yamlProblem(file, first)] };
  }
  if (doc.contents === null) {
    return { problems: [problem(file, { line: 1, col: 1 }, "the file is empty", "a page needs at least title, description and sections")] };
  }
  try {
    const data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT }) as unknown;
    return { loaded: { file, doc, lineCounter, data }, problems: [] };
  } catch {
    return {
      problems: [
        problem(file, { line: 1, col: 1 }, `too many *aliases (more than ${MAX_ALIAS_COUNT} expansions)`, "write the repeated text out instead of using &anchors and *aliases"),
      ],
    };
  }
}
