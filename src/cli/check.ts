import type { Browser } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatProblem } from "../content/format-problems.ts";
import { loadYaml } from "../content/load.ts";
import { sortProblems, type Problem } from "../content/problem.ts";
import { isPageFile, routeOfFile } from "../content/routes.ts";
import { loadSiteContent } from "../content/site.ts";
import { DEFAULT_CHROMIUM_PATH } from "../build/chromium.ts";
import { checkPage, launchChromium, pageReport, serveBuilt } from "../build/page-check.ts";
import { isEntryPoint, readOptions, usageError } from "./options.ts";

/**
 * npm run check -- site/<file>.yaml
 * Everything `validate` says about one page, then the page itself: built as in production in a
 * temporary folder, then the page check (src/build/page-check.ts, the one the editor's publish
 * runs): served on 127.0.0.1, opened in Chromium, checked with axe-core, an SEO lint and its
 * structured data. Each finding points at the YAML line it comes from where it can be traced (else line 1).
 * Exit 0 clean, 1 findings, 2 usage error.
 */
const PROJECT = join(fileURLToPath(import.meta.url), "../../..");
const USAGE = "usage: npm run check -- site/<file>.yaml";

function usage(message: string): never {
  return usageError(USAGE, message);
}

/** A project root in a temporary folder that builds `siteRoot`'s site/ with this project's code. */
export function buildRootFor(siteRoot: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "nexa-check-"));
  for (const entry of readdirSync(PROJECT)) {
    if (["site", "schema", "dist", ".builds", ".tmp", ".git"].includes(entry)) continue;
    // The entry HTML and the config are copied: Vite names outputs by their path relative to the root.
    if (entry === "index.html" || entry.startsWith("vite.config.")) copyFileSync(join(PROJECT, entry), join(dir, entry));
    else symlinkSync(join(PROJECT, entry), join(dir, entry));
  }
  symlinkSync(join(siteRoot, "site"), join(dir, "site"));
  symlinkSync(existsSync(join(siteRoot, "schema")) ? join(siteRoot, "schema") : join(PROJECT, "schema"), join(dir, "schema"));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Run src/cli/build.ts in `dir`; the site lands in dir/dist. */
export function buildIn(dir: string): { ok: boolean; output: string } {
  const run = spawnSync(join(PROJECT, "node_modules", ".bin", "tsx"), [join(PROJECT, "src", "cli", "build.ts")], { cwd: dir, encoding: "utf8" });
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

/** The command on `args`, paths read from `cwd`: the exit code. A usage error exits at once (options.ts). */
export async function runCheck(args: readonly string[], cwd = process.cwd()): Promise<number> {
  const { values, positionals: files } = readOptions({}, USAGE, [...args]);
  const root = resolve(cwd, values.root);
  if (files.length !== 1) usage(files.length === 0 ? "name the page file to check" : "check one page file at a time");
  const abs = resolve(root, files[0]!);
  const inSite = relative(join(root, "site"), abs).split("\\").join("/");
  if (!existsSync(abs)) usage(`no such file: ${files[0]}`);
  if (inSite.startsWith("../") || !inSite.endsWith(".yaml")) usage(`${files[0]} is not a YAML file under site/`);
  if (!isPageFile(inSite)) usage(`${files[0]} is not a page (site/_site.yaml is drawn on every page: check any page to check it)`);
  const file = `site/${inSite}`;
  const route = routeOfFile(inSite);

  const content = loadSiteContent(root);
  const own = content.problems.filter((p) => p.file === file);
  const print = (problems: Problem[]) => sortProblems(problems).forEach((p) => console.log(formatProblem(p)));
  if (content.problems.length > 0) {
    print(own);
    const elsewhere = new Set(content.problems.filter((p) => p.file !== file).map((p) => p.file)).size;
    console.log(
      own.length > 0
        ? `${own.length} ${own.length === 1 ? "problem" : "problems"} in ${file}; fix ${own.length === 1 ? "it" : "them"} and run the check again to test the page in a browser`
        : `${file} is fine, but ${elsewhere} other ${elsewhere === 1 ? "file has" : "files have"} problems (npm run validate lists them), so the page could not be built`,
    );
    return 1;
  }

  const started = performance.now();
  const { loaded } = loadYaml(file, readFileSync(abs));
  const settingsFile = "site/_site.yaml";
  const settings = loadYaml(settingsFile, readFileSync(join(root, settingsFile))).loaded;
  const work = buildRootFor(root);
  let server: Server | undefined;
  let browser: Browser | undefined;
  try {
    const built = buildIn(work.dir);
    if (!built.ok) {
      console.error(built.output.trim());
      console.log(`${file}: the site did not build, so the page was not checked in a browser`);
      return 1;
    }
    const site = { site: join(work.dir, "dist"), under: null, removed: [] };
    const served = await serveBuilt(site);
    server = served.server;
    let problems: Problem[];
    try {
      browser = await launchChromium();
      problems = await checkPage(browser, {
        base: served.base,
        built: site,
        route,
        file,
        loaded: loaded!,
        settings: settings ? { file: settingsFile, loaded: settings } : undefined,
        content,
      });
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      console.error(`The browser could not be started or could not open the page: ${why}`);
      console.error(`npm run check needs Chromium at ${DEFAULT_CHROMIUM_PATH} (Debian's chromium package), or CHROMIUM_PATH set to another one.`);
      return 2;
    }
    pageReport(problems, route, (performance.now() - started) / 1000).forEach((line) => console.log(line));
    return problems.length > 0 ? 1 : 0;
  } finally {
    await browser?.close();
    server?.close();
    work.cleanup();
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await runCheck(process.argv.slice(2));
