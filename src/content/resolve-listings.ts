import type { ChildCardsBlock, Page, Site } from "../shared/generated/schema-types.ts";
import { listingPageRoute } from "../shared/listing-pages.ts";
import { DEFAULT_CARDS_PER_PAGE, oversizedListings, pageCount } from "./listing-pages.ts";
import { locate } from "./locate.ts";
import type { LoadedFile } from "./load.ts";
import { problem, type Problem } from "./problem.ts";

/**
 * Listings repeat what child pages say about themselves (their `card:`), so adding a page
 * is one new file: the build fills in `childCards` blocks and header-panel groups with `from:`.
 */
export interface ListablePage {
  file: string;
  route: string;
  data: Page;
  loaded: LoadedFile;
}

export function parentOf(route: string): string {
  const cut = route.lastIndexOf("/");
  return cut <= 0 ? "/" : route.slice(0, cut);
}

/** A card as a childCards listing shows it, filled from a page's card. */
type FilledCard = NonNullable<ChildCardsBlock["cards"]>[number];

const slugOf = (route: string) => route.slice(route.lastIndexOf("/") + 1);

const byCardOrder = (a: ListablePage, b: ListablePage) =>
  (a.data.card?.order ?? Infinity) - (b.data.card?.order ?? Infinity) || (a.data.card?.title ?? a.data.title).localeCompare(b.data.card?.title ?? b.data.title);

/** The pages one level below `from`, in card order (then by title). */
export function childrenOf(from: string, pages: ListablePage[]): ListablePage[] {
  return pages.filter((p) => p.route !== from && parentOf(p.route) === from).sort(byCardOrder);
}

/** A page as a listing shows it: its address and its card, with counts already filled. */
export interface ListedCard {
  route: string;
  card: NonNullable<Page["card"]>;
}

/** The order of cards in a listing: card order, then title. */
export const cardOrder = (a: ListedCard, b: ListedCard): number =>
  (a.card.order ?? Infinity) - (b.card.order ?? Infinity) || a.card.title.localeCompare(b.card.title);

/**
 * A listing's cards: each page's card as the listing shows it. Built field by field, in this
 * order (the data's bytes follow it), not with spreads of optional parts: those cost about 4 µs a
 * card, 40 ms for a listing of 10,000 at each check.
 */
export function filledCards(section: Pick<ChildCardsBlock, "anchors">, children: readonly ListedCard[]): FilledCard[] {
  return children.map(({ route, card }) => {
    const filled = {} as FilledCard;
    if (section.anchors) filled.id = slugOf(route);
    filled.title = card.title;
    filled.text = card.text;
    if (card.image) filled.image = card.image;
    if (card.facts) filled.facts = card.facts;
    filled.to = route;
    return filled;
  });
}

/**
 * Fill in the childCards blocks of one page from the cards listed below each block's `from`
 * (`listed`, in card order); `known` says whether an address is a page at all, `fileAt` which
 * file has it. Returns the anchor ids the filled cards add to the page. A listing with more cards
 * than `cardsPerPage` is split into numbered pages later (listing-pages.ts), so only its first
 * page's cards add anchors to the page.
 */
export function fillChildCards(
  page: ListablePage,
  listed: (from: string) => readonly ListedCard[],
  known: (address: string) => boolean,
  cardsPerPage: number = DEFAULT_CARDS_PER_PAGE,
  fileAt: (address: string) => string | undefined = () => undefined,
): { problems: Problem[]; addedIds: string[] } {
  const problems: Problem[] = [];
  const addedIds: string[] = [];
  page.data.sections.forEach((section, s) => {
    if (section.type !== "childCards") return;
    for (const filled of ["cards", "pagination"] as const) {
      if (!section[filled]) continue;
      problems.push(
        problem(
          page.file,
          locate(page.loaded, ["sections", s, filled], { key: true }),
          `sections[${s}] (childCards): ${filled} ${filled === "cards" ? "are" : "is"} filled in by the build`,
          filled === "cards"
            ? `remove cards:; the cards come from the card: field of the pages below ${section.from}`
            : "remove pagination:; a listing with more cards than cardsPerPage (site/_site.yaml) is split into numbered pages by itself",
        ),
      );
    }
    if (section.cards || section.pagination) return;
    const children = listed(section.from);
    // A `from` that names no page at all is already reported by the link check.
    if (children.length === 0 && known(section.from)) {
      problems.push(
        problem(
          page.file,
          locate(page.loaded, ["sections", s, "from"]),
          `sections[${s}] (childCards): no page below ${section.from} has a card: field`,
          `give the pages under site${section.from}/ a card: with title and text`,
        ),
      );
      return;
    }
    if (children.length === 0) return;
    section.cards = filledCards(section, children);
    const shown = section.cards.length > cardsPerPage ? section.cards.slice(0, cardsPerPage) : section.cards;
    if (section.anchors) addedIds.push(...shown.map((c) => c.id!));
  });
  problems.push(...splitProblems(page, cardsPerPage, fileAt));
  return { problems, addedIds };
}

/**
 * What keeps a page's listing from being split into numbered pages: a second listing over the
 * limit (the numbered pages follow one listing), or an address of a numbered page that another
 * page or alias already has.
 */
function splitProblems(page: ListablePage, cardsPerPage: number, fileAt: (address: string) => string | undefined): Problem[] {
  const [split, ...more] = oversizedListings(page.data, cardsPerPage);
  if (split === undefined) return [];
  const problems = more.map((s) =>
    problem(
      page.file,
      locate(page.loaded, ["sections", s, "from"]),
      `sections[${s}] (childCards): lists more than cardsPerPage (${cardsPerPage}) pages, and sections[${split}] is already split into numbered pages`,
      "a page splits one listing into numbered pages: move this listing to a page of its own, or raise cardsPerPage in site/_site.yaml",
    ),
  );
  const pages = pageCount((page.data.sections[split] as { cards?: unknown[] }).cards!.length, cardsPerPage);
  for (let n = 2; n <= pages; n++) {
    const address = listingPageRoute(page.route, n);
    const taken = fileAt(address);
    if (taken === undefined) continue;
    problems.push(
      problem(
        page.file,
        locate(page.loaded, ["sections", split, "from"]),
        `sections[${split}] (childCards): page ${n} of this listing goes at ${address}, which is already an address of ${taken}`,
        "move or rename that page, or remove its alias: the addresses below /page/ of a split listing are its numbered pages",
      ),
    );
    break;
  }
  return problems;
}

/**
 * Fill header-panel groups that list the pages below an address (those with a card:, as listings
 * do): the first `header.listLimit` in card order, then the group's `all:` link to the page that
 * lists every one. A header is on every page, so it must not grow with the site.
 */
export function resolvePanels(site: Site, listed: (from: string) => readonly ListedCard[]): void {
  const limit = site.header.listLimit ?? DEFAULT_LIST_LIMIT;
  for (const item of site.header.items) {
    for (const group of item.panel?.groups ?? []) {
      if (!group.from) continue;
      const links = listed(group.from)
        .slice(0, limit)
        .map((c) => ({ label: c.card.title, to: c.route }));
      group.links = [...(group.links ?? []), ...links, ...(group.all ? [group.all] : [])];
    }
  }
}

/** header.listLimit when _site.yaml leaves it out (the schema's `default`, which a test holds equal). */
export const DEFAULT_LIST_LIMIT = 12;
