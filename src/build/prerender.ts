import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { blockSource } from "../app/blocks/registry.ts";
import { pageEntries } from "../content/page-entries.ts";
import type { SiteContent } from "../content/site.ts";
import type { PageEntry } from "../app/entry-server.tsx";
import type { Site } from "../shared/generated/schema-types.ts";
import { canonicalUrl } from "../shared/canonical-url.ts";
import { escapeHtml, jsonForHtml } from "../shared/html.ts";
import { dataPathOf, PAGE_DATA_ID } from "../shared/data-paths.ts";
import { inWorkers, PARALLEL_FROM } from "./worker-pool.ts";
import { securityHeaders, STRICT_TRANSPORT_SECURITY } from "../server/security-headers.ts";
import { BROTLI_QUALITY, CompressQueue } from "./precompress.ts";

type ServerEntry = {
  render(url: string, entry: PageEntry): Promise<string>;
  site: Site;
};

type ViteManifest = Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] }>;


/** `/careers` → dist/careers/index.html; `/` → dist/index.html */
export function htmlPathOf(outDir: string, url: string): string {
  return url === "/" ? join(outDir, "index.html") : join(outDir, url.slice(1), "index.html");
}

/**
 * The JS files the blocks of a page need beyond the entry, for <link rel="modulepreload"> so
 * hydration does not wait on a waterfall (the entry script loads them before it hydrates).
 */
export function blockPreloads(manifest: ViteManifest, entry: PageEntry): string[] {
  if (entry.route === null) return [];
  // A project whose src/ is a symbolic link (npm run check's build root) has keys relative to the link's target.
  const keyOf = (source: string) => (manifest[source] ? source : Object.keys(manifest).find((k) => k.endsWith(`/${source}`)));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file) || chunk.isEntry) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  for (const type of new Set(entry.page.sections.map((s) => s.type))) {
    const key = keyOf(blockSource(type));
    if (!key) throw new Error(`The client build has no chunk for ${blockSource(type)} (the ${type} block)`);
    visit(key);
  }
  return [...files].sort();
}

/**
 * React's renderToString puts the image preloads it derives (eager pictures, fetchPriority)
 * in front of the markup, inside <div id="root">. They belong in <head>, where the browser
 * finds them before it parses the body; hydration skips them either way.
 */
export function hoistPreloads(html: string): { preloads: string[]; body: string } {
  const leading = /^<link rel="preload"[^>]*\/?>/;
  const preloads: string[] = [];
  let body = html;
  for (let m = leading.exec(body); m; m = leading.exec(body)) {
    preloads.push(m[0].replace(/\/>$/, " />"));
    body = body.slice(m[0].length);
  }
  return { preloads, body };
}

/**
 * dist/_headers (Netlify and Cloudflare Pages format): the headers `npm start` sends, for a
 * static host or CDN. It is always HTTPS there, so Strict-Transport-Security is included.
 */
export function headersFile(apiBase: string | undefined): string {
  const all = { ...securityHeaders({ apiBase }), "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY };
  return [
    "# The security headers of `npm start` (src/server/security-headers.ts), for a static host or CDN.",
    "/*",
    ...Object.entries(all).map(([name, value]) => `  ${name}: ${value}`),
    "",
    "# Hashed file names: a file under /assets/ never changes.",
    "/assets/*",
    "  Cache-Control: public, max-age=31536000, immutable",
    "",
    "# Page data keeps its name across deploys, like the HTML, so it is revalidated.",
    "/_data/*",
    "  Cache-Control: no-cache",
    "",
  ].join("\n");
}

/** What <head> gets for one address, on top of index.html's own tags. */
export interface HeadInput {
  site: Site;
  /** The address being written (for an alias, not its page's route). */
  url: string;
  entry: PageEntry;
  /** JS files to modulepreload, and the image preloads React derived. */
  preloads: string[];
  imagePreloads: string[];
  /** Tags another build step adds: the share picture and structured data (src/build/seo). */
  extra: string[];
}

/** Head tags a build step adds for a page by its route (null: the not-found page). */
export type ExtraHead = (route: string | null) => string[];

/** The tags of one page's <head>: title, description, canonical or noindex, social tags and preloads. */
export function head({ site, url, entry, preloads, imagePreloads, extra }: HeadInput): string {
  const page = entry.route === null ? null : entry.page;
  const canonical = canonicalUrl(site.url, url, entry.route);
  const title = escapeHtml(page ? page.title : `Page not found | ${site.company}`);
  const description = escapeHtml(page ? page.description : `The page you asked for does not exist on the ${site.company} website.`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    entry.route === null ? `<meta name="robots" content="noindex" />` : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.company)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...extra,
    ...preloads.map((f) => `<link rel="modulepreload" href="/${f}" />`),
    ...imagePreloads,
  ].join("\n    ");
}

/** sitemap.xml: each primary route once (aliases are not listed: they point at their page). */
export function sitemapXml(siteUrl: string, primaryRoutes: string[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...[...primaryRoutes].sort().map((r) => `  <url><loc>${escapeHtml(canonicalUrl(siteUrl, r, r))}</loc></url>`),
    `</urlset>`,
    "",
  ].join("\n");
}

