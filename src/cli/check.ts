import { chromium } from "@playwright/test";
import { spawnSync } from "node:child_process";
import { copyFileSync, createReadStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { formatProblem } from "../content/format-problems.ts";
import { loadYaml, type LoadedFile } from "../content/load.ts";
import { locate } from "../content/locate.ts";
import { problem, sortProblems, type Problem } from "../content/problem.ts";
import { isPageFile, routeOfFile } from "../content/routes.ts";
import { loadSiteContent } from "../content/site.ts";
import { sourceOf, type RenderedElement } from "../content/source-of.ts";
import { structuredDataFindings } from "../build/seo/check-findings.ts";
import { CHROMIUM_ARGS, chromiumPath, DEFAULT_CHROMIUM_PATH } from "../build/chromium.ts";
import { axeViolations, withAxe } from "./axe.ts";
import { isEntryPoint, readOptions, usageError } from "./options.ts";

/**
 * npm run check -- site/<file>.yaml
 * Everything `validate` says about one page, then the page itself: built as in production,
 * served on 127.0.0.1, opened in Chromium, checked with axe-core, an SEO lint and its
 * structured data (src/build/seo/check-findings.ts). Each
 * finding points at the YAML line it comes from where it can be traced (else line 1).
 * Exit 0 clean, 1 findings, 2 usage error.
 */
const PROJECT = join(fileURLToPath(import.meta.url), "../../..");
const USAGE = "usage: npm run check -- site/<file>.yaml";

/** Plain advice for the axe rules page content can trigger; other rules link to axe's own explanation. */
const AXE_HINTS: Record<string, string> = {
  "landmark-unique": "two parts of the page have the same label; give one of them a different label (for example navLabel)",
  "image-redundant-alt": "the alt text repeats the text next to the picture; describe what the picture shows instead",
  "image-alt": 'describe the picture in alt, or set decorative: true with alt: ""',
  "link-name": "give the link or button words that say where it goes",
  "color-contrast": "the text is hard to read on its background; this comes from the design, not the page file: tell a developer",
  "heading-order": "headings must go down one level at a time",
  "duplicate-id": "each id may be used once per page",
  "duplicate-id-aria": "each id may be used once per page",
  "page-has-heading-one": "give the first section a heading",
};

/** A page the SEO lint looks at, as read in the browser. */
interface PageFacts {
  title: string;
  description: string | null;
  h1s: string[];
  imagesWithoutAlt: string[];
  headings: { level: number; text: string }[];
}

export interface Finding {
  /** What rendered the finding, to trace it back to the YAML. */
  element?: RenderedElement;
  /** Where it is in the YAML, when known without searching. */
  at?: { line: number; col: number };
  message: string;
  hint?: string;
}

/** The SEO lint: title and description lengths, one h1, alt on every picture, no skipped heading level. */
export function seoFindings(facts: PageFacts, loaded: LoadedFile): Finding[] {
  const findings: Finding[] = [];
  const title = facts.title.length;
  if (title < 10 || title > 60) {
    findings.push({
      at: locate(loaded, ["title"]),
      message: `SEO: the title is ${title} characters long`,
      hint: title > 60 ? "search results cut titles after about 60 characters: shorten it" : "write a title of at least 10 characters",
    });
  }
  const description = facts.description?.length ?? 0;
  if (description < 70 || description > 160) {
    findings.push({
      at: locate(loaded, ["description"]),
      message: `SEO: the description is ${description} characters long`,
      hint: description > 160 ? "search results show about 160 characters: shorten it" : "write at least 70 characters, one or two full sentences",
    });
  }
  if (facts.h1s.length !== 1) {
    findings.push(
      facts.h1s.length === 0
        ? { at: locate(loaded, ["sections", 0]), message: "SEO: the page has no main heading (h1)", hint: "give the first section a heading" }
        : {
            element: { text: facts.h1s[1]! },
            message: `SEO: the page has ${facts.h1s.length} main headings (h1)`,
            hint: "only the first section's heading should be the main heading",
          },
    );
  }
  for (const src of facts.imagesWithoutAlt)
    findings.push({ element: { src }, message: `SEO: the picture ${src} has no alt text`, hint: 'describe it in alt, or set decorative: true with alt: ""' });
  facts.headings.forEach((h, i) => {
    const before = facts.headings[i - 1];
    if (before && h.level > before.level + 1) {
      findings.push({
        element: { text: h.text },
        message: `SEO: the heading "${h.text}" is an h${h.level} right after an h${before.level}`,
        hint: "heading levels must not skip; use the block's own heading",
      });
    }
  });
  return findings;
}

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

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain",
};

