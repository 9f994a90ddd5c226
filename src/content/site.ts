import { readdirSync, statSync, type Dirent } from "node:fs";
import { join, relative } from "node:path";
import { filesUnder } from "../shared/files-under.ts";
import { createValidators, type Validators } from "./ajv.ts";
import { checkFile, type FileCheck } from "./check-file.ts";
import { CrossChecks, type SiteContent } from "./cross-checks.ts";
import { problem, type Problem } from "./problem.ts";

export type { ContentPage, SiteContent } from "./cross-checks.ts";
export { MAX_PROBLEMS_PER_FILE } from "./cross-checks.ts";

export interface LoadOptions {
  /** Report problems of these files only (paths relative to the project root); links still resolve against the whole site. */
  only?: string[];
  /** Texts that stand in for files on disk (relative path → text), where a cross-file problem is placed: the editor's unsaved text. */
  texts?: ReadonlyMap<string, string>;
}

const rel = (from: string, to: string) => relative(from, to).split("\\").join("/");

const YAML_NAME = /\.ya?ml$/;

/** What a directory entry is when it is neither a regular file, a folder nor a link, in plain words. */
function specialKind(entry: Dirent): string {
  if (entry.isFIFO()) return "a named pipe";
  if (entry.isSocket()) return "a socket";
  if (entry.isBlockDevice() || entry.isCharacterDevice()) return "a device file";
  return "a special file";
}

const SYMLINK_PROBLEM = { message: "this is a symbolic link, and links are not followed", hint: "put the real file or folder under site/ instead of a link" };

/**
 * Only regular files and folders inside site/ are content. Returns every file under site/
 * outside assets/, and a problem for each entry anywhere under site/ (assets included) that
 * is not one: links (never followed, so nothing outside site/ gets in, and the build refuses
 * to copy them into dist/), pipes, sockets and devices (reading one could wait forever), and
 * folders named like page files.
 */
function siteEntries(root: string, siteDir: string): { files: string[]; problems: Problem[] } {
  const files: string[] = [];
  const problems: Problem[] = [];
  const visit = (dir: string, inAssets: boolean) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      const report = (message: string, hint: string) => problems.push(problem(rel(root, full), { line: 1, col: 1 }, message, hint));
      if (entry.isSymbolicLink()) report(SYMLINK_PROBLEM.message, SYMLINK_PROBLEM.hint);
      else if (entry.isDirectory()) {
        if (!inAssets && YAML_NAME.test(entry.name)) report("this is a folder, but its name ends in .yaml", "only page files end in .yaml; rename the folder");
        else visit(full, inAssets || (dir === siteDir && entry.name === "assets"));
      } else if (entry.isFile()) {
        if (!inAssets) files.push(full);
      } else report(`this is ${specialKind(entry)}, not a regular file`, "only plain files and folders belong under site/; delete it");
    }
  };
  visit(siteDir, false);
  return { files, problems };
}

let cached: { key: string; validators: Validators } | null = null;
function validatorsFor(schemaDir: string): Validators {
  const key = filesUnder(schemaDir)
    .map((f) => `${f}:${statSync(f).mtimeMs}`)
    .join("|");
  if (cached?.key !== key) cached = { key, validators: createValidators(schemaDir) };
  return cached.validators;
}

/** Served paths of every file under site/assets: site/assets/a/b.svg → /a/b.svg */
export function listAssets(siteDir: string): Set<string> {
  const assetsDir = join(siteDir, "assets");
  // Only regular files count, so a link or a pipe under site/ never becomes part of the site (siteEntries reports them).
  return new Set(filesUnder(assetsDir, { relative: true }).map((f) => `/${f}`));
}

/** The YAML files under site/ (outside assets/), sorted, and the problems of entries that are not plain files or folders. */
export function siteYamlFiles(root: string): { files: string[]; problems: Problem[] } {
  const entries = siteEntries(root, join(root, "site"));
  return { files: entries.files.filter((f) => YAML_NAME.test(f)).sort(), problems: entries.problems };
}

/** Load, validate and cross-check every file under site/. Never throws for bad content. */
export function loadSiteContent(root: string, options: LoadOptions = {}): SiteContent {
  const yaml = siteYamlFiles(root);
  return crossCheck(root, yaml, checkFiles(root, yaml.files), options);
}

/** The validators for a project's schema/ folder (compiled once per process while the schemas stay the same). */
export const validatorsOf = (root: string): Validators => validatorsFor(join(root, "schema"));

/** checkFile on each file (absolute paths), in order: in this thread, or in a worker of check-pool.ts (checkManyInWorkers). */
export const checkFiles = (root: string, files: readonly string[], validators = validatorsOf(root)): FileCheck[] =>
  files.map((full) => checkFile(root, full, validators));

/**
 * The checks that need the whole site (routes, listings, ids, links, assets), over the
 * per-file results of checkFile, in the order of `yaml.files`: the incremental checks of
 * cross-checks.ts run from an empty state. A file's parsed tree is not kept: a problem found
 * here is placed by parsing that one file again (lazyLoadedFile).
 */
export function crossCheck(root: string, yaml: { files: string[]; problems: Problem[] }, results: FileCheck[], options: LoadOptions = {}): SiteContent {
  return new CrossChecks(root, () => listAssets(join(root, "site"))).update(yaml, results, options.texts).content(options.only ? { only: options.only } : {});
}
