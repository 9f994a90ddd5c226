import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** What the prerendered site is built from; a change to any of these makes dist/ stale. */
export const BUILD_INPUTS = ["site", "src", "schema", "index.html", "vite.config.ts"];

export const BUILD_STAMP = "dist/.build-stamp";

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

/** Why `npm start` must build first, or null when dist/ is up to date. */
export function whyBuildNeeded(root: string): string | null {
  if (mtimeOrNull(join(root, "dist", "index.html")) === null) return "dist/index.html is missing";
  const stamp = mtimeOrNull(join(root, BUILD_STAMP));
  if (stamp === null) return `${BUILD_STAMP} is missing`;
  for (const input of BUILD_INPUTS) {
    const changed = newerFile(join(root, input), stamp);
    if (changed !== null) return `${relative(root, changed)} changed since the last build`;
  }
  return null;
}
