import { describe, expect, it, vi } from "vitest";
import { render } from "../../../../src/app/entry-server.tsx";
import { loadSiteContent } from "../../../../src/content/site.ts";
import { PROJECT } from "../../fixture-site.ts";

const content = loadSiteContent(PROJECT);
const page = content.pages.find((p) => p.route === "/industries/health")!;

describe("server render", () => {
  // The editor's review draws a page before and after an edit at the same moment: one address, two
  // entries. Each render must draw its own entry, and neither may fall back to fetching the data.
  it("draws two entries of one address at once, each its own, without fetching", async () => {
    const fetched = vi.spyOn(globalThis, "fetch");
    try {
      const [before, after] = await Promise.all(
        ["Health, before", "Health, after"].map((heading) => {
          const sections = page.data.sections.map((s, i) => (i === 0 ? { ...s, heading } : s));
          return render(page.route, { route: page.route, page: { ...page.data, sections } as typeof page.data }, content.site!);
        }),
      );
      expect([before!.includes("Health, before"), before!.includes("Health, after")]).toEqual([true, false]);
      expect([after!.includes("Health, after"), after!.includes("Health, before")]).toEqual([true, false]);
      expect(fetched).not.toHaveBeenCalled();
    } finally {
      fetched.mockRestore();
    }
  });
});
