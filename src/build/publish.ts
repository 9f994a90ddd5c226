import { spawn } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";

/**
 * Where builds live and how one goes live. Each build is written into a folder of its own,
 * `.builds/<id>/`, whose `site/` is what visitors get; `dist` is a symbolic link to the live
 * one's `site/`, switched by one rename(2), so `npm start` (which reads through the link on
 * every request) serves the old site or the new one, whole, never a mix and never a gap.
 *
 *   .builds/<id>/site/           the files served (dist → here)
 *   .builds/<id>/server/         the server renderer, kept so the next build can reuse it
 *   .builds/<id>/state.json      what the next build needs to redo only what changed
 *   .builds/<id>/complete.json   written last: a build without it is not whole, and never goes live
 */
export const BUILDS_DIR = ".builds";
export const COMPLETE_FILE = "complete.json";

export interface Completion {
  builtAt: string;
  /** HTML files of this build (pages and aliases). Counted by the prerender: walking a 10,000-page site/ to count its files took seconds. */
  htmlFiles: number;
  /** The previous build's hashed assets kept for pages that are still open (relative to site/). */
  carried: string[];
}

export const buildsDir = (root: string): string => join(root, BUILDS_DIR);

/** A new, empty build folder. */
export function newBuildDir(root: string): string {
  const dir = join(buildsDir(root), `${new Date().toISOString().replace(/[-:.]/g, "").replace("T", "-").slice(0, 15)}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, "site"), { recursive: true });
  return dir;
}

/** The build folder `dist` points at, when it is one of ours and whole; null otherwise. */
export function liveBuildDir(root: string): string | null {
  const dist = join(root, "dist");
  try {
    if (!lstatSync(dist).isSymbolicLink()) return null;
    const site = realpathSync(dist);
    const dir = dirname(site);
    if (basename(site) !== "site" || dirname(dir) !== realpathSync(buildsDir(root))) return null;
    return existsSync(join(dir, COMPLETE_FILE)) ? dir : null;
  } catch {
    return null;
  }
}

/** Why dist/ is not a whole build that `npm start` can serve (null: it is). */
export function whyDistIncomplete(root: string): string | null {
  const dist = join(root, "dist");
  let stats;
  try {
    stats = lstatSync(dist);
  } catch {
    return "dist/ is missing";
  }
  if (!stats.isSymbolicLink()) return "dist/ is from an older build (not a link to a whole build)";
  if (liveBuildDir(root) === null) return "dist/ does not point at a whole build";
  return null;
}

export function readCompletion(buildDir: string): Completion | null {
  try {
    return JSON.parse(readFileSync(join(buildDir, COMPLETE_FILE), "utf8")) as Completion;
  } catch {
    return null;
  }
}

/** Marks a build whole. Written after every other file of the build, so its presence proves they are all there. */
export function markComplete(buildDir: string, completion: Completion): void {
  const file = join(buildDir, COMPLETE_FILE);
  writeFileSync(`${file}.tmp`, JSON.stringify(completion, null, 1) + "\n");
  renameSync(`${file}.tmp`, file);
}

/**
 * Points dist at this build with one atomic rename of a new link over the old one. A dist/ left
 * as a real folder by an older build is first moved into .builds/ (that one move cannot be atomic).
 */
export function goLive(root: string, buildDir: string): void {
  const dist = join(root, "dist");
  const target = relative(root, join(buildDir, "site"));
  try {
    if (!lstatSync(dist).isSymbolicLink()) renameSync(dist, join(buildsDir(root), `older-${process.pid}`));
  } catch {
    // no dist yet
  }
  const link = join(root, `.dist-${process.pid}.tmp`);
  rmSync(link, { force: true });
  symlinkSync(target, link, "dir");
  renameSync(link, dist);
}

/**
 * Removes every build folder but `keep` (half-written ones of killed builds included), and stray
 * links of killed switches. A build folder holds a file per page and more (60,000 at 10,000 pages),
 * and deleting them took longer than a one-page rebuild itself, so the folders are only renamed
 * into a trash folder here (one rename each, the same file system) and a detached `rm -rf` deletes
 * them after this process has moved on. A trash folder left by a killed `rm` is taken up again by
 * the next call.
 */
export function removeOtherBuilds(root: string, keep: string[]): void {
  const kept = new Set(keep.map((dir) => basename(dir)));
  const dir = buildsDir(root);
  if (existsSync(dir)) {
    const unwanted = readdirSync(dir).filter((name) => !kept.has(name) && name !== CACHE_NAME);
    if (unwanted.length > 0) {
      const trash = join(dir, `${TRASH_PREFIX}${process.pid}-${Date.now()}`);
      mkdirSync(trash);
      for (const name of unwanted) renameSync(join(dir, name), join(trash, name));
      spawn("rm", ["-rf", "--", trash], { detached: true, stdio: "ignore" }).unref();
    }
  }
  for (const name of readdirSync(root)) if (/^\.dist-\d+\.tmp$/.test(name)) rmSync(join(root, name), { force: true });
}

/** How the folders of builds being deleted in the background begin. */
export const TRASH_PREFIX = "trash-";

/** The folder, beside the builds, that keeps the content checks between builds (content-cache.ts). */
export const CACHE_NAME = "cache";
