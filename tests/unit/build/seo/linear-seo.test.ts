import { describe, expect, it } from "vitest";
import { pageSeoOf, siteTreeOf } from "../../../../src/build/seo/page-seo.ts";
import { hasPagesBelow } from "../../../../src/content/page-place.ts";
import type { ContentPage } from "../../../../src/content/site.ts";
import { loadSiteContent } from "../../../../src/content/site.ts";
import type { Page } from "../../../../src/shared/generated/schema-types.ts";
import { countOperations } from "../../../../tools/test/op-count.ts";
import { PROJECT } from "../../fixture-site.ts";

/**
 * The SEO step works out every page's structured data and card; at 100,000 pages a step that
 * looks at every page for each page costs half a minute. Counted, not timed: the work at 4n
 * pages against the work at n (linear: 4 times; quadratic: 16 times).
 */

const real = loadSiteContent(PROJECT);

/** The real site with n synthetic industries below /industries/details. */
function pagesWith(n: number): ContentPage[] {
  const extra: ContentPage[] = Array.from({ length: n }, (_, i) => {
    const data: Page = {
      title: `Industry ${i} | Nexa AI`,
      description: `Industry ${i}.`,
      card: { title: `Industry ${i}`, text: "About it." },
      sections: [{ type: "prose", heading: `Industry ${i}`, body: ["Text."] }],
    } as Page;
    return { file: `site/industries/details/i${i}.yaml`, route: `/industries/details/i${i}`, aliases: [], data };
  });
  return [...real.pages, ...extra];
}

function operationsAt(n: number): number {
  const pages = pagesWith(n);
  const { operations } = countOperations(() => {
    const tree = siteTreeOf(real.site!, pages, real.table.primaryOf);
    for (const page of pages) pageSeoOf(tree, page.route);
  });
  return operations;
}

describe("the SEO step is linear in the page count", () => {
  it("does at most 4.5 times the work for 4 times the pages", () => {
    const small = operationsAt(500);
    const large = operationsAt(2000);
    console.log(`SEO step: ${small} operations at 500 extra pages, ${large} at 2,000 (×${(large / small).toFixed(2)})`);
    expect(large / small).toBeLessThan(4.5);
  });

  it.each([
    ["/", true],
    ["/industries", true],
    ["/industries/details", true],
    ["/industries/details/i1", false],
    ["/industries/health", false],
    ["/courses/normal-course/data-and-ai", true],
    ["/courses/normal-course/data-and-ai/data-engineering", false],
    ["/legal-privacy", false],
  ])("still tells a listing from a page at the end of its branch: %s has pages below: %s", (route, below) => {
    const tree = siteTreeOf(real.site!, pagesWith(3), real.table.primaryOf);
    expect(hasPagesBelow(tree, route)).toBe(below);
  });
});
