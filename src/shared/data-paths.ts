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

/** The id of the `<script type="application/json">` block that carries a prerendered page's data. */
export const PAGE_DATA_ID = "page-data";

/** The id of the `<script type="application/json">` block, in every page, that carries the site settings (header, footer, names). */
export const SITE_DATA_ID = "site-data";
