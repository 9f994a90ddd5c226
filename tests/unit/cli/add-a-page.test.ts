import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { sitemapXml } from "../../../src/build/prerender.ts";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { siteCopyRoot } from "../fixture-site.ts";

let cleanup = () => {};
afterEach(() => cleanup());

const MINING = `# yaml-language-server: $schema=../../schema/page.schema.json
schemaVersion: 2
title: Mining | Nexa AI
description: How Nexa AI applies computer vision and predictive models to safer, more efficient mines and quarries.
card:
  title: Mining
  text: Safer sites and steadier output with vision and predictive maintenance.
  image: { src: /industries/energy-resources.svg, alt: An illustration of energy and resources, width: 800, height: 500 }
  order: 11
sections:
  - type: hero
    heading: AI for mining
    height: 600
    actions:
      - { label: Contact Us, to: /connect }
`;

describe("adding an industry is one new file", () => {
  it("appears in the industries overview, the Industries header panel and the sitemap", () => {
    const made = siteCopyRoot();
    cleanup = made.cleanup;
    writeFileSync(join(made.root, "site", "industries", "mining.yaml"), MINING);
    const content = loadSiteContent(made.root);
    expect(content.problems.map(formatProblem)).toEqual([]);

    const overview = content.pages.find((p) => p.route === "/industries/details")!;
    const listing = overview.data.sections.find((s) => s.type === "childCards")!;
    expect(listing.type === "childCards" && listing.cards?.map((c) => c.to)).toContain("/industries/mining");
    expect(listing.type === "childCards" && listing.cards?.at(-1)).toMatchObject({ id: "mining", title: "Mining", to: "/industries/mining" });

    const industries = content.site!.header.items.find((i) => i.label === "Industries")!;
    const panelLinks = industries.panel!.groups.flatMap((g) => g.links ?? []);
    expect(panelLinks).toContainEqual({ label: "Mining", to: "/industries/mining" });

    const sitemap = sitemapXml(
      content.site!.url,
      content.pages.map((p) => p.route),
    );
    expect(sitemap).toContain("<loc>https://www.nexa.ai/industries/mining</loc>");
  });
});
