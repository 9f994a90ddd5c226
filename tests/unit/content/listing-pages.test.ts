import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import {
  DEFAULT_CARDS_PER_PAGE,
  listingPagesOf,
  numberedDescription,
  numberedTitle,
  pageCount,
  shownPages,
  splitPage,
} from "../../../src/content/listing-pages.ts";
import { pageEntries, primaryAddresses } from "../../../src/content/page-entries.ts";
import { loadSiteContent, type ContentPage } from "../../../src/content/site.ts";
import type { ChildCardsBlock, Page } from "../../../src/shared/generated/schema-types.ts";
import { listingPageRoute, neighbourPages, numberedPageOf } from "../../../src/shared/listing-pages.ts";
import { PROJECT } from "../fixture-site.ts";
import { head, siteWithListing } from "../listing-site.ts";

afterEach(() => siteWithListing.cleanup());

/** A checked page whose listing (sections[1]) holds `cards` cards, between a hero and a prose section. */
function listingPage(cards: number): ContentPage {
  const data: Page = {
    schemaVersion: 2,
    title: "Things we list | Fixture Co",
    description: "Every thing of the fixture site, one card each.",
    sections: [
      { type: "hero", heading: "Things", text: "{count} things." } as Page["sections"][number],
      {
        type: "childCards",
        heading: "All things",
        from: "/things",
        cards: Array.from({ length: cards }, (_, i) => ({ title: `Thing ${i + 1}`, text: "A thing.", to: `/things/t${i + 1}` })),
      },
      { type: "prose", heading: "More", body: ["About the things."] } as Page["sections"][number],
    ],
  };
  return { file: "site/things.yaml", route: "/things", aliases: ["/all-things"], data };
}

const listingOf = (page: ContentPage) => page.data.sections.find((s): s is ChildCardsBlock & { type: "childCards" } => s.type === "childCards")!;

describe("the splitting rule: how many cards make how many pages", () => {
  it.each([
    [0, 1],
    [1, 1],
    [47, 1],
    [48, 1],
    [49, 2],
    [95, 2],
    [96, 2],
    [97, 3],
    [1000, 21],
  ])("%i cards at 48 a page take %i pages", (cards, pages) => expect(pageCount(cards, 48)).toBe(pages));

  it("a limit of 1 makes a page per card", () => expect(pageCount(5, 1)).toBe(5));

  it("48 cards stay one page, untouched: the page is the same object, no pagination written", () => {
    const page = listingPage(48);
    expect(splitPage(page, 48)).toBeNull();
    expect(listingOf(page).pagination).toBeUndefined();
  });

  it.each([
    [49, [48, 1]],
    [96, [48, 48]],
    [97, [48, 48, 1]],
  ])("%i cards split into pages of %j, in order, each naming its place", (cards, shares) => {
    const pages = splitPage(listingPage(cards), 48)!;
    expect(pages.map((p) => listingOf(p).cards!.length)).toEqual(shares);
    expect(pages.flatMap((p) => listingOf(p).cards!.map((c) => c.title))).toEqual(Array.from({ length: cards }, (_, i) => `Thing ${i + 1}`));
    expect(pages.map((p) => p.route)).toEqual(shares.map((_, i) => (i === 0 ? "/things" : `/things/page/${i + 1}`)));
    expect(pages.map((p) => listingOf(p).pagination)).toEqual(shares.map((_, i) => ({ page: i + 1, pages: shares.length, first: "/things" })));
  });

  it("the first page keeps every section and its aliases; a numbered page shows the hero and its share of the listing, with its own title and description", () => {
    const [first, second] = splitPage(listingPage(60), 48)!;
    expect(first!.data.sections.map((s) => s.type)).toEqual(["hero", "childCards", "prose"]);
    expect(first!.aliases).toEqual(["/all-things"]);
    expect(first!.data.title).toBe("Things we list | Fixture Co");
    expect(second!.data.sections.map((s) => s.type)).toEqual(["hero", "childCards"]);
    expect(second!.aliases).toEqual([]);
    expect(second!.data.title).toBe("Things we list — page 2 | Fixture Co");
    expect(second!.data.description).toBe("Every thing of the fixture site, one card each. Page 2 of 2.");
    expect(second!.file).toBe("site/things.yaml");
  });

  it("numbers titles before the site's name, or at the end when there is none; descriptions end with the page's place", () => {
    expect(numberedTitle("Industries we serve | Nexa AI", 3)).toBe("Industries we serve — page 3 | Nexa AI");
    expect(numberedTitle("Industries", 2)).toBe("Industries — page 2");
    expect(numberedDescription("Without a full stop", 2, 5)).toBe("Without a full stop. Page 2 of 5.");
    expect(numberedDescription("Ends well!", 5, 5)).toBe("Ends well! Page 5 of 5.");
  });

  it("the addresses of numbered pages, read both ways, and each page's neighbours", () => {
    expect(listingPageRoute("/industries/details", 1)).toBe("/industries/details");
    expect(listingPageRoute("/industries/details", 2)).toBe("/industries/details/page/2");
    expect(listingPageRoute("/", 3)).toBe("/page/3");
    expect(numberedPageOf("/industries/details/page/12")).toEqual({ first: "/industries/details", page: 12 });
    expect(numberedPageOf("/page/2")).toEqual({ first: "/", page: 2 });
    for (const address of ["/industries/details", "/industries/details/page/1", "/industries/details/page/02", "/x/page/two"])
      expect(numberedPageOf(address)).toBeNull();
    expect(neighbourPages({ page: 1, pages: 3, first: "/x" })).toEqual({ next: "/x/page/2" });
    expect(neighbourPages({ page: 2, pages: 3, first: "/x" })).toEqual({ prev: "/x", next: "/x/page/3" });
    expect(neighbourPages({ page: 3, pages: 3, first: "/x" })).toEqual({ prev: "/x/page/2" });
  });
});

