import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { loadSiteContent } from "../../src/content/site.ts";
import { ALIASES, PRIMARY_ROUTES } from "../spec-routes.ts";

/** The prerendered site the server under test serves. */
export const DIST = join(process.cwd(), "dist");

/** Every HTML file in dist/ (pages, aliases and 404.html), as paths relative to dist/. */
export function htmlFilesInDist(dir = DIST): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === "assets" ? [] : htmlFilesInDist(full);
    return name.endsWith(".html") ? [relative(DIST, full)] : [];
  });
}

/**
 * Every address the build prerendered (each route and alias): `about-us/index.html` → `/about-us`.
 * Before the first build (the e2e server builds when it starts, after tests are listed), SPEC's routes.
 */
export function routesInDist(): string[] {
  if (!existsSync(join(DIST, "index.html"))) return [...PRIMARY_ROUTES, ...Object.keys(ALIASES)].sort();
  return htmlFilesInDist()
    .filter((file) => file.endsWith("index.html"))
    .map((file) => "/" + file.replace(/\/?index\.html$/, ""))
    .sort();
}

/** The primary routes, as the sitemap lists them (aliases are not in it). */
export function sitemapRoutes(): string[] {
  const xml = readFileSync(join(DIST, "sitemap.xml"), "utf8");
  return [...xml.matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map((m) => m[1] || "/");
}

/**
 * One route for each distinct list of section types (the page's composition), the first in
 * address order. Pages built from the same blocks in the same order share their markup and
 * styles and differ only in words and pictures, so a check whose outcome depends on layout
 * but already runs on every route at one viewport can run on these at the other.
 */
export function oneRoutePerComposition(): Set<string> {
  const { pages } = loadSiteContent(process.cwd());
  const firstOf = new Map<string, string>();
  for (const { route, data } of [...pages].sort((a, b) => a.route.localeCompare(b.route))) {
    const composition = data.sections.map((section) => section.type).join(",");
    if (!firstOf.has(composition)) firstOf.set(composition, route);
  }
  return new Set(firstOf.values());
}
