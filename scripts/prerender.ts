import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { loadEnv } from "vite";
import type { Rendered } from "../src/entry-server.tsx";
import type { Site } from "../src/generated/schema-types.ts";
import { securityHeaders, STRICT_TRANSPORT_SECURITY } from "../src/server/security-headers.ts";

type ServerEntry = {
  render(url: string): Promise<Rendered>;
  routes: Record<string, { title: string }>;
  aliases: Record<string, string>;
  site: Site;
};

type ViteManifest = Record<string, { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; css?: string[] }>;

const escapeHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** `/careers` → dist/careers/index.html; `/` → dist/index.html */
export function htmlPathOf(outDir: string, url: string): string {
  return url === "/" ? join(outDir, "index.html") : join(outDir, url.slice(1), "index.html");
}

/** The JS files a page chunk needs, for <link rel="modulepreload"> so hydration does not wait on a waterfall. */
function pagePreloads(manifest: ViteManifest, route: string): string[] {
  // The manifest names the home page's chunk "virtual:site-page:" (its trailing slash is dropped).
  const id = `virtual:site-page:${route === "/" ? "" : route}`;
  const key = Object.keys(manifest).find((k) => k.replace(/^\0/, "").replace(/\/$/, "") === id);
  if (!key) return [];
  const files = new Set<string>();
  const visit = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || files.has(chunk.file) || chunk.isEntry) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  visit(key);
  return [...files];
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
  ].join("\n");
}

/** Head tags a build step adds for a page by its route (null: the not-found page): its share picture and structured data (src/seo). */
export type ExtraHead = (route: string | null) => string[];

function head(site: Site, url: string, r: Rendered, preloads: string[], imagePreloads: string[], extra: string[]): string {
  const canonical = `${site.url}${r.route === null ? url : r.route === "/" ? "/" : r.route}`;
  const title = escapeHtml(r.title);
  const description = escapeHtml(r.description);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    r.route === null ? `<meta name="robots" content="noindex" />` : `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
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
    ...[...primaryRoutes].sort().map((r) => `  <url><loc>${escapeHtml(siteUrl + (r === "/" ? "/" : r))}</loc></url>`),
    `</urlset>`,
    "",
  ].join("\n");
}

export interface PrerenderResult {
  files: string[];
  primaryRoutes: string[];
}

/** Render every route and alias into outDir, plus 404.html, sitemap.xml, robots.txt and _headers. */
export async function prerender(outDir: string, serverEntryFile: string, extraHead: ExtraHead = () => []): Promise<PrerenderResult> {
  const entry = (await import(pathToFileURL(serverEntryFile).href)) as ServerEntry;
  const template = readFileSync(join(outDir, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8")) as ViteManifest;
  const { site } = entry;
  const lang = site.language ?? "en";
  const write = (file: string, html: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, html);
  };
  const page = (url: string, r: Rendered) => {
    const { preloads, body } = hoistPreloads(r.html);
    return template
      .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
      .replace("<!--app-head-->", () => head(site, url, r, r.route ? pagePreloads(manifest, r.route) : [], preloads, extraHead(r.route)))
      .replace("<!--app-html-->", () => body);
  };

  const files: string[] = [];
  const urls = [...Object.keys(entry.routes), ...Object.keys(entry.aliases)].sort();
  for (const url of urls) {
    const file = htmlPathOf(outDir, url);
    write(file, page(url, await entry.render(url)));
    files.push(file);
  }
  const notFound = join(outDir, "404.html");
  write(notFound, page("/404", await entry.render("/__not-found__")));
  files.push(notFound);

  const primaryRoutes = Object.keys(entry.routes).sort();
  write(join(outDir, "sitemap.xml"), sitemapXml(site.url, primaryRoutes));
  write(join(outDir, "robots.txt"), `User-agent: *\nAllow: /\n\nSitemap: ${site.url}/sitemap.xml\n`);
  // The API base the bundle was built with (.env files or the environment), so connect-src matches it.
  write(join(outDir, "_headers"), headersFile(loadEnv("production", process.cwd(), "VITE_").VITE_API_BASE));
  return { files, primaryRoutes };
}
