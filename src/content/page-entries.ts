import type { PageEntry } from "../shared/page-entry.ts";
import { shownPages } from "./listing-pages.ts";
import type { SiteContent } from "./site.ts";

/**
 * Every address the site answers (each route, each numbered page of a split listing and each
 * alias, sorted) with what it shows: what the build writes to dist/_data/ and into each page's
 * HTML, and what the dev server answers on /_data/. An alias shows its page's first page.
 */
export function pageEntries(content: SiteContent): [address: string, entry: PageEntry][] {
  const byRoute = new Map<string, PageEntry>(shownPages(content).map((p) => [p.route, { route: p.route, page: p.data }]));
  const aliases = [...content.table.aliasOf.entries()].map(([alias, route]): [string, PageEntry] => [alias, byRoute.get(route)!]);
  return [...byRoute.entries(), ...aliases].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The addresses that are pages of their own (no alias), sorted: what the sitemap lists. */
export function primaryAddresses(content: SiteContent): string[] {
  return shownPages(content)
    .map((p) => p.route)
    .sort();
}
