import { ALIASES, ANCHORS, PRIMARY_ROUTES } from "../spec-routes.ts";
import { expect, hydrated, test } from "./fixtures.ts";

const ALL = [...PRIMARY_ROUTES, ...Object.keys(ALIASES)];

test.describe("every route and alias of SPEC §2.2", () => {
  for (const path of ALL) {
    test(`${path}: one h1, header and footer, no console errors, no sideways scrolling`, async ({ page, consoleProblems }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await hydrated(page);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).not.toBeEmpty();
      await expect(page.locator("body > #root > header")).toHaveCount(1);
      await expect(page.locator("body > #root > footer")).toHaveCount(1);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
      expect(consoleProblems).toEqual([]);
    });
  }
});

test.describe("anchors of SPEC §2.3 in the prerendered HTML", () => {
  for (const [path, ids] of Object.entries(ANCHORS)) {
    test(`${path} defines ${ids.length} anchors`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      for (const id of ids) expect(html, `#${id}`).toContain(`id="${id}"`);
    });
  }
});

test("aliases show their page, with a canonical link to the page's own address", async ({ request }) => {
  for (const [alias, primary] of Object.entries(ALIASES)) {
    const html = await (await request.get(alias)).text();
    expect(html).toContain(`<link rel="canonical" href="https://www.nexa.ai${primary}" />`);
  }
});
