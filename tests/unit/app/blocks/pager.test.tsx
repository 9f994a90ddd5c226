import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ChildCards } from "../../../../src/app/blocks/ChildCards.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";
import { pagerItems } from "../../../../src/app/ui/Pager.tsx";
import type { ListingPlace } from "../../../../src/shared/listing-pages.ts";

/** The page list as wide screens show it ("1 … 4 5 6 7 8 … 20") and as phones do (the entries their stylesheet hides left out). */
const wide = (page: number, pages: number) =>
  pagerItems(page, pages)
    .flatMap((item) => (item.kind === "page" ? [String(item.n)] : item.desktop ? ["…"] : []))
    .join(" ");
const phone = (page: number, pages: number) =>
  pagerItems(page, pages)
    .flatMap((item) => (item.kind === "page" ? (item.phone ? [String(item.n)] : []) : ["…"]))
    .join(" ");

describe("the page list of a split listing", () => {
  it.each([
    [1, 2, "1 2", "1 2"],
    [3, 5, "1 2 3 4 5", "1 2 3 4 5"],
    [1, 21, "1 2 3 … 21", "1 2 … 21"],
    [4, 20, "1 2 3 4 5 6 … 20", "1 … 3 4 5 … 20"],
    [6, 20, "1 … 4 5 6 7 8 … 20", "1 … 5 6 7 … 20"],
    [18, 20, "1 … 16 17 18 19 20", "1 … 17 18 19 20"],
    [21, 21, "1 … 19 20 21", "1 … 20 21"],
  ])("page %i of %i: %s on wide screens, %s on phones", (page, pages, onWide, onPhone) => {
    expect(wide(page, pages)).toBe(onWide);
    expect(phone(page, pages)).toBe(onPhone);
  });

  it("stays the same size however many pages there are: the first, the last, the current and its neighbours, a gap wherever numbers are left out", () => {
    for (const pages of [2, 3, 7, 20, 209, 2000]) {
      for (let page = 1; page <= pages; page += pages > 50 ? 37 : 1) {
        for (const [list, most] of [
          [wide(page, pages), 7],
          [phone(page, pages), 5],
        ] as const) {
          const entries = list.split(" ");
          const numbers = entries.filter((e) => e !== "…").map(Number);
          expect(numbers.length).toBeLessThanOrEqual(most);
          expect(numbers).toContain(1);
          expect(numbers).toContain(page);
          expect(numbers).toContain(pages);
          // In order, each jump marked by exactly one gap, and no gap where nothing is left out.
          entries.forEach((entry, i) => {
            if (entry === "…") expect(Number(entries[i + 1]) - Number(entries[i - 1])).toBeGreaterThan(1);
            else if (i > 0 && entries[i - 1] !== "…") expect(Number(entry) - Number(entries[i - 1])).toBe(1);
          });
        }
      }
    }
  });

  const cards = [1, 2].map((n) => ({ title: `Thing ${n}`, text: "One thing.", to: `/things/t${n}` }));
  const drawn = (pagination?: ListingPlace) =>
    renderToString(
      <SiteRouter ssrPath="/things">
        <ChildCards type="childCards" heading="Things" from="/things" cards={cards} linkLabel="Read more" {...(pagination ? { pagination } : {})} />
      </SiteRouter>,
    );

  it("is drawn under the cards as a named navigation: Previous, the numbers (the current one marked), Next, each a link", () => {
    const html = drawn({ page: 2, pages: 3, first: "/things" });
    const nav = /<nav[^>]*>[\s\S]*<\/nav>/.exec(html)![0];
    expect(html.indexOf("<nav")).toBeGreaterThan(html.lastIndexOf("Thing 2"));
    expect(nav).toMatch(/^<nav[^>]* aria-label="Pages of Things"/);
    const links = [...nav.matchAll(/<a ([^>]*)>(.*?)<\/a>/g)].map((m) => ({ attrs: m[1]!, text: m[2]!.replace(/<[^>]+>/g, "") }));
    expect(links.map((l) => [/href="([^"]+)"/.exec(l.attrs)![1], l.text])).toEqual([
      ["/things", "‹Previous page"],
      ["/things", "Page 1"],
      ["/things/page/2", "Page 2"],
      ["/things/page/3", "Page 3"],
      ["/things/page/3", "Next page›"],
    ]);
    expect(links.filter((l) => l.attrs.includes('aria-current="page"')).map((l) => l.text)).toEqual(["Page 2"]);
    expect(links[0]!.attrs).toContain('rel="prev"');
    expect(links.at(-1)!.attrs).toContain('rel="next"');
  });

  it("has no Previous on the first page and no Next on the last", () => {
    expect(drawn({ page: 1, pages: 3, first: "/things" })).not.toContain("Previous");
    expect(drawn({ page: 1, pages: 3, first: "/things" })).toContain("Next");
    expect(drawn({ page: 3, pages: 3, first: "/things" })).not.toContain("Next");
  });

  it("is not drawn for a listing that fits on one page", () => {
    expect(drawn()).not.toContain("<nav");
  });
});
