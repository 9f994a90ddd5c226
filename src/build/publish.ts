import { spawn } from "node:child_process";
import {
  closeSync,
  existsSync,
  fsyncSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
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
 *   .builds/<id>/update-<pid>/   an in-place update of this build being made or applied (LiveUpdate)
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

/** The build folder `dist` points at, when it is one of ours and whole; null otherwise. An update left half-applied by a killed build is finished first (recoverUpdates). */
export function liveBuildDir(root: string): string | null {
  const dir = linkedBuildDir(root);
  if (dir !== null) recoverUpdates(dir);
  return dir;
}

function linkedBuildDir(root: string): string | null {
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

/** The folder, beside the builds, that keeps the content checks between builds, dev server and editor runs. */
export const CACHE_NAME = "cache";

/** The file of kept content checks (src/content/site-checks.ts) that the build, the dev server and the editor share. */
export const contentChecksStore = (root: string): string => join(buildsDir(root), CACHE_NAME, "content-checks.bin");

/** How `build --stage` begins the line that says where its staged build is (src/cli/build.ts), for the server that reads it. */
export const STAGED_MARK = "STAGED ";

const UPDATE_PREFIX = "update-";
const JOURNAL_FILE = "journal.json";

/** What an in-place update does once its journal is written: every file it moves into the live site, every file it removes, and the build's new completion. */
interface Journal {
  moved: string[];
  removed: string[];
  completion: Completion;
}

/**
 * A change to the live build made in place, for a rebuild that keeps the bundles: its cost follows
 * the change, not the site (a new build folder meant linking every file of the previous one, 60,000
 * at 10,000 pages). The changed files are written into `update-<pid>/site/` inside the live build,
 * beside their targets on the same file system; commit() then writes a journal naming every rename
 * and removal (the commit point: one rename of the journal into place), and applies it: each new
 * file replaces its target with one rename(2), so a visitor gets the old file or the new one, never
 * a missing or half-written one. A kill before the journal leaves the old site (the update folder
 * is discarded); a kill after it leaves an update that the next build, or `npm start`, finishes
 * before anything reads the site (recoverUpdates): the new site, whole.
 */
export class LiveUpdate {
  readonly dir: string;
  /** Where the new files go, by their path under site/. */
  readonly site: string;
  private readonly removed = new Set<string>();
  private committed = false;

  constructor(readonly buildDir: string) {
    this.dir = join(buildDir, `${UPDATE_PREFIX}${process.pid}`);
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(join(this.dir, "site"), { recursive: true });
    this.site = join(this.dir, "site");
  }

  /** A file of the live site (relative to site/) that the update removes. */
  remove(file: string): void {
    this.removed.add(file);
  }

  /** The files of the live site the update removes (relative to site/), but those it writes again. */
  removals(): string[] {
    const written = new Set(filesBelow(this.site));
    return [...this.removed].filter((f) => !written.has(f)).sort();
  }

  /** Writes the journal, then applies it. The new state file is written into the update folder first (`state`, its name in the build folder). */
  commit(completion: Completion, state: { name: string; text: string }): { moved: number; removed: number } {
    const moved = filesBelow(this.site);
    const staged = [...moved.map((f) => join(this.site, f)), join(this.dir, state.name)];
    writeFileSync(join(this.dir, state.name), state.text);
    // On disk before the journal names them: the journal is the promise that they are all there.
    for (const file of staged) syncFile(file);
    const replaced = new Set(moved);
    const journal: Journal = { moved, removed: [...this.removed].filter((f) => !replaced.has(f)).sort(), completion };
    const temp = join(this.dir, `${JOURNAL_FILE}.tmp`);
    writeFileSync(temp, JSON.stringify(journal));
    syncFile(temp);
    renameSync(temp, join(this.dir, JOURNAL_FILE));
    // From here the update is promised: if applying it fails, the journal stays for recoverUpdates to finish it.
    this.committed = true;
    applyJournal(this.buildDir, this.dir, journal);
    return { moved: moved.length, removed: journal.removed.length };
  }

  /** Leaves the live build as it was (an update whose journal is written is finished instead, by recoverUpdates). */
  discard(): void {
    if (!this.committed) return rmSync(this.dir, { recursive: true, force: true });
    try {
      recoverUpdates(this.buildDir);
    } catch {
      // The journal stays: the next build or `npm start` finishes the update.
    }
  }
}

function syncFile(file: string): void {
  const fd = openSync(file, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The files under a folder (relative, "/" between names): the update folder holds only what changed, so this walk is as small as the change. */
function filesBelow(dir: string): string[] {
  const found: string[] = [];
  const visit = (folder: string, prefix: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(join(folder, entry.name), `${prefix}${entry.name}/`);
      else found.push(`${prefix}${entry.name}`);
    }
  };
  visit(dir, "");
  return found.sort();
}

/**
 * Moves every new file over its target, removes the files the journal names (and folders left
 * empty), then replaces the state and the completion mark. Every step can run twice: a file
 * already moved is no longer in the update folder, a file already removed is not there to remove.
 */
function applyJournal(buildDir: string, updateDir: string, journal: Journal): void {
  const site = join(buildDir, "site");
  const made = new Set<string>();
  for (const file of journal.moved) {
    const target = join(site, file);
    const folder = dirname(target);
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    try {
      renameSync(join(updateDir, "site", file), target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  for (const file of journal.removed) {
    rmSync(join(site, file), { force: true });
    // A deleted page leaves no empty folder behind, as a full build would not have one.
    for (let folder = dirname(join(site, file)); folder !== site; folder = dirname(folder)) {
      try {
        rmdirSync(folder);
      } catch {
        break;
      }
    }
  }
  for (const name of readdirSync(updateDir))
    if (name !== "site" && name !== JOURNAL_FILE) {
      try {
        renameSync(join(updateDir, name), join(buildDir, name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
  markComplete(buildDir, journal.completion);
  rmSync(updateDir, { recursive: true, force: true });
}

/**
 * Finishes the in-place updates of `buildDir` that a killed process left with their journal
 * written, and discards those killed before it: afterwards the build is the old site or the new
 * one, whole. An update that a running process is still making (its pid alive) is left alone.
 */
export function recoverUpdates(buildDir: string): void {
  let names: string[];
  try {
    names = readdirSync(buildDir).filter((name) => name.startsWith(UPDATE_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name.slice(UPDATE_PREFIX.length));
    if (pid !== process.pid && processAlive(pid)) continue;
    const dir = join(buildDir, name);
    let journal: Journal | null = null;
    try {
      journal = JSON.parse(readFileSync(join(dir, JOURNAL_FILE), "utf8")) as Journal;
    } catch {
      journal = null;
    }
    if (journal) applyJournal(buildDir, dir, journal);
    else rmSync(dir, { recursive: true, force: true });
  }
}

function processAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
