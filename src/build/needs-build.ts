import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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

function newerFile(path: string, sinceMs: number): string | null {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return null;
  }
  if (!stats.isDirectory()) return stats.mtimeMs > sinceMs ? path : null;
  for (const entry of readdirSync(path)) {
    if (entry === "node_modules") continue;
    const found = newerFile(join(path, entry), sinceMs);
    if (found !== null) return found;
  }
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
