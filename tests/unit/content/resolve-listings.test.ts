import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { childrenOf, parentOf } from "../../../src/content/resolve-listings.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { fixtureRoot } from "../fixture-site.ts";

let cleanup = () => {};
afterEach(() => cleanup());

/** The first lines of a page file `depth` folders below site/: the editor's schema line and the format version. */
const head = (depth: number) => `# yaml-language-server: $schema=${"../".repeat(depth + 1)}schema/page.schema.json\nschemaVersion: 2\n`;

const page = (title: string, card?: string, depth = 1) =>
  `${head(depth)}title: ${title}\ndescription: The ${title} page of the fixture site, for listing tests.\n${card ?? ""}sections:\n  - type: prose\n    heading: ${title}\n    body: [Text.]\n`;

function siteWithListing() {
  const made = fixtureRoot();
  cleanup = made.cleanup;
  const dir = join(made.root, "site", "things");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, "index.yaml"),
    `${head(1)}title: Things\ndescription: A listing of the things below this page, built from their cards.\nsections:\n  - type: childCards\n    heading: Things\n    from: /things\n    anchors: true\n    linkLabel: Read more\n`,
  );
  writeFileSync(join(dir, "beta.yaml"), page("Beta", "card:\n  title: Beta card\n  text: Second.\n  order: 2\n"));
  writeFileSync(
    join(dir, "alpha.yaml"),
    page("Alpha", "card:\n  title: Alpha card\n  text: First.\n  order: 1\n  facts: [{ label: Duration, value: 6 months }]\n"),
  );
  writeFileSync(join(dir, "no-card.yaml"), page("No card"));
  return made.root;
}

describe("listings built from child pages", () => {
  it.each([
    ["/industries/health", "/industries"],
    ["/industries", "/"],
    ["/", "/"],
  ])("parentOf(%s) is %s", (route, parent) => expect(parentOf(route)).toBe(parent));

  it("fills childCards from the children's card: fields, in order, with anchor ids", () => {
    const content = loadSiteContent(siteWithListing());
    expect(content.problems.map(formatProblem)).toEqual([]);
    const listing = content.pages.find((p) => p.route === "/things")!.data.sections[0]!;
    expect(listing).toMatchObject({
      type: "childCards",
      cards: [
        { id: "alpha", title: "Alpha card", text: "First.", facts: [{ label: "Duration", value: "6 months" }], to: "/things/alpha" },
        { id: "beta", title: "Beta card", text: "Second.", to: "/things/beta" },
      ],
    });
  });

  it("lets links point at the anchors the listing creates", () => {
    const root = siteWithListing();
    writeFileSync(
      join(root, "site", "link.yaml"),
      page("Link", undefined, 0).replace("body: [Text.]", 'body: ["See [alpha](/things#alpha) and [gamma](/things#gamma)."]'),
    );
    const problems = loadSiteContent(root).problems.map(formatProblem);
    expect(problems).toEqual(['site/link.yaml:8:12  link "/things#gamma": the page /things has no anchor "gamma" — its anchors are: alpha, beta']);
  });

  it("says so when no page below the address has a card", () => {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    writeFileSync(
      join(made.root, "site", "empty-listing.yaml"),
      `${head(0)}title: Empty listing\ndescription: A listing of the pages below /about, which has no pages below it.\nsections:\n  - type: childCards\n    heading: Nothing\n    from: /about\n`,
    );
    expect(loadSiteContent(made.root).problems.map(formatProblem)).toEqual([
      "site/empty-listing.yaml:8:11  sections[0] (childCards): no page below /about has a card: field — give the pages under site/about/ a card: with title and text",
    ]);
  });

  it("childrenOf orders by card order, then title, one level deep only", () => {
    const content = loadSiteContent(siteWithListing());
    const pages = content.pages.map((p) => ({ ...p, loaded: undefined as never }));
    expect(childrenOf("/things", pages).map((p) => p.route)).toEqual(["/things/alpha", "/things/beta", "/things/no-card"]);
  });
});
