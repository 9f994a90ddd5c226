import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { head, neighbourLinks, sitemapXml } from "../../../../src/build/prerender.ts";
import { buildSeo } from "../../../../src/build/seo/page-seo.ts";
import { formatProblem } from "../../../../src/content/format-problems.ts";
import { pageEntries, primaryAddresses } from "../../../../src/content/page-entries.ts";
import type { SiteContent } from "../../../../src/content/site.ts";
import type { PageEntry } from "../../../../src/shared/page-entry.ts";
import { siteWithListing } from "../../listing-site.ts";

/**
 * What search engines get from a listing split into numbered pages: each numbered page in the
 * sitemap, its own canonical address, title and description, the rel prev/next links of the
 * series, and structured data whose trail ends in the page's number.
 */
afterEach(() => siteWithListing.cleanup());

/** /things with 5 pages below at 2 a page: /things, /things/page/2 and /things/page/3. */
function split(): SiteContent {
  const content = siteWithListing(5, { cardsPerPage: "2" });
  expect(content.problems.map(formatProblem)).toEqual([]);
  return content;
}

const headOf = (content: SiteContent, url: string, entry: PageEntry) =>
  head({ site: content.site!, url, entry, siteFile: "assets/site-data-0.json", preloads: [], imagePreloads: [], extra: [] }).split("\n    ");

const tagsOf = (lines: string[], pattern: RegExp) => lines.filter((line) => pattern.test(line));

describe("the SEO step for a split listing", () => {
  it("lists every numbered page in the sitemap once, and no alias", () => {
    const content = split();
    const xml = sitemapXml(content.site!.url, primaryAddresses(content));
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const address of ["/things", "/things/page/2", "/things/page/3"])
      expect(locs.filter((l) => l === `https://fixture.example${address}`)).toHaveLength(1);
    expect(locs.some((l) => l!.includes("/all-things") || l!.includes("/things/page/4"))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it("gives each numbered page its own canonical address and the rel prev/next of the series; the alias points at the first page", () => {
    const content = split();
    const entries = new Map(pageEntries(content));
    const links = (address: string) => tagsOf(headOf(content, address, entries.get(address)!), /rel="(canonical|prev|next)"/);
    expect(links("/things")).toEqual([
      '<link rel="canonical" href="https://fixture.example/things" />',
      '<link rel="next" href="https://fixture.example/things/page/2" />',
    ]);
    expect(links("/all-things")).toEqual(links("/things"));
    expect(links("/things/page/2")).toEqual([
      '<link rel="canonical" href="https://fixture.example/things/page/2" />',
      '<link rel="prev" href="https://fixture.example/things" />',
      '<link rel="next" href="https://fixture.example/things/page/3" />',
    ]);
    expect(links("/things/page/3")).toEqual([
      '<link rel="canonical" href="https://fixture.example/things/page/3" />',
      '<link rel="prev" href="https://fixture.example/things/page/2" />',
    ]);
    // A page whose listing fits on one page, and any other page, names no neighbours.
    expect(links("/things/t001")).toEqual(['<link rel="canonical" href="https://fixture.example/things/t001" />']);
    const whole = siteWithListing(2, { cardsPerPage: "2" });
    const [, entry] = pageEntries(whole).find(([address]) => address === "/things")!;
    expect(neighbourLinks(whole.site!, entry)).toEqual([]);
  });

  it("every page of the site has a title and a description no other page has", () => {
    const content = split();
    const pages = pageEntries(content).filter(([address]) => !content.table.aliasOf.has(address));
    const titles = pages.map(([, e]) => (e.route === null ? "" : e.page.title));
    const descriptions = pages.map(([, e]) => (e.route === null ? "" : e.page.description));
    expect(new Set(titles).size).toBe(pages.length);
    expect(new Set(descriptions).size).toBe(pages.length);
    const heads = new Map(pages.map(([address, entry]) => [address, headOf(content, address, entry)]));
    expect(tagsOf(heads.get("/things/page/2")!, /<title>/)).toEqual(["<title>Things — page 2 | Fixture Co</title>"]);
    expect(tagsOf(heads.get("/things/page/3")!, /name="description"/)).toEqual([
      '<meta name="description" content="A listing of the things below this page, built from their cards. Page 3 of 3." />',
    ]);
  });

  it("gives a numbered page its first page's share picture, and a breadcrumb that ends in its number", async () => {
    const content = split();
    const out = mkdtempSync(join(tmpdir(), "nexa-seo-"));
    try {
      const seo = await buildSeo(content, out, out, { drawCards: false });
      const image = (tags: string[]) => tags.filter((t) => t.includes("og:image"));
      expect(image(seo.headFor("/things/page/2"))).toEqual(image(seo.headFor("/things")));
      const ld = seo.headFor("/things/page/3").filter((t) => t.startsWith('<script type="application/ld+json">'));
      expect(ld).toHaveLength(1);
      const trail = JSON.parse(ld[0]!.replace(/^<script[^>]*>|<\/script>$/g, "")) as { "@type": string; itemListElement: { name: string; item: string }[] };
      expect(trail["@type"]).toBe("BreadcrumbList");
      expect(trail.itemListElement.map((i) => [i.name, i.item])).toEqual([
        ["Home", "https://fixture.example/"],
        ["Things", "https://fixture.example/things"],
        ["Page 3", "https://fixture.example/things/page/3"],
      ]);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
