import { statSync } from "node:fs";
import { join, relative } from "node:path";
import { filesUnder } from "../shared/files-under.ts";
import { COMPLETE_FILE, liveBuildDir, whyDistIncomplete } from "./publish.ts";

/** What the prerendered site is built from; a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = ["site", "src", "schema", "index.html", "vite.config.ts"];

function mtimeOrNull(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

const inNodeModules = (path: string, isFolder: boolean) => isFolder && path.split("/").at(-1) === "node_modules";

/** The first file at or under `path` changed after `sinceMs` (a folder's node_modules aside), or null. */
function newerFile(path: string, sinceMs: number): string | null {
  const files = filesUnder(path, { skip: inNodeModules });
  // A path that is itself a file (index.html, vite.config.ts) lists nothing as a folder.
  for (const file of files.length > 0 ? files : [path]) if ((mtimeOrNull(file) ?? -Infinity) > sinceMs) return file;
  return null;
}

/**
 * Why `npm start` must build first, or null when dist/ is up to date: dist/ must be a whole build
 * (its completion mark, written after every other file, is there; see publish.ts) that is newer
 * than every input.
 */
export function whyBuildNeeded(root: string): string | null {
  const incomplete = whyDistIncomplete(root);
  if (incomplete !== null) return incomplete;
  const stamp = mtimeOrNull(join(liveBuildDir(root)!, COMPLETE_FILE));
  if (stamp === null) return "dist/ does not point at a whole build";
  for (const input of BUILD_INPUTS) {
    const changed = newerFile(join(root, input), stamp);
    if (changed !== null) return `${relative(root, changed)} changed since the last build`;
  }
  return null;
}
