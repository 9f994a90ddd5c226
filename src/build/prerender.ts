import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createHash, hash } from "node:crypto";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { blockSource } from "../shared/block-source.ts";
import { pageEntries, primaryAddresses } from "../content/page-entries.ts";
import { shownPages } from "../content/listing-pages.ts";
import type { SiteContent } from "../content/site.ts";
import type { PageEntry } from "../shared/page-entry.ts";
import type { Site } from "../shared/generated/schema-types.ts";
import { absoluteUrl, canonicalUrl } from "../shared/canonical-url.ts";
import { neighbourPages } from "../shared/listing-pages.ts";
import { escapeHtml, jsonForHtml } from "../shared/html.ts";
import { dataPathOf, PAGE_DATA_ID, SITE_DATA_ID, siteDataFile } from "../shared/data-paths.ts";
import { inWorkers, PARALLEL_FROM } from "./worker-pool.ts";
import { securityHeaders, STRICT_TRANSPORT_SECURITY } from "../shared/security-headers.ts";

type ServerEntry = {
  render(url: string, entry: PageEntry, site: Site): Promise<string>;
};

export type ViteManifest = Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] }>;

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
    "# The security headers of `npm start` (src/shared/security-headers.ts), for a static host or CDN.",
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
  /** The site settings' file (relative to outDir), which every page preloads. */
  siteFile: string;
  /** JS files to modulepreload, and the image preloads React derived. */
  preloads: string[];
  imagePreloads: string[];
  /** Tags another build step adds: the share picture and structured data (src/build/seo). */
  extra: string[];
}

/**
 * Head tags a build step adds to a page by its route (null: the not-found page), and what they
 * are made from besides the page's data, the site settings and the code (src/build/seo SeoBuild).
 */
export interface PageHead {
  headFor(route: string | null): string[];
  inputsOf(route: string | null): string;
}

/**
 * A numbered page of a split listing, and its first page, name the pages before and after them
 * (`<link rel="prev">`, `rel="next"`), as search engines and browsers read a paginated series.
 */
export function neighbourLinks(site: Site, entry: PageEntry): string[] {
  const place = entry.route === null ? undefined : entry.page.sections.find((s) => s.type === "childCards" && s.pagination);
  if (place?.type !== "childCards" || !place.pagination) return [];
  const { prev, next } = neighbourPages(place.pagination);
  return [
    ...(prev ? [`<link rel="prev" href="${escapeHtml(absoluteUrl(site.url, prev))}" />`] : []),
    ...(next ? [`<link rel="next" href="${escapeHtml(absoluteUrl(site.url, next))}" />`] : []),
  ];
}

/**
 * The preloads of what hydration reads: the site settings' file, and the page's data file (the
 * not-found page has none: it carries its tiny data inline). `crossorigin` makes the preload a
 * same-origin CORS request, as a plain fetch() is, so the entry's fetch of the same address takes its response.
 */
export function dataPreloads(url: string, entry: PageEntry, siteFile: string): string[] {
  const link = (id: string, href: string) => `<link rel="preload" id="${id}" href="${escapeHtml(href)}" as="fetch" crossorigin />`;
  return [link(SITE_DATA_ID, `/${siteFile}`), ...(entry.route === null ? [] : [link(PAGE_DATA_ID, dataPathOf(url))])];
}

/** The tags of one page's <head>: title, description, canonical or noindex, the neighbours of a numbered page, social tags and preloads. */
export function head({ site, url, entry, siteFile, preloads, imagePreloads, extra }: HeadInput): string {
  const page = entry.route === null ? null : entry.page;
  const canonical = canonicalUrl(site.url, url, entry.route);
  const title = escapeHtml(page ? page.title : `Page not found | ${site.company}`);
  const description = escapeHtml(page ? page.description : `The page you asked for does not exist on the ${site.company} website.`);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    entry.route === null ? `<meta name="robots" content="noindex" />` : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...neighbourLinks(site, entry),
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.company)}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    ...extra,
    ...dataPreloads(url, entry, siteFile),
    ...preloads.map((f) => `<link rel="modulepreload" href="/${f}" />`),
    ...imagePreloads,
  ].join("\n    ");
}

