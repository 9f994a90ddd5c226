import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesUnder } from "../../../src/shared/files-under.ts";
import { PROJECT } from "../fixture-site.ts";

/**
 * Comments that drift: a comment says why, so one that names an issue number says nothing a
 * reader can check, and one that names a file that has moved or gone sends the reader nowhere.
 * Comments are read from TypeScript's own parse, so a "//" inside a string, regex or URL is not one.
 */

const SOURCE = /\.(ts|tsx|mts|js|mjs|css)$/;
const GENERATED = /(^|\/)(generated|fixtures)\//;

function sourceFiles(folder: string): string[] {
  return filesUnder(join(PROJECT, folder), { relative: true })
    .map((file) => `${folder}/${file}`)
    .filter((file) => SOURCE.test(file) && !GENERATED.test(file));
}

const parsed = new Map<string, { line: number; text: string }[]>();

/** Each comment of a file with the line it starts on: the comment ranges around every node of TypeScript's parse. */
function commentsOf(file: string): { line: number; text: string }[] {
  const known = parsed.get(file);
  if (known) return known;
  const text = readFileSync(join(PROJECT, file), "utf8");
  if (file.endsWith(".css")) {
    // A stylesheet's comments are its only /* */ blocks (no source here puts one in a string).
    const comments = [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({ line: text.slice(0, m.index).split("\n").length, text: m[0] }));
    parsed.set(file, comments);
    return comments;
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : file.endsWith("js") ? ts.ScriptKind.JS : ts.ScriptKind.TS);
  const found = new Map<number, string>();
  const note = (ranges: ts.CommentRange[] | undefined) => ranges?.forEach((r) => found.set(r.pos, text.slice(r.pos, r.end)));
  const visit = (node: ts.Node) => {
    // A JSX comment, {/* … */}, is an expression container holding only the comment: no node's trivia.
    if (ts.isJsxExpression(node) && !node.expression) {
      const inner = text.slice(node.pos, node.end);
      const comment = /\/\*[\s\S]*?\*\//.exec(inner);
      if (comment) found.set(node.pos + comment.index, comment[0]);
    }
    note(ts.getLeadingCommentRanges(text, node.pos));
    note(ts.getTrailingCommentRanges(text, node.end));
    node.forEachChild(visit);
  };
  visit(source);
  note(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  const comments = [...found].sort(([a], [b]) => a - b).map(([pos, comment]) => ({ line: source.getLineAndCharacterOfPosition(pos).line + 1, text: comment }));
  parsed.set(file, comments);
  return comments;
}

/** Project paths named in a text: src/…, tools/…, tests/…, not part of a longer path, no glob or placeholder. */
function pathsIn(text: string): string[] {
  return [...text.matchAll(/(?<![\w./@-])(?:src|tools|tests)\/[\w./@-]*[\w]/g)]
    .filter((m) => !/^\/?[*<{…]/.test(text.slice(m.index + m[0].length)))
    .map((m) => m[0]);
}

const CODE_FILES = [...sourceFiles("src"), ...sourceFiles("tools"), ...sourceFiles("tests")];
const DOCS = [
  "README.md",
  ...readdirSync(join(PROJECT, "docs"))
    .filter((file) => file.endsWith(".md") && !/^bench-/.test(file))
    .map((file) => `docs/${file}`),
];

describe("comments say why and point at what exists", () => {
  // Parsing every source file takes seconds on a busy machine; the other checks reuse the parse.
  it("no comment narrates an issue number", { timeout: 180_000 }, () => {
    // The scanner finds the comments at all (a broken reader would find nothing and pass).
    expect(CODE_FILES.flatMap(commentsOf).length).toBeGreaterThan(500);
    const found = CODE_FILES.flatMap((file) => commentsOf(file).filter((c) => /\bissue \d+\b/i.test(c.text)).map((c) => `${file}:${c.line}  ${c.text.split("\n")[0]}`));
    expect(found).toEqual([]);
  });

  it("every src/, tools/ or tests/ path in a comment of src/, tools/ or tests/ (stylesheets and JSX comments too) exists", () => {
    expect(CODE_FILES).toContain("src/app/styles/tokens.css");
    const missing = CODE_FILES.flatMap((file) =>
      commentsOf(file).flatMap((c) => pathsIn(c.text).filter((path) => !existsSync(join(PROJECT, path))).map((path) => `${file}:${c.line}  ${path}`)),
    );
    expect(missing).toEqual([]);
  });

  it("every src/, tools/ or tests/ path in README.md and docs/ (but the dated bench reports, which record history) exists", () => {
    const missing = DOCS.flatMap((doc) => pathsIn(readFileSync(join(PROJECT, doc), "utf8")).filter((path) => !existsSync(join(PROJECT, path))).map((path) => `${doc}  ${path}`));
    expect(missing).toEqual([]);
  });

  it.each([
    ["src/app/App.tsx", "{/* The new page's title after a client-side link, said once (src/app/lib/arrival.ts). */}"],
    ["src/app/styles/tokens.css", "/* Design tokens: the only place colours, spacing, radii and type sizes are chosen. */"],
  ])("the comment reader finds comments of every kind: %s has %j", (file, comment) => {
    expect(commentsOf(file).map((c) => c.text)).toContain(comment.replace(/^\{|\}$/g, ""));
  });

  it.each([
    ["// Issue 16: the cards", true],
    ["/* see issue 7 */", true],
    ["// reissue 16 cards", false],
    ["// the issue is the cache", false],
  ])("the issue-number rule: %j → %s", (comment, flagged) => {
    expect(/\bissue \d+\b/i.test(comment)).toBe(flagged);
  });

  it.each([
    ["see src/build/worker-pool.ts.", ["src/build/worker-pool.ts"]],
    ["dist-server/src/x.js and node_modules/a/src/b", []],
    ["tests/e2e/*.spec.ts and src/<program>/", []],
    ["(tools/test/free-port.ts)", ["tools/test/free-port.ts"]],
  ])("paths read from %j", (text, paths) => {
    expect(pathsIn(text)).toEqual(paths);
  });
});