/** The built site on 127.0.0.1 and a free port: files as they are, /route → /route/index.html. */
export function serve(distDir: string): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    let file = resolve(distDir, `.${path}`);
    if (!file.startsWith(distDir)) file = join(distDir, "404.html");
    else if (existsSync(file) && statSync(file).isDirectory()) file = join(file, "index.html");
    if (!existsSync(file)) file = join(distDir, "404.html");
    res.writeHead(file.endsWith("404.html") && !path.endsWith("404.html") ? 404 : 200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** `<nav class="_nav_x" aria-label="On this page">…` → `<nav aria-label="On this page">`: the element as an editor can recognise it. */
export function openingTag(html: string): string {
  const tag = /^<[^>]*>/.exec(html.trim())?.[0] ?? html.slice(0, 80);
  return tag.replace(/\s(class|style|data-[\w-]+)="[^"]*"/g, "");
}

/** Open the page in Chromium; axe-core's violations and the SEO lint, as findings. */
export async function inspect(url: string, loaded: LoadedFile): Promise<Finding[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await withAxe(context);
    const page = await context.newPage();
    page.on("dialog", (d) => void d.accept());
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url, { waitUntil: "load" });
    const findings: Finding[] = [];
    try {
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 15_000 });
    } catch {
      findings.push({
        message: `the page did not start in the browser${errors.length > 0 ? `: ${errors[0]}` : ""}`,
        hint: "this is a fault in the site's code, not in the page file: tell a developer",
      });
    }
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
    for (const v of await axeViolations(page)) {
      for (const node of v.nodes) {
        const selector = node.target.map(String).join(" ");
        const element = await page
          .locator(selector)
          .first()
          .evaluate((el) => {
            const target = el.closest("a, button") ?? el;
            // What surrounds the element, nearest first: ids and headings lead back to its section.
            const around: { id?: string; text?: string }[] = [];
            for (let at = el.parentElement; at && at.tagName !== "MAIN" && at.tagName !== "BODY"; at = at.parentElement) {
              if (at.id) around.push({ id: at.id });
              const heading = at.querySelector("h1, h2, h3, h4");
              if (heading) around.push({ text: (heading as HTMLElement).innerText.trim() });
            }
            return {
              around,
              id: el.id || target.id || undefined,
              src: el.getAttribute("src") ?? undefined,
              href: target.getAttribute("href") ?? undefined,
              label: el.getAttribute("aria-label") ?? el.getAttribute("alt") ?? undefined,
              text: (el as HTMLElement).innerText?.slice(0, 300) || undefined,
              inFrame: Boolean(el.closest("body > #root > header, body > #root > footer")),
            };
          })
          .catch(() => undefined);
        const hint = AXE_HINTS[v.id] ?? `see ${v.helpUrl}`;
        findings.push({
          ...(element ? { element } : {}),
          message: `accessibility: ${v.help} [${v.id}, ${v.impact ?? "minor"}] on ${openingTag(node.html)}`,
          hint,
        });
      }
    }
    const facts = await page.evaluate((): PageFacts => ({
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
      h1s: [...document.querySelectorAll("h1")].map((h) => (h as HTMLElement).innerText.trim()),
      imagesWithoutAlt: [...document.querySelectorAll("main img:not([alt])")].map((i) => i.getAttribute("src") ?? ""),
      headings: [...document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6")].map((h) => ({
        level: Number(h.tagName[1]),
        text: (h as HTMLElement).innerText.trim(),
      })),
    }));
    return [...findings, ...seoFindings(facts, loaded)];
  } finally {
    await browser.close();
  }
}

/** Findings as problems: the page's own YAML line where the element can be traced, _site.yaml for the header and footer, else line 1. */
export function place(findings: Finding[], file: string, loaded: LoadedFile, settings?: { file: string; loaded: LoadedFile }): Problem[] {
  return findings.map((f) => {
    if (f.at) return problem(file, f.at, f.message, f.hint);
    const element = f.element as (RenderedElement & { inFrame?: boolean; around?: RenderedElement[] }) | undefined;
    if (element) {
      const own = element.inFrame ? undefined : (sourceOf(loaded, element) ?? element.around?.map((a) => sourceOf(loaded, a)).find(Boolean));
      if (own) return problem(file, own, f.message, f.hint);
      const frame = settings ? sourceOf(settings.loaded, element) : undefined;
      if (frame && settings) return problem(settings.file, frame, f.message, f.hint);
    }
    return problem(file, { line: 1, col: 1 }, f.message, f.hint);
  });
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
  try {
    const built = buildIn(work.dir);
    if (!built.ok) {
      console.error(built.output.trim());
      console.log(`${file}: the site did not build, so the page was not checked in a browser`);
      return 1;
    }
    const served = await serve(join(work.dir, "dist"));
    server = served.server;
    let findings: Finding[];
    try {
      findings = await inspect(served.base + route, loaded!);
      // What search engines read besides the HTML: course facts that could not be read, and JSON-LD the built page lacks.
      findings.push(...structuredDataFindings(content, route, join(work.dir, "dist"), loaded!));
    } catch (error) {
      const why = error instanceof Error ? error.message.split("\n")[0] : String(error);
      console.error(`The browser could not be started or could not open the page: ${why}`);
      console.error(`npm run check needs Chromium at ${DEFAULT_CHROMIUM_PATH} (Debian's chromium package), or CHROMIUM_PATH set to another one.`);
      return 2;
    }
    const problems = place(findings, file, loaded!, settings ? { file: settingsFile, loaded: settings } : undefined);
    print(problems);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      problems.length === 0
        ? `No findings on ${route}: content, accessibility (axe-core), SEO and structured-data checks passed (${seconds}s)`
        : `${problems.length} ${problems.length === 1 ? "finding" : "findings"} on ${route} (${seconds}s)`,
    );
    return problems.length > 0 ? 1 : 0;
  } finally {
    server?.close();
    work.cleanup();
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await runCheck(process.argv.slice(2));
