import { posix } from "node:path";
import { problem, type Problem } from "./problem.ts";

/**
 * Every file under site/ starts with a comment that tells the editor's YAML extension
 * (redhat.vscode-yaml) which schema it follows, so completion, hover help and red
 * squiggles work while typing. The path is relative, so it works in any checkout.
 */
const PREFIX = "# yaml-language-server: $schema=";

/** The schema line for a file at `inSite` (path relative to site/), which is a page unless it is _site.yaml. */
export function schemaLineFor(inSite: string): string {
  const schema = inSite === "_site.yaml" ? "site.schema.json" : "page.schema.json";
  const up = posix.relative(posix.dirname(posix.join("site", inSite)), "schema");
  return `${PREFIX}${up}/${schema}`;
}

/** A missing or wrong schema line, as a problem on line 1. */
export function checkSchemaLine(file: string, inSite: string, text: string): Problem | null {
  const expected = schemaLineFor(inSite);
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const first = lines[0]!.trimEnd();
  if (first === expected) return null;
  const fix = `make line 1: ${expected}`;
  const at = lines.findIndex((l) => l.includes("yaml-language-server:"));
  if (at > 0) return problem(file, { line: at + 1, col: 1 }, "the schema line must be the very first line of the file", `move it to the top; ${fix}`);
  if (at === 0) {
    const named = /\$schema=(\S*)/.exec(first)?.[1] ?? "";
    return problem(
      file,
      { line: 1, col: 1 },
      `the schema line points to "${named}", which is not the ${inSite === "_site.yaml" ? "site settings" : "page"} schema from this folder`,
      fix,
    );
  }
  return problem(
    file,
    { line: 1, col: 1 },
    "the file does not start with the schema line, so editors cannot show help or spot mistakes as you type",
    `${fix} (npm run migrate adds it)`,
  );
}

/** `text` with its schema line added or corrected. */
export function withSchemaLine(inSite: string, text: string): string {
  const expected = schemaLineFor(inSite);
  const lines = text.split("\n");
  const at = lines.findIndex((l) => l.includes("yaml-language-server:") && l.trimStart().startsWith("#"));
  if (at >= 0) lines.splice(at, 1);
  return [expected, ...lines].join("\n");
}
