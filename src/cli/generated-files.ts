import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

/** A file a command generates from a source of truth (a schema, the block registry): where, and its text. */
export interface GeneratedFile {
  file: string;
  text: string;
}

/**
 * Writes each generated file, or with `check` only compares it with what is on disk, one line per
 * file ("wrote …", "… is up to date", "… is out of date: run <command>"). Returns whether any file
 * was out of date, for the caller's exit code; a file that does not exist yet counts as out of date.
 * `npm run docs` and `npm run gen:types` both go through it, so their check and their words agree.
 */
export function writeOrCheck(files: readonly GeneratedFile[], options: { check: boolean; root: string; command: string }): boolean {
  let stale = false;
  for (const { file, text } of files) {
    const name = relative(options.root, file);
    if (!options.check) {
      writeFileSync(file, text);
      console.log(`wrote ${name}`);
      continue;
    }
    const current = readIfThere(file);
    if (current === text) console.log(`${name} is up to date`);
    else {
      console.error(`${name} is out of date: run ${options.command}`);
      stale = true;
    }
  }
  return stale;
}

function readIfThere(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
