import { realpathSync, statSync, type Stats } from "node:fs";
import { join, sep } from "node:path";

export interface StaticFile {
  /** Real path on disk, always inside the site directory. */
  filePath: string;
  stats: Stats;
}

// `.well-known` is the one dot-folder a site may publish (security.txt and friends).
function isRefusedSegment(segment: string): boolean {
  return segment === ".." || segment === "." || (segment.startsWith(".") && segment !== ".well-known");
}

/** The decoded path segments of a URL path, or null when it could escape or hide something. */
export function safeSegments(urlPath: string): string[] | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter((segment) => segment !== "");
  return segments.some(isRefusedSegment) ? null : segments;
}

function isInside(root: string, candidate: string): boolean {
  return candidate === root || candidate.startsWith(root + sep);
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

// Resolves symlinks so a link inside the site cannot point at a file outside it.
function fileInside(root: string, path: string): StaticFile | null {
  const stats = statOrNull(path);
  if (!stats?.isFile()) return null;
  const filePath = realpathSync(path);
  return isInside(root, filePath) ? { filePath, stats } : null;
}

/**
 * Maps a URL path to a file of the prerendered site: `/x/y`, `/x/y/` and `/x/y/index.html`
 * all reach `x/y/index.html`. `root` must be a real (symlink-free) absolute path.
 */
export function resolveStaticFile(root: string, urlPath: string): StaticFile | null {
  const segments = safeSegments(urlPath);
  if (segments === null) return null;
  const candidate = join(root, ...segments);
  if (!isInside(root, candidate)) return null;
  if (urlPath.endsWith("/")) return fileInside(root, join(candidate, "index.html"));
  return fileInside(root, candidate) ?? fileInside(root, join(candidate, "index.html"));
}
