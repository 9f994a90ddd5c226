import { readdirSync, statSync, type Dirent } from "node:fs";
import { join, relative } from "node:path";
import { filesUnder } from "../shared/files-under.ts";
import type { Page, Site } from "../shared/generated/schema-types.ts";
import { createValidators, type Validators } from "./ajv.ts";
import { checkCourseFacts } from "./check-course-facts.ts";
import { checkFile, type FileCheck } from "./check-file.ts";
import { checkAssets, checkIds, checkLinks, type CheckedFile } from "./check-references.ts";
import { fillCounts } from "./counts.ts";
import { cardsPerPageOf } from "./listing-pages.ts";
import { lazyLoadedFile } from "./load.ts";
import { problem, sortProblems, type Problem } from "./problem.ts";
import { childIndex, resolveChildCards, resolvePanels } from "./resolve-listings.ts";
import { resolveSiteFacts } from "./site-facts.ts";
import { buildRouteTable, type RouteTable } from "./routes.ts";

/** A page that passed every check: what the renderer and the prerender receive. */
export interface ContentPage {
  file: string;
  route: string;
  aliases: string[];
  data: Page;
}

export interface SiteContent {
  site: Site | null;
  pages: ContentPage[];
  table: RouteTable;
  problems: Problem[];
  filesChecked: number;
  /** Absolute paths of every file read, for watchers. */
  files: string[];
}

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

/** One broken file can hold thousands of mistakes; its first ones are what the editor needs. */
export const MAX_PROBLEMS_PER_FILE = 50;

function firstProblemsOfEachFile(sorted: Problem[]): Problem[] {
  const kept: Problem[] = [];
  const countOf = new Map<string, number>();
  for (const p of sorted) {
    const count = (countOf.get(p.file) ?? 0) + 1;
    countOf.set(p.file, count);
    if (count <= MAX_PROBLEMS_PER_FILE) kept.push(p);
  }
  for (const [file, count] of countOf) {
    if (count <= MAX_PROBLEMS_PER_FILE) continue;
    const last = kept.findLast((p) => p.file === file)!;
    const rest = count - MAX_PROBLEMS_PER_FILE;
    kept.splice(
      kept.indexOf(last) + 1,
      0,
      problem(file, last, `and ${rest} more ${rest === 1 ? "problem" : "problems"} in this file`, "fix the ones above first"),
    );
  }
  return kept;
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

/** checkFile on each file (absolute paths), in order: in this thread, or in a worker of check-pool.ts. */
export const checkFiles = (root: string, files: readonly string[], validators = validatorsOf(root)): FileCheck[] =>
  files.map((full) => checkFile(root, full, validators));

/**
 * The checks that need the whole site (routes, listings, ids, links, assets), over the
 * per-file results of checkFile, in the order of `yaml.files`. A file's parsed tree is not
 * kept: a problem found here is placed by parsing that one file again (lazyLoadedFile).
 */
export function crossCheck(root: string, yaml: { files: string[]; problems: Problem[] }, results: FileCheck[], options: LoadOptions = {}): SiteContent {
  const siteDir = join(root, "site");
  const yamlFiles = yaml.files;
  const problems: Problem[] = [...yaml.problems];
  const checked: CheckedFile[] = [];
  const pages: (CheckedFile & { route: string; aliases: string[]; data: Page; valid: boolean })[] = [];
  let siteFile: (CheckedFile & { data: Site; valid: boolean }) | null = null;
  for (const [i, result] of results.entries()) {
    problems.push(...result.problems);
    if (!result.loaded) continue;
    const { kind, data, valid, refs, route, aliases } = result.loaded;
    const loaded = lazyLoadedFile(result.file, yamlFiles[i]!, data, options.texts?.get(result.file));
    if (kind === "site") {
      siteFile = { file: result.file, loaded, refs, data: data as Site, valid };
      checked.push(siteFile);
      continue;
    }
    const page = { file: result.file, loaded, refs, route: route!, aliases: aliases ?? [], data: data as Page, valid };
    pages.push(page);
    checked.push(page);
  }
  if (!yamlFiles.some((f) => rel(siteDir, f) === "_site.yaml")) {
    problems.push(
      problem("site/_site.yaml", { line: 1, col: 1 }, "the site settings file is missing", "create site/_site.yaml with the company name, header and footer"),
    );
  }

  const { table, problems: routeProblems } = buildRouteTable(pages);
  problems.push(...routeProblems);
  const validPages = pages.filter((p) => p.valid);
  for (const page of validPages) problems.push(...checkCourseFacts(page));
  // Counts are filled before listings copy cards from page to page, so a card's {count} is its own page's.
  problems.push(...fillCounts(validPages, siteFile?.valid ? siteFile : null));
  // The counts are spent once the texts are filled; the settings every page carries to the browser leave them out.
  if (siteFile?.valid) delete siteFile.data.counts;
  const below = childIndex(validPages);
  const { problems: listingProblems, addedIds } = resolveChildCards(validPages, below, cardsPerPageOf(siteFile?.valid ? siteFile.data : null));
  problems.push(...listingProblems);
  if (siteFile?.valid) {
    resolvePanels(siteFile.data, validPages, below);
    problems.push(...resolveSiteFacts(siteFile.data, validPages));
  }
  const idsByRoute = new Map<string, Set<string>>();
  for (const page of pages) {
    const { ids, problems: idProblems } = checkIds(page);
    for (const id of addedIds.get(page.route) ?? []) ids.add(id);
    idsByRoute.set(page.route, ids);
    problems.push(...idProblems);
  }
  const assets = listAssets(siteDir);
  for (const file of checked) problems.push(...checkLinks(file, table, idsByRoute), ...checkAssets(file, assets));

  const only = options.only?.map((f) => f.split("\\").join("/").replace(/^\.\//, ""));
  const reported = only ? problems.filter((p) => only.includes(p.file)) : problems;
  return {
    site: siteFile?.valid ? siteFile.data : null,
    pages: pages.filter((p) => p.valid).map(({ file, route, aliases, data }) => ({ file, route, aliases, data })),
    table,
    problems: firstProblemsOfEachFile(sortProblems(reported)),
    filesChecked: only ? only.length : yamlFiles.length,
    files: yamlFiles,
  };
}