describe("the limit comes from site/_site.yaml", () => {
  it("the schema's default for cardsPerPage is the one the build uses, and says what it does", () => {
    const schema = JSON.parse(readFileSync(join(PROJECT, "schema", "site.schema.json"), "utf8"));
    expect(schema.properties.cardsPerPage).toMatchObject({ type: "integer", minimum: 1, default: DEFAULT_CARDS_PER_PAGE });
    expect(schema.properties.cardsPerPage.description).toContain("/industries/details/page/2");
    expect(DEFAULT_CARDS_PER_PAGE).toBe(48);
  });

  it("without cardsPerPage, 48 pages below stay one page and 49 make two", () => {
    const at48 = siteWithListing(48);
    expect(at48.problems.map(formatProblem)).toEqual([]);
    expect(listingPagesOf(at48).size).toBe(0);
    expect(pageEntries(at48).filter(([address]) => address.startsWith("/things/page/"))).toEqual([]);
    const at49 = siteWithListing(49);
    expect(at49.problems.map(formatProblem)).toEqual([]);
    expect(
      listingPagesOf(at49)
        .get("/things")!
        .map((p) => p.route),
    ).toEqual(["/things", "/things/page/2"]);
  });

  it("cardsPerPage: 2 splits 5 pages below into 3 numbered pages: each answered, in the sitemap's addresses, the alias showing the first", () => {
    const content = siteWithListing(5, { cardsPerPage: "2" });
    expect(content.problems.map(formatProblem)).toEqual([]);
    const entries = new Map(pageEntries(content));
    const cardsAt = (address: string) => {
      const entry = entries.get(address)!;
      return entry.route === null ? null : listingOf({ ...content.pages[0]!, data: entry.page }).cards!.map((c) => c.to);
    };
    expect(cardsAt("/things")).toEqual(["/things/t001", "/things/t002"]);
    expect(cardsAt("/things/page/2")).toEqual(["/things/t003", "/things/t004"]);
    expect(cardsAt("/things/page/3")).toEqual(["/things/t005"]);
    expect(entries.get("/all-things")).toBe(entries.get("/things"));
    expect(entries.has("/things/page/4")).toBe(false);
    expect(primaryAddresses(content).filter((a) => a.startsWith("/things"))).toEqual([
      "/things",
      "/things/page/2",
      "/things/page/3",
      ...Array.from({ length: 5 }, (_, i) => `/things/t00${i + 1}`),
    ]);
    // The page's own data keeps every card: the split is the routing's, after every check.
    expect(listingOf(content.pages.find((p) => p.route === "/things")!).cards).toHaveLength(5);
  });

  it("a count token counts every page, on every numbered page, not one page's share", () => {
    const content = siteWithListing(5, { cardsPerPage: "2" });
    for (const page of listingPagesOf(content).get("/things")!) {
      expect(page.data.sections[0]).toMatchObject({ type: "hero", heading: "Five things" });
      expect(listingOf(page).intro).toBe("Five things in all.");
    }
  });

  it.each([
    ["0", "site/_site.yaml:8:15  cardsPerPage: must be at least 1 (now 0)"],
    ["-3", "site/_site.yaml:8:15  cardsPerPage: must be at least 1 (now -3)"],
    ["2.5", "site/_site.yaml:8:15  cardsPerPage: expected a whole number, found the number 2.5"],
    ["many", 'site/_site.yaml:8:15  cardsPerPage: expected a whole number, found text "many"'],
  ])("cardsPerPage: %s is a problem at its line", (value, line) => {
    const problems = siteWithListing(3, { cardsPerPage: value }).problems.map(formatProblem);
    expect(problems.map((p) => p.replace(/ — .*$/, ""))).toEqual([line]);
  });

  it("only the first page's cards are anchors of the page: a link to a card on page 2 says the anchor is not there", () => {
    const link = `${head(0)}title: Links\ndescription: A page of the fixture site that links into the listing of things.\nsections:\n  - type: prose\n    heading: Links\n    body: ["[One](/things#t001) and [three](/things#t003)."]\n`;
    const problems = siteWithListing(3, { cardsPerPage: "2", extra: { "links.yaml": link } }).problems.map(formatProblem);
    expect(problems).toEqual(['site/links.yaml:8:12  link "/things#t003": the page /things has no anchor "t003" — did you mean "#t001"?']);
  });

  it("a page splits one listing: a second listing over the limit is a problem", () => {
    const listing = `  - type: childCards\n    heading: Things\n    from: /things\n  - type: childCards\n    heading: Again\n    from: /things\n`;
    expect(siteWithListing(3, { cardsPerPage: "2", listing }).problems.map(formatProblem)).toEqual([
      "site/things/index.yaml:15:11  sections[2] (childCards): lists more than cardsPerPage (2) pages, and sections[1] is already split into numbered pages — a page splits one listing into numbered pages: move this listing to a page of its own, or raise cardsPerPage in site/_site.yaml",
    ]);
  });

  it("a page at a numbered page's address is a problem, where the listing is", () => {
    const taken = `${head(2)}title: Page two\ndescription: A page of the fixture site whose address a listing's page two wants.\nsections:\n  - type: prose\n    heading: Two\n    body: [Text.]\n`;
    expect(siteWithListing(3, { cardsPerPage: "2", extra: { "things/page/2.yaml": taken } }).problems.map(formatProblem)).toEqual([
      "site/things/index.yaml:13:11  sections[1] (childCards): page 2 of this listing goes at /things/page/2, which is already an address of site/things/page/2.yaml — move or rename that page, or remove its alias: the addresses below /page/ of a split listing are its numbered pages",
    ]);
  });

  it("pagination: written in a page is a problem, as cards: is", () => {
    const listing = `  - type: childCards\n    heading: Things\n    from: /things\n    pagination: { page: 1, pages: 2, first: /things }\n`;
    expect(siteWithListing(3, { listing }).problems.map(formatProblem)).toEqual([
      "site/things/index.yaml:13:5  sections[1] (childCards): pagination is filled in by the build — remove pagination:; a listing with more cards than cardsPerPage (site/_site.yaml) is split into numbered pages by itself",
    ]);
  });
});

describe("the real site", () => {
  it("splits no listing: its largest lists the ten industries, and every address shows its page's own data, as before", () => {
    const content = loadSiteContent(PROJECT);
    expect(listingPagesOf(content).size).toBe(0);
    const shown = shownPages(content);
    expect(shown).toHaveLength(content.pages.length);
    shown.forEach((page, i) => expect(page).toBe(content.pages[i]));
    const largest = Math.max(...content.pages.flatMap((p) => p.data.sections.map((s) => (s.type === "childCards" ? s.cards!.length : 0))));
    expect(largest).toBe(10);
  });
});
