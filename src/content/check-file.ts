import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { Page } from "../shared/generated/schema-types.ts";
import type { CollectedRef, Validators } from "./ajv.ts";
import { checkImages, checkImageSizes, checkPlaceholders } from "./check-references.ts";
import { checkPageRules } from "./check-page.ts";
import { loadYaml } from "./load.ts";
import { problem, type Problem } from "./problem.ts";
import { isPageFile, routeOfFile } from "./routes.ts";
import { checkSchemaLine } from "./schema-line.ts";
import { validateDocument } from "./validate.ts";

/**
 * What one YAML file under site/ gives when checked on its own: its problems, and, when it
 * parsed, its data and the links, assets and ids it holds for the cross-file checks.
 * Plain data only, so a worker thread can hand it back (see check-pool.ts).
 */
export interface FileCheck {
  /** Path relative to the project root, as problems name it. */
  file: string;
  problems: Problem[];
  /**
   * The pictures whose size the check read (their address → fileStamp): the check holds
   * only while they are as they were. Absent when it read none.
   */
  pictures?: Record<string, string>;
  loaded?: {
    kind: "site" | "page";
    data: unknown;
    valid: boolean;
    refs: CollectedRef[];
    /** Pages only. */
    route?: string;
    aliases?: string[];
  };
}

const rel = (from: string, to: string) => relative(from, to).split("\\").join("/");

/**
 * Everything about one file that needs no other file: where it may live, YAML, its schema,
 * the page rules, images (alt text and shape), placeholders left by a starter.
 * `bytes` checks a text that is not on disk yet (the browser editor's unsaved text) as if it were the file.
 * Never throws for bad content.
 */
export function checkFile(root: string, full: string, validators: Validators, bytes?: Uint8Array): FileCheck {
  const siteDir = join(root, "site");
  const file = rel(root, full);
  const inSite = rel(siteDir, full);
  const refused = (message: string, hint: string): FileCheck => ({ file, problems: [problem(file, { line: 1, col: 1 }, message, hint)] });
  if (inSite.endsWith(".yml")) return refused("page files must end in .yaml", `rename it to ${inSite.replace(/\.yml$/, ".yaml")}`);
  if (inSite.split("/").some((part) => part.startsWith("."))) {
    return refused(
      "names starting with . are hidden files, not pages",
      "give the file (and its folders) a name that starts with a letter or digit, such as page.yaml",
    );
  }
  const isSettings = inSite === "_site.yaml";
  if (!isSettings && !isPageFile(inSite)) {
    return refused(
      "files whose name starts with _ are not pages, and this one is not a known settings file",
      "the only settings file is site/_site.yaml; rename this file without the _ to make it a page",
    );
  }
  const { loaded, problems } = loadYaml(file, bytes ?? readFileSync(full));
  if (!loaded) return { file, problems };
  const schemaLine = checkSchemaLine(file, inSite, loaded.text);
  if (schemaLine) problems.push(schemaLine);
  const kind = isSettings ? "site" : "page";
  const { problems: schemaProblems, refs } = validateDocument(loaded, kind, validators);
  problems.push(...schemaProblems);
  const valid = schemaProblems.length === 0;
  const checked = { file, loaded, refs };
  const read: Record<string, string> = {};
  problems.push(...checkImages(checked), ...checkImageSizes(checked, join(siteDir, "assets"), read), ...checkPlaceholders(checked));
  const pictures = Object.keys(read).length > 0 ? { pictures: read } : {};
  if (kind === "site") return { file, problems, ...pictures, loaded: { kind, data: loaded.data, valid, refs } };
  const data = loaded.data as Page;
  if (valid) problems.push(...checkPageRules(file, loaded, data));
  return { file, problems, ...pictures, loaded: { kind, data, valid, refs, route: routeOfFile(inSite), aliases: aliasesOf(data, valid) } };
}

/** The aliases a page claims: all of them when it is valid, else those that are at least texts. */
function aliasesOf(data: Page, valid: boolean): string[] {
  if (valid) return data.aliases ?? [];
  const aliases = (data as { aliases?: unknown } | null)?.aliases;
  return Array.isArray(aliases) ? aliases.filter((a): a is string => typeof a === "string") : [];
}
