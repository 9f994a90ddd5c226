/**
 * The addresses of a listing split into numbered pages, written once for the build (which writes
 * the pages, the sitemap and the head's rel links), the dev server and the browser (the page list
 * and the rel links after navigation): page 1 is the listing page's own address, page n is that
 * address followed by /page/n.
 */

/** Where a listing's numbered pages are, after its first page's address. */
const PAGE_PART = "/page/";

/** The address of page `n` of the listing whose first page is at `first`. */
export function listingPageRoute(first: string, n: number): string {
  return n === 1 ? first : `${first === "/" ? "" : first}${PAGE_PART}${n}`;
}

/** The first page and the number of an address that has the shape of a numbered page (2 and up); null for any other. */
export function numberedPageOf(address: string): { first: string; page: number } | null {
  const m = /^(.*)\/page\/([1-9][0-9]*)$/.exec(address);
  if (!m || Number(m[2]) < 2) return null;
  return { first: m[1] || "/", page: Number(m[2]) };
}

/** What a numbered page says about its place: its number, how many there are, and the first page's address. */
export interface ListingPlace {
  page: number;
  pages: number;
  first: string;
}

/** The addresses of the pages before and after this one (absent at either end). */
export function neighbourPages({ page, pages, first }: ListingPlace): { prev?: string; next?: string } {
  return {
    ...(page > 1 ? { prev: listingPageRoute(first, page - 1) } : {}),
    ...(page < pages ? { next: listingPageRoute(first, page + 1) } : {}),
  };
}
