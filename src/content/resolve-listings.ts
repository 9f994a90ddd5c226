import type { Page, Site } from "../shared/generated/schema-types.ts";
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

const slugOf = (route: string) => route.slice(route.lastIndexOf("/") + 1);

const byCardOrder = (a: ListablePage, b: ListablePage) =>
  (a.data.card?.order ?? Infinity) - (b.data.card?.order ?? Infinity) || (a.data.card?.title ?? a.data.title).localeCompare(b.data.card?.title ?? b.data.title);

/** The pages one level below `from`, in card order (then by title). */
export function childrenOf(from: string, pages: ListablePage[]): ListablePage[] {
  return pages.filter((p) => p.route !== from && parentOf(p.route) === from).sort(byCardOrder);
}

/**
 * The pages one level below each address, in card order (then by title): one pass over the
 * site, so that filling every listing costs as much as the pages, not listings × pages.
 */
export function childIndex<P extends ListablePage>(pages: readonly P[]): Map<string, P[]> {
  const below = new Map<string, P[]>();
  for (const page of pages) {
    if (page.route === "/") continue;
    const parent = parentOf(page.route);
    const list = below.get(parent);
    if (list) list.push(page);
    else below.set(parent, [page]);
  }
  for (const list of below.values()) list.sort(byCardOrder);
  return below;
}

/** Fill in every childCards block; returns the anchor ids the filled cards add to each page. */
export function resolveChildCards(pages: ListablePage[], below = childIndex(pages)): { problems: Problem[]; addedIds: Map<string, string[]> } {
  const problems: Problem[] = [];
  const addresses = new Set(pages.flatMap((p) => [p.route, ...(p.data.aliases ?? [])]));
  const addedIds = new Map<string, string[]>();
  for (const page of pages) {
    page.data.sections.forEach((section, s) => {
      if (section.type !== "childCards") return;
      if (section.cards) {
        problems.push(
          problem(
            page.file,
            locate(page.loaded, ["sections", s, "cards"], { key: true }),
            `sections[${s}] (childCards): cards are filled in by the build`,
            `remove cards:; the cards come from the card: field of the pages below ${section.from}`,
          ),
        );
        return;
      }
      const children = (below.get(section.from) ?? []).filter((c) => c.data.card);
      // A `from` that names no page at all is already reported by the link check.
      const known = addresses.has(section.from);
      if (children.length === 0 && known) {
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
      section.cards = children.map((child) => {
        const card = child.data.card!;
        return {
          ...(section.anchors ? { id: slugOf(child.route) } : {}),
          title: card.title,
          text: card.text,
          ...(card.image ? { image: card.image } : {}),
          ...(card.facts ? { facts: card.facts } : {}),
          to: child.route,
        };
      });
      if (section.anchors) addedIds.set(page.route, [...(addedIds.get(page.route) ?? []), ...section.cards.map((c) => c.id!)]);
    });
  }
  return { problems, addedIds };
}

/**
 * Fill header-panel groups that list the pages below an address (those with a card:, as listings
 * do): the first `header.listLimit` in card order, then the group's `all:` link to the page that
 * lists every one. A header is on every page, so it must not grow with the site.
 */
export function resolvePanels(site: Site, pages: ListablePage[], below = childIndex(pages)): void {
  const limit = site.header.listLimit ?? DEFAULT_LIST_LIMIT;
  for (const item of site.header.items) {
    for (const group of item.panel?.groups ?? []) {
      if (!group.from) continue;
      const listed = (below.get(group.from) ?? []).flatMap((c) => (c.data.card ? [{ label: c.data.card.title, to: c.route }] : []));
      group.links = [...(group.links ?? []), ...listed.slice(0, limit), ...(group.all ? [group.all] : [])];
    }
  }
}

/** header.listLimit when _site.yaml leaves it out (the schema's `default`, which a test holds equal). */
export const DEFAULT_LIST_LIMIT = 12;