/** sitemap.xml: each primary route once, numbered pages of split listings included (aliases are not listed: they point at their page). */
export function sitemapXml(siteUrl: string, primaryRoutes: string[]): string {
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`,
    ...[...primaryRoutes].sort().map((r) => `  <url><loc>${escapeHtml(canonicalUrl(siteUrl, r, r))}</loc></url>`),
    `</urlset>`,
    "",
  ].join("\n");
}

/** One address to write: its data, the head tags other build steps made for it, and the file it comes from (for errors). */
export type PageJob = [url: string, entry: PageEntry, extra: string[], source: string, file?: string];

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
  /** The site settings: drawn into every page, and written once, as the file every page preloads (siteDataFile). */
  site: Site;
}

/** A page that could not be drawn: the build stops and names it. */
export class PrerenderError extends Error {
  override name = "PrerenderError";
}

/**
 * Replace a file by a new one (never write into it): the files of the previous build are linked
 * into a new build, not copied, and writing through a link would change the live site. Returns
 * whether there was a file to replace. In a full build there never is: the exclusive create
 * spares the lookup and unlink each file would otherwise cost (three per file with its copies).
 */
function replaceFile(file: string, data: string | Buffer): boolean {
  try {
    writeFileSync(file, data, { flag: "wx" });
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  rmSync(file, { force: true });
  writeFileSync(file, data);
  return true;
}

/**
 * Writes pages into outDir: the same template, manifest and server renderer for every page.
 * A page's data goes to dist/_data/ (for client-side navigation and for its own hydration) and
 * the site settings to one file all pages share (prerender writes it): each HTML file preloads
 * both rather than carrying a second copy of either (the not-found page, which has no data file,
 * carries its data in a `<script type="application/json">` block: data, not script, so the CSP is
 * untouched). The files get no compressed copies: the server makes and keeps them when a page is
 * first asked for (src/server/compress-on-the-fly.ts), so a page is two files to create, not four.
 */
export async function pageWriter({ outDir, serverEntryFile, template, manifest, site }: PageWriterInput) {
  // Loaded at the first page drawn here: a rebuild whose pages the build's helper draws (PrerenderOptions.drawFew) never loads it.
  let entry: Promise<ServerEntry> | undefined;
  const render: ServerEntry["render"] = async (...args) => (await (entry ??= loadServerEntry(serverEntryFile))).render(...args);
  const lang = site.language ?? "en";
  const siteJson = JSON.stringify(site);
  const siteFile = siteDataFile(createHash("sha256").update(siteJson).digest("hex").slice(0, 16));
  const madeDirs = new Set<string>();
  const written = new Set<string>();
  const write = (file: string, text: string) => {
    const dir = dirname(file);
    if (!madeDirs.has(dir)) mkdirSync(dir, { recursive: true });
    madeDirs.add(dir);
    // A file's compressed copies are linked with it, so a file that was not there has none to remove.
    if (replaceFile(file, text)) {
      rmSync(`${file}.br`, { force: true });
      rmSync(`${file}.gz`, { force: true });
    }
    written.add(file);
  };
  const html = async ([url, pageEntry, extra, source]: PageJob) => {
    let rendered: string;
    try {
      rendered = await render(url, pageEntry, site);
    } catch (error) {
      throw new PrerenderError(`${source}: ${url} could not be drawn: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const { preloads, body } = hoistPreloads(rendered);
    const data = pageEntry.route === null ? `  <script type="application/json" id="${PAGE_DATA_ID}">${jsonForHtml(pageEntry)}</script>\n  ` : "";
    return template
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
      .replace("<!--app-head-->", () =>
        head({ site, url, entry: pageEntry, siteFile, preloads: blockPreloads(manifest, pageEntry), imagePreloads: preloads, extra }),
      )
      .replace("<!--app-html-->", () => body)
      .replace("</body>", () => `${data}</body>`);
  };
  return {
    site,
    /** The site settings' file every page preloads, relative to outDir, and its text. */
    siteFile,
    siteJson,
    write,
    written,
    /** Write one address's HTML (to `file`, by default its own path) and, for a page, its data file; returns the files, HTML first. */
    async page(job: PageJob, file = job[4] ?? htmlPathOf(outDir, job[0])): Promise<string[]> {
      const [url, pageEntry] = job;
      write(file, await html(job));
      if (pageEntry.route === null) return [file];
      const data = join(outDir, dataPathOf(url).slice(1));
      write(data, JSON.stringify(pageEntry));
      return [file, data];
    },
  };
}

