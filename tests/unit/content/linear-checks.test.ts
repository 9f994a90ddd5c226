import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FileCheck } from "../../../src/content/check-file.ts";
import { checkFile } from "../../../src/content/check-file.ts";
import { CrossChecks } from "../../../src/content/cross-checks.ts";
import { crossCheck, validatorsOf } from "../../../src/content/site.ts";
import { countOperations } from "../../../tools/test/op-count.ts";
import { PROJECT } from "../fixture-site.ts";

/**
 * The checks that need the whole site must grow with the page count, not its square: at 10,000
 * pages a quadratic step costs minutes. Counted, not timed: the work at 4n pages is compared
 * with the work at n (linear: 4 times; quadratic: 16 times).
 */

const settings = checkFile(PROJECT, join(PROJECT, "site", "_site.yaml"), validatorsOf(PROJECT));

const pageCheck = (route: string, data: object): FileCheck => ({
  file: `site${route}.yaml`,
  problems: [],
  loaded: { kind: "page", data, valid: true, refs: [], route, aliases: [] },
});

const card = (title: string) => ({ title, text: `What ${title} is about.` });
const prose = (heading: string) => ({ type: "prose", heading, body: ["Text."] });
const listing = (heading: string, from: string) => ({ type: "childCards", heading, from, anchors: true });

/**
 * n pages under one listing (the industries details page), and as many again in listings of
 * ten (a listing per group), so both one long listing and many short ones are counted.
 */
function syntheticSite(n: number): { files: string[]; results: FileCheck[] } {
  const results: FileCheck[] = [structuredClone(settings)];
  results.push(pageCheck("/industries", { title: "Industries", description: "All industries.", sections: [listing("{count} industries", "/industries")] }));
  results.push(
    pageCheck("/industries/details", {
      title: "Details",
      description: "Every industry.",
      card: card("Details"),
      sections: [listing("Every industry", "/industries/details")],
    }),
  );
  for (let i = 0; i < n; i++)
    results.push(
      pageCheck(`/industries/details/i${i}`, {
        title: `Industry ${i}`,
        description: `Industry ${i}.`,
        card: card(`Industry ${i}`),
        sections: [prose(`Industry ${i}`)],
      }),
    );
  for (let g = 0; g < n / 10; g++) {
    results.push(pageCheck(`/groups/g${g}`, { title: `Group ${g}`, description: `Group ${g}.`, sections: [listing(`Group ${g}`, `/groups/g${g}`)] }));
    for (let j = 0; j < 10; j++)
      results.push(
        pageCheck(`/groups/g${g}/p${j}`, { title: `Page ${g}.${j}`, description: `Page ${j}.`, card: card(`Page ${g}.${j}`), sections: [prose(`Page ${j}`)] }),
      );
  }
  return { files: results.map((r) => join(PROJECT, r.file)), results };
}

/** Two sizes, four times apart (a tenth of each is a listing of its own): quadratic work would show ×16. */
const SMALL = 120;
const LARGE = 480;

function operationsAt(n: number): number {
  const { files, results } = syntheticSite(n);
  // The settings' own links name real pages this synthetic site lacks: only the pages' problems are asked for.
  const only = results.slice(1).map((r) => r.file);
  const { result, operations } = countOperations(() => crossCheck(PROJECT, { files, problems: [] }, results, { only }));
  expect(result.problems).toEqual([]);
  expect(result.pages).toHaveLength(2 + n + n / 10 + n);
  return operations;
}

describe("the cross-file checks are linear in the page count", () => {
  it("do at most 4.5 times the work for 4 times the pages", () => {
    const small = operationsAt(SMALL);
    const large = operationsAt(LARGE);
    console.log(`cross-file checks: ${small} operations at ${SMALL} pages a listing, ${large} at ${LARGE} (×${(large / small).toFixed(2)})`);
    expect(large / small).toBeLessThan(4.5);
  });

  it("fill the long listing with every page in order", () => {
    const { files, results } = syntheticSite(20);
    const content = crossCheck(PROJECT, { files, problems: [] }, results, { only: results.slice(1).map((r) => r.file) });
    expect(content.problems).toEqual([]);
    const details = content.pages.find((p) => p.route === "/industries/details")!.data.sections[0]!;
    expect(details.type === "childCards" && details.cards!.map((c) => c.to).slice(0, 3)).toEqual([
      "/industries/details/i0",
      "/industries/details/i1",
      "/industries/details/i10",
    ]);
    expect(content.pages.find((p) => p.route === "/industries")!.data.sections[0]!.heading).toBe("One industries");
  });
});

/**
 * A change to one file, once the site is checked, redoes what it reaches and no more: its own
 * cross checks, the listing it is in, the links into it. Counted the same way, at n and 4n pages
 * the work must be about the same (it would be 4 times for checks that walk the site).
 */
function oneChangeAt(n: number, change: (data: { title: string; card: { title: string } }) => void): number {
  const { files, results } = syntheticSite(n);
  const only = results.slice(1).map((r) => r.file);
  const checks = new CrossChecks(PROJECT, () => new Set()).update({ files, problems: [] }, results);
  expect(checks.content({ only }).problems).toEqual([]);
  const at = results.findIndex((r) => r.file === "site/groups/g0/p3.yaml");
  const edited = structuredClone(results[at]!);
  change(edited.loaded!.data as { title: string; card: { title: string } });
  const { result, operations } = countOperations(() => checks.change([{ full: files[at]!, result: edited }]));
  const after = result.content({ only });
  expect(after.problems).toEqual([]);
  // The same content as a full check of the edited site.
  const full = crossCheck(PROJECT, { files, problems: [] }, results.with(at, edited), { only });
  expect(after.pages).toEqual(full.pages);
  return operations;
}

describe("a one-file change redoes work that does not grow with the page count", () => {
  it.each([
    ["title", (data: { title: string }) => (data.title = "Renamed")],
    ["card, in a listing of ten", (data: { card: { title: string } }) => (data.card.title = "A card renamed")],
  ])("a page's %s: about the same work at 4 times the pages", (_what, change) => {
    const small = oneChangeAt(SMALL, change as (data: { title: string; card: { title: string } }) => void);
    const large = oneChangeAt(LARGE, change as (data: { title: string; card: { title: string } }) => void);
    console.log(`one change: ${small} operations at ${SMALL} pages a listing, ${large} at ${LARGE} (×${(large / small).toFixed(2)})`);
    expect(large / small).toBeLessThan(1.25);
  });
});
