import { ALIASES, ANCHORS } from "../spec-routes.ts";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";

// Each route's structure (h1, header, footer, console, sideways scrolling) is checked in the
// one-visit-per-route sweep of a11y.spec.ts; these read the prerendered HTML, once.
test.describe("the prerendered HTML", DESKTOP_ONLY, () => {
  // Only in the desktop project: reads HTML, once.

  for (const [path, ids] of Object.entries(ANCHORS)) {
    test(`${path} defines its ${ids.length} anchors of SPEC §2.3`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      for (const id of ids) expect(html, `#${id}`).toContain(`id="${id}"`);
    });
  }

  test("aliases show their page, with a canonical link to the page's own address", async ({ request }) => {
    for (const [alias, primary] of Object.entries(ALIASES)) {
      const html = await (await request.get(alias)).text();
      expect(html).toContain(`<link rel="canonical" href="https://www.nexa.ai${primary}" />`);
    }
  });
});