/** The server bundle's renderer (entry-server.tsx as built): about 0.1 s to load, React and every block. */
export const loadServerEntry = async (file: string): Promise<ServerEntry> => (await import(pathToFileURL(file).href)) as ServerEntry;

/** Writes `jobs` one after another with `writer` (the prerender workers, the build's helper thread): each one's files, HTML first. */
export async function drawPages(writer: PageWriter, jobs: readonly PageJob[]): Promise<string[][]> {
  const files: string[][] = [];
  for (const job of jobs) files.push(await writer.page(job));
  return files;
}

export type PageWriter = Awaited<ReturnType<typeof pageWriter>>;

/** The files one address was written to (relative to outDir), and the digest of everything they were made from. */
export interface PageRecord {
  digest: string;
  files: string[];
}

function readOrNull(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}

/** Per address (and "404.html" for the not-found page): what the build wrote, for the next build to reuse. */
export type PageState = Record<string, PageRecord>;

export interface PrerenderResult {
  /** How many HTML files the site has (the addresses, and 404.html). */
  htmlFiles: number;
  primaryRoutes: string[];
  /** Every file written (precompress leaves them to the server, which compresses them when first asked for). */
  written: Set<string>;
  state: PageState;
  /** Addresses drawn this time (the others were the previous build's, unchanged). */
  rendered: number;
  /** The site settings' file the pages preload, relative to outDir. */
  siteFile: string;
  /** Files of the previous build (relative to its site/) that this one no longer has: the files of removed addresses, and those a redrawn address no longer writes. */
  stale: string[];
}

export interface PrerenderOptions {
  /** Digest of everything every page is made from besides its own data (code, template, site settings). */
  sharedDigest: string;
  /**
   * The live build's pages and its site/ folder: an address whose digest matches keeps its files
   * there, and outDir receives only what changed (publish.ts LiveUpdate). The site-wide files
   * (sitemap, robots.txt, _headers) are written only when they differ from the live ones.
   */
  previous?: { pages: PageState; site: string } | undefined;
  /** The API base the bundle was built with (.env files or the environment), so connect-src matches it. */
  apiBase: string | null;
  /**
   * The digest of a page's data when it is its file's data as the content gives it
   * (SiteChecks.pageDataDigest), kept with the checks: the page's digest then needs no JSON of
   * its data. Otherwise (no such function, a numbered page of a split listing) the data's JSON
   * is digested here.
   */
  pageDataDigest?: (file: string, data: unknown) => string | undefined;
  /**
   * Draws fewer than PARALLEL_FROM pages on another thread whose renderer is loaded already (the
   * build's helper, build-site.ts), rather than loading it here: about 0.1 s of a rebuild.
   */
  drawFew?: ((input: PageWriterInput, jobs: PageJob[]) => Promise<string[][]>) | undefined;
}

const NOT_FOUND_KEY = "404.html";

/**
 * Render every route and alias into outDir (see pageWriter), plus 404.html, sitemap.xml,
 * robots.txt and _headers. An address whose inputs have the same digest as in the previous
 * build keeps that build's files. From PARALLEL_FROM addresses to draw on, the pages are
 * rendered on one worker thread per core, each with a capped heap, so time and memory stay
 * linear in pages. Returns the files written, so precompress can skip them.
 */
