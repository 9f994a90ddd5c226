import type { Page, Site } from "../shared/generated/schema-types.ts";

/** The pages of the site by route, and which route an address (page or alias) shows. */
export interface SiteTree {
  site: Site;
  pages: Map<string, Page>;
  primaryOf: Map<string, string>;
  /** Every address some page sits below (at any depth), worked out once: asking each page's question of every page is n². */
  withPagesBelow: Set<string>;
  /** The header's label of each page a top menu item leads to (the first item, when two lead to one page), worked out once. */
  headerLabels: Map<string, string>;
}

/** The tree of a site's pages, with what the place of each page needs worked out once. */
export function siteTree(site: Site, pages: Map<string, Page>, primaryOf: Map<string, string>): SiteTree {
  const withPagesBelow = new Set<string>();
  for (const route of pages.keys()) {
    let at = route;
    while (at !== "/") {
      const cut = at.lastIndexOf("/");
      at = cut <= 0 ? "/" : at.slice(0, cut);
      // Its own ancestors were added with it: each address is walked up once.
      if (withPagesBelow.has(at)) break;
      withPagesBelow.add(at);
    }
  }
  const headerLabels = new Map<string, string>();
  for (const item of site.header.items) {
    const route = item.to === "/" ? undefined : primaryOf.get(item.to);
    if (route !== undefined && !headerLabels.has(route)) headerLabels.set(route, item.label);
  }
  return { site, pages, primaryOf, withPagesBelow, headerLabels };
}

/** "GATE Preparation Course | Nexa AI" → "GATE Preparation Course": the title without the site's name. */
export function titleWithoutSite(title: string): string {
  return title.replace(/\s+\|[^|]*$/, "");
}

/**
 * What a page is called in breadcrumbs and in the section line of a social card: the
 * header's own label for a top menu item ("Courses"), else the page's card title, else its
 * title without the site's name.
 */
export function labelOf(tree: SiteTree, route: string): string {
  const label = tree.headerLabels.get(route);
  if (label !== undefined) return label;
  const page = tree.pages.get(route)!;
  return page.card?.title ?? titleWithoutSite(page.title);
}

/**
 * The pages above a route, top first, from its address: /courses/normal-course/data-and-ai/python
 * → /courses, /courses/normal-course, /courses/normal-course/data-and-ai. An address with no
 * page (or alias) of its own, such as /courses/spotlight, is left out; an alias stands for its page.
 * `chains` keeps what was worked out for each address above, for the pages that share it (10,000
 * pages below one listing ask the same question of it).
 */
export function ancestorsOf(tree: SiteTree, route: string, chains?: Map<string, string[]>): string[] {
  const cut = route.lastIndexOf("/");
  const chain = chainOf(tree, cut <= 0 ? "" : route.slice(0, cut), chains);
  // The list kept for the address above (not to be written into), unless an alias above stands for this very page.
  return chain.includes(route) ? chain.filter((r) => r !== route) : chain;
}

/** The pages at an address and at each address above it, top first, each once ("" is the address above the top pages). */
function chainOf(tree: SiteTree, address: string, chains: Map<string, string[]> | undefined): string[] {
  if (address === "") return [];
  let chain = chains?.get(address);
  if (chain) return chain;
  const cut = address.lastIndexOf("/");
  const above = chainOf(tree, cut <= 0 ? "" : address.slice(0, cut), chains);
  const primary = tree.primaryOf.get(address);
  chain = primary && !above.includes(primary) ? [...above, primary] : above;
  chains?.set(address, chain);
  return chain;
}

/** "Courses · Exam Preparation": the top page above this one and the one just above it (none for home and the top pages). */
export function sectionOf(tree: SiteTree, route: string): string {
  const above = ancestorsOf(tree, route);
  const ends = above.length > 1 ? [above[0]!, above.at(-1)!] : above;
  return ends.map((r) => labelOf(tree, r)).join(" · ");
}

/** The title on the page's social card: the editor's share.title, else the page title without the site's name. */
export function cardTitleOf(tree: SiteTree, route: string): string {
  const page = tree.pages.get(route)!;
  return page.share?.title ?? titleWithoutSite(page.title);
}

/** Whether other pages sit below this route (a listing), as opposed to a page at the end of its branch. */
export function hasPagesBelow(tree: SiteTree, route: string): boolean {
  return tree.withPagesBelow.has(route);
}
