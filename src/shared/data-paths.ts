import type { PageEntry } from "./page-entry.ts";

/**
 * Where a page's data lives. The entry holds no list of routes: an address maps to its data
 * file by this rule alone, so the entry stays the same size whatever the number of pages.
 * The build writes one file per route and alias (`/` → /_data/index.json, `/courses/explore`
 * → /_data/courses/explore.json); an address with no file is not a page.
 */

/** The address without a trailing slash or `/index.html`, decoded; null when it cannot be decoded. */
export function normalizePath(pathname: string): string | null {
  let path = pathname;
  try {
    path = decodeURI(pathname);
  } catch {
    return null;
  }
  if (path.length > 1) path = path.replace(/\/+$/, "").replace(/\/index\.html$/, "") || "/";
  return path;
}

/** The data file of a normalized address, as a URL path (and a path under dist/). */
export function dataPathOf(path: string): string {
  return `/_data${path === "/" ? "/index" : path}.json`;
}

/**
 * The id of what names a page's data in its HTML: in a prerendered page, the
 * `<link rel="preload" as="fetch">` of its data file, so the page does not carry the same data
 * twice; in the not-found page (no data file) and the dev server, a `<script type="application/json">` block.
 */
export const PAGE_DATA_ID = "page-data";

/**
 * The id of what carries the site settings (header, footer, names) in every page: in a prerendered
 * page, the `<link rel="preload" as="fetch">` of the one settings file all pages share
 * (siteDataFile); in the dev server, a `<script type="application/json">` block.
 */
export const SITE_DATA_ID = "site-data";

/**
 * The site settings' file, under dist/: named by a digest of its text, as Vite names the bundles,
 * so a browser keeps it for good (assets/ is cached immutably) and a page never meets settings of another build.
 */
export const siteDataFile = (digest: string): string => `assets/site-data-${digest}.json`;

/** A settings file (or its compressed copy) under dist/: one build's, which the next keeps for pages still open. */
export const SITE_DATA_FILE = /^assets\/site-data-[0-9a-f]+\.json(?:\.br|\.gz)?$/;

/**
 * The dev server's HMR event after a page file is saved (src/build/vite-plugin.ts): the data of
 * every address drawn from that file, by data path, so the open page draws its new data in place.
 * Other addresses may have changed too (a listing shows the page's card): the app fetches its own
 * again when it is not among them.
 */
export const PAGES_EVENT = "nexa:pages";

export interface PagesEvent {
  entries: Record<string, PageEntry>;
}