export interface PrerenderResult {
  /** The HTML files. */
  files: string[];
  primaryRoutes: string[];
  /** Every file written, each already compressed as it was written (precompress skips them). */
  written: Set<string>;
}

/** One address to write: its data, and the head tags other build steps made for it. */
export type PageJob = [url: string, entry: PageEntry, extra: string[]];

/** What every page is made from. */
export interface PageWriterInput {
  outDir: string;
  serverEntryFile: string;
  /**
   * The client build's index.html, read once before any page is written: the home page is written
   * over that very file, so a prerender worker that read it later would take the home page for its template.
   */
  template: string;
  manifest: ViteManifest;
}

/**
 * Writes pages into outDir: the same template, manifest and server renderer for every page.
 * Each HTML file carries its data in a `<script type="application/json">` block (data, not
 * script: the CSP is untouched) and the data goes to dist/_data/ for client-side navigation;
 * each file is compressed on zlib's threads while the next page renders.
 */
export async function pageWriter({ outDir, serverEntryFile, template, manifest }: PageWriterInput) {
  const entry = (await import(pathToFileURL(serverEntryFile).href)) as ServerEntry;
  const { site } = entry;
  const lang = site.language ?? "en";
  const compress = new CompressQueue(BROTLI_QUALITY.pages);
  const madeDirs = new Set<string>();
  const written = new Set<string>();
  const write = async (file: string, text: string) => {
    const dir = dirname(file);
    if (!madeDirs.has(dir)) mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
    writeFileSync(file, text);
    written.add(file);
    await compress.add(file, text);
  };
  const html = async ([url, pageEntry, extra]: PageJob) => {
    const { preloads, body } = hoistPreloads(await entry.render(url, pageEntry));
    const data = `<script type="application/json" id="${PAGE_DATA_ID}">${jsonForHtml(pageEntry)}</script>`;
    return template
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
      .replace("<!--app-head-->", () => head({ site, url, entry: pageEntry, preloads: blockPreloads(manifest, pageEntry), imagePreloads: preloads, extra }))
      .replace("<!--app-html-->", () => body)
      .replace("</body>", () => `  ${data}\n  </body>`);
  };
  return {
    site,
    write,
    compress,
    written,
    /** Write one address's HTML (to `file`, by default its own path) and, for a page, its data file; returns the files, HTML first. */
    async page(job: PageJob, file = htmlPathOf(outDir, job[0])): Promise<string[]> {
      const [url, pageEntry] = job;
      await write(file, await html(job));
      if (pageEntry.route === null) return [file];
      const data = join(outDir, dataPathOf(url).slice(1));
      await write(data, JSON.stringify(pageEntry));
      return [file, data];
    },
  };
}

/**
 * Render every route and alias into outDir (see pageWriter), plus 404.html, sitemap.xml,
 * robots.txt and _headers. From PARALLEL_FROM addresses on, the pages are rendered on one
 * worker thread per core, each with a capped heap, so time and memory stay linear in pages.
 * Returns the files written and what was compressed, so precompress can skip them.
 */
export async function prerender(outDir: string, serverEntryFile: string, content: SiteContent, extraHead: ExtraHead = () => []): Promise<PrerenderResult> {
  const input: PageWriterInput = {
    outDir,
    serverEntryFile,
    template: readFileSync(join(outDir, "index.html"), "utf8"),
    manifest: JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as ViteManifest,
  };
  const writer = await pageWriter(input);
  const entries = pageEntries(content);
  const jobAt = (i: number): PageJob => [entries[i]![0], entries[i]![1], extraHead(entries[i]![1].route)];
  const perPage: string[][] = [];
  if (entries.length >= PARALLEL_FROM) perPage.push(...(await inWorkers<PageJob, string[]>(new URL("./prerender-worker.ts", import.meta.url), input, entries.length, jobAt, { batch: 25, heapMb: 128 })));
  else for (let i = 0; i < entries.length; i++) perPage.push(await writer.page(jobAt(i)));
  perPage.push(await writer.page(["/404", { route: null }, extraHead(null)], join(outDir, "404.html")));

  const { site } = writer;
  const primaryRoutes = content.pages.map((p) => p.route).sort();
  await writer.write(join(outDir, "sitemap.xml"), sitemapXml(site.url, primaryRoutes));
  await writer.write(join(outDir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  // The API base the bundle was built with (.env files or the environment), so connect-src matches it.
  // Vite is imported here, not at the top, so the prerender workers, which import this module, do not load it.
  const { loadEnv } = await import("vite");
  await writer.write(join(outDir, "_headers"), headersFile(loadEnv("production", process.cwd(), "VITE_").VITE_API_BASE));
  await writer.compress.drain();
  return { files: perPage.map((f) => f[0]!), primaryRoutes, written: new Set([...perPage.flat(), ...writer.written]) };
}
