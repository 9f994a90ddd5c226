import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
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
