import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import type { ReactElement } from "react";
import { Anchors } from "../../../../src/app/blocks/Anchors.tsx";
import { CardGrid } from "../../../../src/app/blocks/CardGrid.tsx";
import { Hero } from "../../../../src/app/blocks/Hero.tsx";
import { PageSections } from "../../../../src/app/blocks/PageSections.tsx";
import { Prose } from "../../../../src/app/blocks/Prose.tsx";
import { blockComponent, loadBlocks } from "../../../../src/app/blocks/loaded-blocks.ts";
import { registry } from "../../../../src/app/blocks/registry.ts";
import { blockSource } from "../../../../src/shared/block-source.ts";
import type { Section } from "../../../../src/app/blocks/types.ts";
import { Table } from "../../../../src/app/blocks/Table.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";
import { SectionIndex } from "../../../../src/app/ui/Heading.tsx";
import { createValidators } from "../../../../src/content/ajv.ts";
import { PROJECT } from "../../fixture-site.ts";

const html = (el: ReactElement) => renderToString(<SiteRouter ssrPath="/">{el}</SiteRouter>);

describe("blocks render semantic HTML from plain data", () => {
  it("hero: the first section's heading is the h1, with text and buttons", () => {
    const out = html(
      <Hero type="hero" heading="Explore Careers with Us" text="Join **us**." height={700} actions={[{ label: "Contact Us", to: "/connect" }]} />,
    );
    expect(out).toContain("<h1");
    expect(out).toContain(">Explore Careers with Us</h1>");
    expect(out).toContain("<strong>us</strong>");
    expect(out).toContain('href="/connect"');
    expect(out).toContain('data-height="700"');
  });

  it("cardGrid: cards keep their anchor ids, images their size and alt", () => {
    const cards = (
      <CardGrid
        type="cardGrid"
        heading="Cards"
        cards={[
          {
            id: "job-search",
            title: "Job search",
            text: "Find roles.",
            image: { src: "/a.svg", alt: "A chart", width: 600, height: 400 },
            action: { label: "Know More", to: "/connect" },
          },
        ]}
      />
    );
    const out = html(cards);
    expect(out).toContain('id="job-search"');
    expect(out).toContain('alt="A chart"');
    expect(out).toContain('width="600"');
    expect(out).toContain('height="400"');
    // The first row of the first sections may hold the largest paint: not lazy. Further down, lazy.
    expect(out).toContain('loading="eager"');
    expect(html(<SectionIndex.Provider value={2}>{cards}</SectionIndex.Provider>)).toContain('loading="lazy"');
    // The card's title goes with its button, for screen readers and search engines alike.
    expect(out).toContain('>Know More<span class="visually-hidden">: Job search</span></a>');
  });

  it("table: column headings, row headers and data labels for the phone layout", () => {
    const out = html(<Table type="table" caption="Fees" columns={["Program", "Price"]} rows={[["Applied Data Science", "₹15000 + GST"]]} />);
    expect(out).toContain("<caption");
    expect(out).toContain('<th scope="col">Program</th>');
    expect(out).toContain('<th scope="row" data-label="Program">Applied Data Science</th>');
    expect(out).toMatch(/<td data-label="Price" class="[^"]+">₹15000 \+ GST<\/td>/);
  });

  it.each([
    ["3 months", true],
    ["₹12000 + GST", true],
    ["1 year 2 months", true],
    ["Full Stack AI Product Development", false],
    ["Build a complete AI-powered web product", false],
  ])("table: a column whose every cell is as short as %j never wraps: %s", (cell, short) => {
    const out = html(
      <Table
        type="table"
        columns={["Value", "Other"]}
        rows={[
          [cell, "x"],
          ["3 months", "y"],
        ]}
      />,
    );
    const headingClass = /<th scope="col"( class="[^"]+")?>Value<\/th>/.exec(out)?.[1];
    expect(headingClass !== undefined).toBe(short);
    expect(/<th scope="row" data-label="Value" class="[^"]+">/.test(out)).toBe(short);
    expect(out).toMatch(/<th scope="col" class="[^"]+">Other<\/th>/);
  });

  it("anchors: a link list and a section per id, with alternative ids", () => {
    const out = html(
      <Anchors
        type="anchors"
        heading="Products"
        sections={[{ id: "nexaoperationalagent", altIds: ["nexaoperationsalagent"], heading: "Operations agent", body: ["Runs operations."] }]}
      />,
    );
    expect(out).toContain('href="#nexaoperationalagent"');
    expect(out).toContain('id="nexaoperationalagent"');
    expect(out).toContain('id="nexaoperationsalagent"');
    expect(out).toContain("<nav");
  });

  it("prose: paragraphs, lists and links, with no raw HTML", () => {
    const out = html(
      <Prose type="prose" heading="Policy" body={["See [us](/connect).", { bullets: ["One", "Two"] }, { numbered: ["First"] }, "<script>x</script>"]} />,
    );
    expect(out).toContain('<a href="/connect">us</a>');
    expect(out).toContain("<ul><li>One</li><li>Two</li></ul>");
    expect(out).toContain("<ol><li>First</li></ol>");
    expect(out).toContain("&lt;script&gt;x&lt;/script&gt;");
    expect(out).not.toContain("<script>");
  });

  it("external links open in a new tab with rel=noopener noreferrer", () => {
    const out = html(<Hero type="hero" heading="H" actions={[{ label: "Portfolio", to: "https://portfolio.example.com", external: true }]} />);
    expect(out).toContain('target="_blank"');
    expect(out).toContain('rel="noopener noreferrer"');
  });

  it("PageSections makes only the first section's heading an h1", async () => {
    const sections: Section[] = [
      { type: "hero", heading: "Main" },
      { type: "prose", heading: "Second", body: ["Text."] },
    ];
    await loadBlocks(sections);
    const out = html(<PageSections sections={sections} />);
    expect(out.match(/<h1/g)).toHaveLength(1);
    expect(out).toContain(">Second</h2>");
  });
});

describe("the registry", () => {
  it("has exactly the block types the page schema allows, sorted", () => {
    const { blockTypes } = createValidators(join(PROJECT, "schema"));
    expect(Object.keys(registry)).toEqual([...blockTypes].sort());
    expect(Object.keys(registry)).toEqual(Object.keys(registry).sort());
  });

  it("loads each block from the file the build preloads for it (src/app/blocks/<Type>.tsx, exporting <Type>)", async () => {
    for (const [type, load] of Object.entries(registry)) {
      const name = blockSource(type).replace(/^src\/app\/blocks\/|\.tsx$/g, "");
      const module = (await import(`../../../../${blockSource(type)}`)) as Record<string, unknown>;
      expect(module[name], `${type} → ${blockSource(type)}`).toBeTypeOf("function");
      expect(await load(), type).toBe(module[name]);
    }
  });

  it("refuses to draw a block that was not loaded first, naming it", () => {
    expect(() => blockComponent("notABlock" as Section["type"])).toThrow("the notABlock block was drawn before it was loaded");
  });
});
