import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import type { Page, Site } from "../generated/schema-types.ts";
import { createValidators, type Validators } from "./ajv.ts";
import { checkAssets, checkIds, checkImages, checkLinks, type CheckedFile } from "./check-links.ts";
import { checkPageRules } from "./check-page.ts";
import { loadYaml } from "./load.ts";
import { problem, sortProblems, type Problem } from "./problem.ts";
import { resolveChildCards, resolvePanels } from "./resolve-listings.ts";
import { buildRouteTable, isPageFile, routeOfFile, type RouteTable } from "./routes.ts";
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
  const yamlFiles = walk(siteDir).filter((f) => !rel(siteDir, f).startsWith("assets/") && /\.ya?ml$/.test(f));
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
    const isSettings = inSite === "_site.yaml";
    if (!isSettings && !isPageFile(inSite)) {
      problems.push(problem(file, { line: 1, col: 1 }, "files whose name starts with _ are not pages, and this one is not a known settings file", "the only settings file is site/_site.yaml; rename this file without the _ to make it a page"));
      continue;
    }
    const { loaded, problems: parseProblems } = loadYaml(file, readFileSync(full));
    problems.push(...parseProblems);
    if (!loaded) continue;
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
    problems.push(...checkLinks(file, table, idsByRoute), ...checkAssets(file, assets), ...checkImages(file));
  }

  const only = options.only?.map((f) => f.split("\\").join("/").replace(/^\.\//, ""));
  const reported = only ? problems.filter((p) => only.includes(p.file)) : problems;
  return {
    site: siteFile?.valid ? siteFile.data : null,
    pages: pages.filter((p) => p.valid).map(({ file, route, aliases, data }) => ({ file, route, aliases, data })),
    table,
    problems: sortProblems(reported),
    filesChecked: only ? only.length : yamlFiles.length,
    files: yamlFiles,
  };
}
