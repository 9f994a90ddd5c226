import type { Browser } from "@playwright/test";
import { createReadStream, existsSync, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { extname, join, normalize } from "node:path";
import { formatProblem } from "../content/format-problems.ts";
import type { LoadedFile } from "../content/load.ts";
import { locate } from "../content/locate.ts";
import { problem, sortProblems, type Problem } from "../content/problem.ts";
import type { SiteContent } from "../content/site.ts";
import { sourceOf, type RenderedElement } from "../content/source-of.ts";
import { axeViolations, withAxe } from "./axe.ts";
import { behaviourChromiumPath, CHROMIUM_ARGS } from "./chromium.ts";
import { structuredDataFindings } from "./seo/check-findings.ts";

/**
 * The page check, one implementation for `npm run check` (src/cli/check.ts) and the editor's
 * publish (src/server/editor/page-checker.ts): a built page served on 127.0.0.1, opened in
 * Chromium, checked with axe-core, an SEO lint and its structured data
 * (src/build/seo/check-findings.ts), each finding placed at the YAML line it comes from where it
 * can be traced (else line 1). The caller builds the site and starts the browser: the command
 * for one run, the server once for many publishes.
 */

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

/**
 * A built site as a visitor would get it: the files of `site`, then those of `under` (the live
 * build an update in place is staged over; null for a whole build) but for the `removed` ones.
 */
export interface BuiltSite {
  site: string;
  under: string | null;
  removed: string[];
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile();

/** The file an address of the built site is served from (`/route` → `route/index.html`), or null. */
export function builtFile(built: BuiltSite, path: string): string | null {
  const relative = normalize(`.${path}`).replace(/^\/+/, "");
  if (relative.startsWith("..")) return null;
  for (const name of relative === "." || relative === "" ? ["index.html"] : [relative, join(relative, "index.html")]) {
    if (isFile(join(built.site, name))) return join(built.site, name);
    if (built.under !== null && !built.removed.includes(name) && isFile(join(built.under, name))) return join(built.under, name);
  }
  return null;
}

/** A page's HTML as built, or null when the build has no such page. */
export function builtHtml(built: BuiltSite, route: string): string | null {
  const file = builtFile(built, route);
  return file === null ? null : readFileSync(file, "utf8");
}

/** The built site on 127.0.0.1 and a free port: files as they are, /route → /route/index.html, anything else the not-found page. */
export function serveBuilt(built: BuiltSite): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const found = builtFile(built, path);
    const file = found ?? builtFile(built, "/404.html");
    res.writeHead(found === null ? 404 : 200, { "content-type": TYPES[extname(file ?? "")] ?? "application/octet-stream" });
    if (file === null) res.end();
    else createReadStream(file).pipe(res);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done({ server, base: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/**
 * Chromium as the check drives it: the headless shell when it is installed, as the end-to-end
 * tests' axe checks use it (nothing here is measured in pixels). Loaded when first needed: the
 * server imports this module, and starts no browser until a publish.
 */
export async function launchChromium(): Promise<Browser> {
  const { chromium } = await import("@playwright/test");
  return chromium.launch({ executablePath: behaviourChromiumPath(), args: [...CHROMIUM_ARGS] });
}

/** `<nav class="_nav_x" aria-label="On this page">…` → `<nav aria-label="On this page">`: the element as an editor can recognise it. */
export function openingTag(html: string): string {
  const tag = /^<[^>]*>/.exec(html.trim())?.[0] ?? html.slice(0, 80);
  return tag.replace(/\s(class|style|data-[\w-]+)="[^"]*"/g, "");
}

/**
 * The little of the DOM that the functions run inside the page read. src/build is compiled for
 * Node, without the DOM's types; these functions are sent to the browser and run there, where
 * `globalThis.document` is the page's document.
 */
export interface PageElement {
  id: string;
  tagName: string;
  innerText?: string;
  parentElement: PageElement | null;
  getAttribute(name: string): string | null;
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
}
export interface PageDocument {
  title: string;
  documentElement: { dataset: Record<string, string | undefined> };
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  getAnimations(): { effect: { getComputedTiming(): { iterations?: number } } | null; finished: Promise<unknown> }[];
}
export type PageGlobal = { document: PageDocument };

/** The page opened in a new context of `browser`; axe-core's violations and the SEO lint, as findings. */
export async function inspect(browser: Browser, url: string, loaded: LoadedFile): Promise<Finding[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await withAxe(context);
    const page = await context.newPage();
    page.on("dialog", (d) => void d.accept());
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto(url, { waitUntil: "load" });
    const findings: Finding[] = [];
    try {
      await page.waitForFunction(() => (globalThis as unknown as PageGlobal).document.documentElement.dataset.hydrated === "true", undefined, {
        timeout: 15_000,
      });
    } catch {
      findings.push({
        message: `the page did not start in the browser${errors.length > 0 ? `: ${errors[0]}` : ""}`,
        hint: "this is a fault in the site's code, not in the page file: tell a developer",
      });
    }
    await page.evaluate(() =>
      Promise.all(
        (globalThis as unknown as PageGlobal).document
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
          .evaluate((node) => {
            const el = node as unknown as PageElement;
            const target = el.closest("a, button") ?? el;
            // What surrounds the element, nearest first: ids and headings lead back to its section.
            const around: { id?: string; text?: string }[] = [];
            for (let at = el.parentElement; at && at.tagName !== "MAIN" && at.tagName !== "BODY"; at = at.parentElement) {
              if (at.id) around.push({ id: at.id });
              const heading = at.querySelector("h1, h2, h3, h4");
              if (heading) around.push({ text: (heading.innerText ?? "").trim() });
            }
            return {
              around,
              id: el.id || target.id || undefined,
              src: el.getAttribute("src") ?? undefined,
              href: target.getAttribute("href") ?? undefined,
              label: el.getAttribute("aria-label") ?? el.getAttribute("alt") ?? undefined,
              text: el.innerText?.slice(0, 300) || undefined,
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
    const facts = await page.evaluate((): PageFacts => {
      const document = (globalThis as unknown as PageGlobal).document;
      return {
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? null,
        h1s: [...document.querySelectorAll("h1")].map((h) => (h.innerText ?? "").trim()),
        imagesWithoutAlt: [...document.querySelectorAll("main img:not([alt])")].map((i) => i.getAttribute("src") ?? ""),
        headings: [...document.querySelectorAll("main h1, main h2, main h3, main h4, main h5, main h6")].map((h) => ({
          level: Number(h.tagName[1]),
          text: (h.innerText ?? "").trim(),
        })),
      };
    });
    return [...findings, ...seoFindings(facts, loaded)];
  } finally {
    await context.close();
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

/** What one page's check needs beside the browser: the built site served at `base`, the page, and the site's content. */
export interface PageToCheck {
  base: string;
  built: BuiltSite;
  route: string;
  /** The page's file, relative to the project (site/…yaml), and its YAML as read. */
  file: string;
  loaded: LoadedFile;
  /** The site settings' YAML: a finding in the header or footer is placed there. */
  settings?: { file: string; loaded: LoadedFile } | undefined;
  content: SiteContent;
}

/** The check of one built page: axe-core and the SEO lint in the browser, then its structured data; the problems at their YAML lines. */
export async function checkPage(browser: Browser, page: PageToCheck): Promise<Problem[]> {
  const findings = await inspect(browser, page.base + page.route, page.loaded);
  // What search engines read besides the HTML: course facts that could not be read, and JSON-LD the built page lacks.
  findings.push(...structuredDataFindings(page.content, page.route, builtHtml(page.built, page.route), page.loaded));
  return place(findings, page.file, page.loaded, page.settings);
}

/** The check's report of one page: each problem at its line, then the one-line verdict. */
export function pageReport(problems: Problem[], route: string, seconds: number): string[] {
  const time = `${seconds.toFixed(1)}s`;
  return [
    ...sortProblems(problems).map(formatProblem),
    problems.length === 0
      ? `No findings on ${route}: content, accessibility (axe-core), SEO and structured-data checks passed (${time})`
      : `${problems.length} ${problems.length === 1 ? "finding" : "findings"} on ${route} (${time})`,
  ];
}
