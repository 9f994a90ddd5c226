import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Page, Site } from "../generated/schema-types.ts";
import { createValidators, type Validators } from "./ajv.ts";
import { checkAssets, checkIds, checkImages, checkImageSizes, checkLinks, checkPlaceholders, type CheckedFile } from "./check-links.ts";
import { checkPageRules } from "./check-page.ts";
import { loadYaml } from "./load.ts";
import { problem, sortProblems, type Problem } from "./problem.ts";
import { resolveChildCards, resolvePanels } from "./resolve-listings.ts";
import { buildRouteTable, isPageFile, routeOfFile, type RouteTable } from "./routes.ts";
import { checkSchemaLine } from "./schema-line.ts";
import { validateDocument } from "./validate.ts";

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
}

function walk(dir: string): string[] {
  let out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out = out.concat(walk(full));
    else out.push(full);
  }
  return out;
}

const rel = (from: string, to: string) => relative(from, to).split("\\").join("/");

const YAML_NAME = /\.ya?ml$/;

/**
 * Every file under site/ outside assets/, and a problem for each entry that could never be
 * read as a page: links (never followed, so nothing outside site/ gets in), folders named
 * like page files, and special files such as pipes (reading one would wait forever).
 */
function siteEntries(root: string, siteDir: string): { files: string[]; problems: Problem[] } {
  const files: string[] = [];
  const problems: Problem[] = [];
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (dir === siteDir && entry.name === "assets") continue;
      const report = (message: string, hint: string) => problems.push(problem(rel(root, full), { line: 1, col: 1 }, message, hint));
      if (entry.isSymbolicLink()) {
        if (YAML_NAME.test(entry.name) || isFolder(full)) report("this is a symbolic link, and links are not followed", "put the real file or folder under site/ instead of a link");
      } else if (entry.isDirectory()) {
        if (YAML_NAME.test(entry.name)) report("this is a folder, but its name ends in .yaml", "only page files end in .yaml; rename the folder");
        else visit(full);
      } else if (entry.isFile()) files.push(full);
      else if (YAML_NAME.test(entry.name)) report("this is not a regular file", "page files are plain text files");
    }
  };
  visit(siteDir);
  return { files, problems };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
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
    kept.splice(kept.indexOf(last) + 1, 0, problem(file, last, `and ${rest} more ${rest === 1 ? "problem" : "problems"} in this file`, "fix the ones above first"));
  }
  return kept;
}

let cached: { key: string; validators: Validators } | null = null;
function validatorsFor(schemaDir: string): Validators {
  const key = walk(schemaDir)
    .map((f) => `${f}:${statSync(f).mtimeMs}`)
    .join("|");
  if (cached?.key !== key) cached = { key, validators: createValidators(schemaDir) };
  return cached.validators;
}

/** Served paths of every file under site/assets: site/assets/a/b.svg → /a/b.svg */
export function listAssets(siteDir: string): Set<string> {
  const assetsDir = join(siteDir, "assets");
  try {
    return new Set(walk(assetsDir).map((f) => "/" + rel(assetsDir, f)));
  } catch {
    return new Set();
  }
}

/** Load, validate and cross-check every file under site/. Never throws for bad content. */
export function loadSiteContent(root: string, options: LoadOptions = {}): SiteContent {
  const siteDir = join(root, "site");
  const validators = validatorsFor(join(root, "schema"));
  const problems: Problem[] = [];
  const entries = siteEntries(root, siteDir);
  problems.push(...entries.problems);
  const yamlFiles = entries.files.filter((f) => YAML_NAME.test(f));
  const checked: CheckedFile[] = [];
  const pages: (CheckedFile & { route: string; aliases: string[]; data: Page; valid: boolean })[] = [];
  let siteFile: (CheckedFile & { data: Site; valid: boolean }) | null = null;

  for (const full of yamlFiles.sort()) {
    const file = rel(root, full);
    const inSite = rel(siteDir, full);
    if (inSite.endsWith(".yml")) {
      problems.push(problem(file, { line: 1, col: 1 }, "page files must end in .yaml", `rename it to ${inSite.replace(/\.yml$/, ".yaml")}`));
      continue;
    }
    if (inSite.split("/").some((part) => part.startsWith("."))) {
      problems.push(problem(file, { line: 1, col: 1 }, "names starting with . are hidden files, not pages", "give the file (and its folders) a name that starts with a letter or digit, such as page.yaml"));
      continue;
    }
    const isSettings = inSite === "_site.yaml";
    if (!isSettings && !isPageFile(inSite)) {
      problems.push(problem(file, { line: 1, col: 1 }, "files whose name starts with _ are not pages, and this one is not a known settings file", "the only settings file is site/_site.yaml; rename this file without the _ to make it a page"));
      continue;
    }
    const { loaded, problems: parseProblems } = loadYaml(file, readFileSync(full));
    problems.push(...parseProblems);
    if (!loaded) continue;
    const schemaLine = checkSchemaLine(file, inSite, loaded.text);
    if (schemaLine) problems.push(schemaLine);
    if (isSettings || !isPageFile(inSite)) {
      const { problems: p, refs } = validateDocument(loaded, "site", validators);
      problems.push(...p);
      siteFile = { file, loaded, refs, data: loaded.data as Site, valid: p.length === 0 };
      checked.push(siteFile);
      continue;
    }
    const { problems: p, refs } = validateDocument(loaded, "page", validators);
    problems.push(...p);
    const data = loaded.data as Page;
    const aliases = p.length === 0 ? (data.aliases ?? []) : Array.isArray((data as { aliases?: unknown })?.aliases) ? (data.aliases ?? []).filter((a) => typeof a === "string") : [];
    const page = { file, loaded, refs, route: routeOfFile(inSite), aliases, data, valid: p.length === 0 };
    if (page.valid) problems.push(...checkPageRules(file, loaded, data));
    pages.push(page);
    checked.push(page);
  }
  if (!yamlFiles.some((f) => rel(siteDir, f) === "_site.yaml")) {
    problems.push(problem("site/_site.yaml", { line: 1, col: 1 }, "the site settings file is missing", "create site/_site.yaml with the company name, header and footer"));
  }

  const { table, problems: routeProblems } = buildRouteTable(pages);
  problems.push(...routeProblems);
  const validPages = pages.filter((p) => p.valid);
  const { problems: listingProblems, addedIds } = resolveChildCards(validPages);
  problems.push(...listingProblems);
  if (siteFile?.valid) resolvePanels(siteFile.data, validPages);
  const idsByRoute = new Map<string, Set<string>>();
  for (const page of pages) {
    const { ids, problems: idProblems } = checkIds(page);
    for (const id of addedIds.get(page.route) ?? []) ids.add(id);
    idsByRoute.set(page.route, ids);
    problems.push(...idProblems);
  }
  const assets = listAssets(siteDir);
  for (const file of checked) {
    problems.push(...checkLinks(file, table, idsByRoute), ...checkAssets(file, assets), ...checkImages(file), ...checkImageSizes(file, join(siteDir, "assets")), ...checkPlaceholders(file));
  }

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
