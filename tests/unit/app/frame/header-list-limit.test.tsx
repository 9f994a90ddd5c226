import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../../src/content/format-problems.ts";
import { DEFAULT_LIST_LIMIT } from "../../../../src/content/resolve-listings.ts";
import { loadSiteContent } from "../../../../src/content/site.ts";
import { Header } from "../../../../src/app/frame/Header.tsx";
import { hasPanel, panelId } from "../../../../src/app/frame/nav-items.ts";
import { NavPanel } from "../../../../src/app/frame/NavPanel.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";
import { PROJECT, siteCopyRoot } from "../../fixture-site.ts";

let cleanup = () => {};
afterEach(() => cleanup());

/** A copy of the real site with `extra` more industries, ordered after the ten it has. */
function siteWithIndustries(extra: number, siteYaml?: (text: string) => string) {
  const made = siteCopyRoot();
  cleanup = made.cleanup;
  const template = readFileSync(join(made.root, "site", "industries", "health.yaml"), "utf8");
  for (let i = 1; i <= extra; i++) {
    const page = template
      .replace(/^title: .*$/m, `title: Sector ${i} | Nexa AI`)
      .replace(/^(\s+)title: Health$/m, `$1title: Sector ${i}`)
      .replace(/^(\s+)order: \d+$/m, `$1order: ${100 + i}`);
    writeFileSync(join(made.root, "site", "industries", `sector-${i}.yaml`), page);
  }
  if (siteYaml) {
    const file = join(made.root, "site", "_site.yaml");
    writeFileSync(file, siteYaml(readFileSync(file, "utf8")));
  }
  const content = loadSiteContent(made.root);
  expect(content.problems.map(formatProblem)).toEqual([]);
  return content;
}

const industriesGroup = (content: ReturnType<typeof loadSiteContent>) =>
  content.site!.header.items.find((i) => i.label === "Industries")!.panel!.groups.find((g) => g.from === "/industries")!;

describe("a from: group in a header panel is capped (so a header panel stays the same size however many pages the site has)", () => {
  it("the schema's default for header.listLimit is the one the build uses", () => {
    const schema = JSON.parse(readFileSync(join(PROJECT, "schema", "site.schema.json"), "utf8"));
    expect(schema.properties.header.properties.listLimit.default).toBe(DEFAULT_LIST_LIMIT);
    expect(DEFAULT_LIST_LIMIT).toBe(12);
  });

  it("with 50 industries the panel lists the first 12 in card order, then All industries; the overview lists all 50", () => {
    const content = siteWithIndustries(40);
    const links = industriesGroup(content).links!;
    expect(links).toHaveLength(13);
    expect(links.slice(0, 3).map((l) => l.label)).toEqual(["Advanced Manufacturing", "Consumer", "Energy & Resources"]);
    expect(links.slice(10, 12).map((l) => l.label)).toEqual(["Sector 1", "Sector 2"]);
    expect(links.at(-1)).toEqual({ label: "All industries", to: "/industries/details" });
    const overview = content.pages.find((p) => p.route === "/industries/details")!.data.sections.find((s) => s.type === "childCards")!;
    expect(overview.type === "childCards" && overview.cards).toHaveLength(50);
  });

  it.each([1, 30])("listLimit: %i in _site.yaml lists that many", (limit) => {
    const content = siteWithIndustries(25, (text) => text.replace("  contact: {", `  listLimit: ${limit}\n  contact: {`));
    expect(industriesGroup(content).links).toHaveLength(Math.min(limit, 35) + 1);
  });

  it("fewer pages than the limit: every one, then All industries", () => {
    const links = industriesGroup(siteWithIndustries(0)).links!;
    expect(links.map((l) => l.label)).toHaveLength(11);
    expect(links.at(-1)!.label).toBe("All industries");
  });

  it("the header's HTML holds no panel link (the panels are drawn after hydration, the phone menu only while open); drawn, the panels hold each link once, whatever the site's size", () => {
    const content = siteWithIndustries(60);
    const hrefsOf = (html: string) => [...html.matchAll(/<a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    const html = renderToString(
      <SiteRouter ssrPath="/legal-privacy">
        <Header site={content.site!} />
      </SiteRouter>,
    );
    expect(hrefsOf(html).filter((h) => h !== "/" && h !== content.site!.header.contact.to)).toEqual([]);
    expect(html).not.toContain('id="panel-');
    expect(html).not.toContain("aria-controls");
    expect(html).not.toContain('id="mobile-menu"');
    const panels = renderToString(
      <SiteRouter ssrPath="/legal-privacy">
        {content.site!.header.items.filter(hasPanel).map((item) => (
          <NavPanel key={item.to} item={item} id={panelId(item)} open={false} pathname="/legal-privacy" onClose={() => undefined} />
        ))}
      </SiteRouter>,
    );
    const hrefs = hrefsOf(panels);
    const industryPages = hrefs.filter((h) => /^\/industries\/(?!details)/.test(h));
    expect(industryPages).toHaveLength(12);
    expect(new Set(industryPages).size).toBe(12);
    expect(hrefs.filter((h) => h === "/industries/details")).toHaveLength(1);
    expect(hrefs.filter((h) => h === "/products/details#summarizerpro")).toHaveLength(1);
  });
});
