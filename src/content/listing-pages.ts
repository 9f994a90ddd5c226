import type { ChildCardsBlock, Page, Site } from "../shared/generated/schema-types.ts";
import { listingPageRoute, type ListingPlace } from "../shared/listing-pages.ts";
import { isUnread } from "./deferred.ts";
import type { ContentPage, SiteContent } from "./site.ts";

/**
 * Listings that stay small. A childCards listing with more cards than `cardsPerPage`
 * (site/_site.yaml) is split into numbered pages: the page itself shows the first cards, and
 * `<its address>/page/2`, `/page/3` … the next ones, each with a list of the pages. So a page's
 * HTML stays the same size however many pages are listed, as Hugo's and Astro's paginated
 * lists do.
 *
 * What a numbered page (2 and up) shows: the page's hero (a hero section above the listing), so
 * the visitor still sees where they are, and its share of the listing. The page's other sections
 * (introductions, tables, other listings) are the first page's alone: repeated on every numbered
 * page they would make pages that differ only in their cards, which is what search engines call
 * duplicate content. Counts (`{count:industries}`) are filled before the split, so they count
 * every card, not one page's share.
 */

/** cardsPerPage when _site.yaml leaves it out (the schema's `default`, which a test holds equal). */
export const DEFAULT_CARDS_PER_PAGE = 48;

export const cardsPerPageOf = (site: Site | null | undefined): number => site?.cardsPerPage ?? DEFAULT_CARDS_PER_PAGE;

/** How many pages a listing of `cards` cards takes: one up to the limit, then one more for each `limit` cards. */
export function pageCount(cards: number, limit: number): number {
  return Math.max(1, Math.ceil(cards / limit));
}

/**
 * The listings of a page that have more cards than the limit (their section indexes, in page order).
 * The first is split into numbered pages; a second one is a problem (resolve-listings.ts), as the
 * numbered pages can follow only one listing.
 */
export function oversizedListings(page: Page, limit: number): number[] {
  // Sections the check store left encoded hold no listing (site-checks.ts defers only those): not decoded to be told so.
  if (isUnread(page, "sections")) return [];
  return page.sections.flatMap((section, i) => (section.type === "childCards" && (section.cards?.length ?? 0) > limit ? [i] : []));
}

/** One page of a split listing: a page as the renderer and the prerender receive it, and its place among its listing's pages. */
export interface ListingPage extends ContentPage {
  listing: ListingPlace;
}

/** "Industries we serve | Nexa AI" → "Industries we serve — page 2 | Nexa AI": the number before the site's name. */
export function numberedTitle(title: string, n: number): string {
  return title.replace(/(\s+\|[^|]*)?$/, (siteName) => ` — page ${n}${siteName}`);
}

/** The page's description with the page's place at its end, so each numbered page has its own. */
export function numberedDescription(description: string, n: number, pages: number): string {
  return `${description.trimEnd().replace(/[^.!?]$/, "$&.")} Page ${n} of ${pages}.`;
}

/** A page's numbered pages, the first (at the page's own address) included; null when none of its listings is over the limit. */
export function splitPage(page: ContentPage, limit: number): ListingPage[] | null {
  const at = oversizedListings(page.data, limit)[0];
  if (at === undefined) return null;
  const listing = page.data.sections[at] as ChildCardsBlock;
  const cards = listing.cards!;
  const pages = pageCount(cards.length, limit);
  return Array.from({ length: pages }, (_, i): ListingPage => {
    const n = i + 1;
    const place: ListingPlace = { page: n, pages, first: page.route };
    const share: ChildCardsBlock = { ...listing, cards: cards.slice(i * limit, n * limit), pagination: place };
    if (n === 1) {
      const sections = page.data.sections.map((section, k) => (k === at ? (share as Page["sections"][number]) : section));
      return { ...page, data: { ...page.data, sections }, listing: place };
    }
    const sections: Page["sections"] = page.data.sections.flatMap((section, k): Page["sections"] =>
      k === at ? [share as Page["sections"][number]] : k < at && section.type === "hero" ? [section] : [],
    );
    const data: Page = { ...page.data, title: numberedTitle(page.data.title, n), description: numberedDescription(page.data.description, n, pages), sections };
    return { file: page.file, route: listingPageRoute(page.route, n), aliases: [], data, listing: place };
  });
}

const splitOf = new WeakMap<SiteContent, Map<string, ListingPage[]>>();

/**
 * Every split listing of the site: the route of its page → its numbered pages, the first
 * included. Worked out once per checked site, as the routing, the SEO step and the prerender all ask.
 */
export function listingPagesOf(content: SiteContent): Map<string, ListingPage[]> {
  let split = splitOf.get(content);
  if (!split) {
    const limit = cardsPerPageOf(content.site);
    split = new Map();
    for (const page of content.pages) {
      const numbered = splitPage(page, limit);
      if (numbered) split.set(page.route, numbered);
    }
    splitOf.set(content, split);
  }
  return split;
}

/** Every page the site shows at an address of its own: each page, its listing's numbered pages in its place when it is split. */
export function shownPages(content: SiteContent): ContentPage[] {
  const split = listingPagesOf(content);
  return content.pages.flatMap((page) => split.get(page.route) ?? [page]);
}