export async function prerender(input: PageWriterInput, content: SiteContent, pageHead: PageHead, options: PrerenderOptions): Promise<PrerenderResult> {
  const { outDir } = input;
  const writer = await pageWriter(input);
  const sourceOf = new Map(shownPages(content).map((p) => [p.route, p.file]));
  /** An address to write: its key in the state, what it shows, the file it comes from. */
  type Address = [key: string, url: string, entry: PageEntry, source: string];
  const addresses: Address[] = pageEntries(content).map(([url, entry]) => [url, url, entry, sourceOf.get(entry.route ?? "") ?? "site/"]);
  addresses.push([NOT_FOUND_KEY, "/404", { route: null }, "the not-found page"]);
  // Its HTML file, named only for an address drawn.
  const fileOf = ([key, url]: Address) => (key === NOT_FOUND_KEY ? join(outDir, "404.html") : htmlPathOf(outDir, url));
  const digestOf = ([, url, entry, source]: Address) => {
    // The entry is its route and its page's data (pageEntries): the data's kept digest stands for its JSON.
    const data = entry.route === null ? undefined : options.pageDataDigest?.(source, entry.page);
    const made = data === undefined ? JSON.stringify(entry) : `${entry.route}\0${data}`;
    // The head tags other steps add stand in the digest as what they are made from (SeoBuild.inputsOf): worked out only for the pages drawn.
    return hash("sha256", `${options.sharedDigest}\0${url}\0${made}\0${pageHead.inputsOf(entry.route)}`, "hex");
  };
  const state: PageState = {};
  const toDraw: [key: string, job: PageJob, file: string][] = [];
  const previous = options.previous;
  // Files of the previous build that may be gone: kept only if this build writes them again.
  const maybeStale = new Set<string>();
  for (const address of addresses) {
    const [key, url, entry, source] = address;
    const digest = digestOf(address);
    const before = previous?.pages[key];
    // The record is trusted without looking for its files (20,000 lookups, 0.16 s at 10,000 pages): the live build's
    // files change only by LiveUpdate's commits, which write the record with them (publish.ts).
    if (before?.digest === digest) state[key] = before;
    else {
      for (const f of before?.files ?? []) maybeStale.add(f);
      state[key] = { digest, files: [] };
      // The not-found page has a file of its own, named in its job so a prerender worker writes it there too.
      const file = fileOf(address);
      const job: PageJob = [url, entry, pageHead.headFor(entry.route), source];
      if (entry.route === null) job[4] = file;
      toDraw.push([key, job, file]);
    }
  }
  // The state holds every current address: a previous one it lacks is gone.
  const previousPages = previous?.pages ?? {};
  for (const key in previousPages) if (!Object.hasOwn(state, key)) for (const f of previousPages[key]!.files) maybeStale.add(f);

  const drawn: string[][] = [];
  const jobAt = (i: number): PageJob => toDraw[i]![1];
  if (toDraw.length >= PARALLEL_FROM)
    drawn.push(
      ...(await inWorkers<PageJob, string[]>(new URL("./prerender-worker.ts", import.meta.url), input, toDraw.length, jobAt, { batch: 25, heapMb: 128 })),
    );
  // As a prerender worker writes them: each page at its address's path, the not-found page where its job names.
  else if (options.drawFew && toDraw.length > 0)
    drawn.push(
      ...(await options.drawFew(
        input,
        toDraw.map(([, job]) => job),
      )),
    );
  else for (const [, job, file] of toDraw) drawn.push(await writer.page(job, file));

  const { site } = writer;
  const primaryRoutes = primaryAddresses(content);
  const siteFile = (name: string, text: string) => {
    if (previous && readOrNull(join(previous.site, name)) === text) return;
    writer.write(join(outDir, name), text);
  };
  siteFile(writer.siteFile, writer.siteJson);
  siteFile("sitemap.xml", sitemapXml(site.url, primaryRoutes));
  siteFile("robots.txt", `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  siteFile("_headers", headersFile(options.apiBase ?? undefined));
  const relativeTo = (file: string) => file.slice(outDir.length + 1);
  // A drawn file has no compressed copies: the writer removed any it had, and the server makes them.
  toDraw.forEach(([key], i) => {
    state[key]!.files = drawn[i]!.map(relativeTo);
  });
  for (const key of toDraw.map(([k]) => k)) for (const f of state[key]!.files) maybeStale.delete(f);
  return {
    htmlFiles: addresses.length,
    primaryRoutes,
    written: new Set([...drawn.flat(), ...writer.written]),
    state,
    rendered: toDraw.length,
    siteFile: writer.siteFile,
    stale: [...maybeStale].sort(),
  };
}
