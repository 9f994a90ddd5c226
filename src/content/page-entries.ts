import type { PageEntry } from "../shared/page-entry.ts";
import type { SiteContent } from "./site.ts";

/**
 * Every address the site answers (each route and each alias, sorted) with what it shows: what the
 * build writes to dist/_data/ and into each page's HTML, and what the dev server answers on /_data/.
 */
export function pageEntries(content: SiteContent): [address: string, entry: PageEntry][] {
  const byRoute = new Map<string, PageEntry>(content.pages.map((p) => [p.route, { route: p.route, page: p.data }]));
  const aliases = [...content.table.aliasOf.entries()].map(([alias, route]): [string, PageEntry] => [alias, byRoute.get(route)!]);
  return [...byRoute.entries(), ...aliases].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
