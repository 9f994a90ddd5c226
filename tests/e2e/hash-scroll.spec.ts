import { expect, hydrated, test } from "./fixtures.ts";

async function headerBottom(page: import("@playwright/test").Page) {
  return page.locator("body > #root > header").evaluate((h) => h.getBoundingClientRect().bottom);
}

test.describe("hash behaviour (SPEC §2.5)", () => {
  test("on load, the element whose id is the hash lands in view below the sticky header", async ({ page }) => {
    await page.goto("/products/details#summarizerpro");
    await hydrated(page);
    const target = page.locator("#summarizerpro");
    await expect.poll(async () => (await target.boundingBox())!.y, { timeout: 5000 }).toBeGreaterThanOrEqual(await headerBottom(page));
    const box = (await target.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.y).toBeLessThan(viewport.height);
    expect(box.y).toBeGreaterThanOrEqual(await headerBottom(page));
  });

  test("on a hash change, it scrolls smoothly to the new target", async ({ page }) => {
    await page.goto("/industries/details");
    await hydrated(page);
    await page.evaluate(() => (window.location.hash = "#real-estate"));
    const target = page.locator("#real-estate");
    await expect.poll(async () => Math.round((await target.boundingBox())!.y)).toBeGreaterThanOrEqual(Math.floor(await headerBottom(page)));
    // Landing is what matters, not speed: smooth scrolling under load can take seconds.
    await expect(target).toBeInViewport({ timeout: 15_000 });
  });

  test("both spellings of the operations agent land on it", async ({ page }) => {
    for (const hash of ["#nexaoperationalagent", "#nexaoperationsalagent"]) {
      await page.goto(`/products/details${hash}`);
      await hydrated(page);
      await expect(page.locator("#nexaoperationalagent-heading")).toBeInViewport({ timeout: 15_000 });
    }
  });

  test("an unknown hash scrolls to the top", async ({ page }) => {
    await page.goto("/careers");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.evaluate(() => (window.location.hash = "#no-such-id"));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("a reload keeps the place the visitor had scrolled to", async ({ page }) => {
    await page.goto("/careers");
    await hydrated(page);
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.reload();
    await hydrated(page);
    // The browser restores the position; the page, loaded without a hash, leaves it there.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
  });

  test("case studies open at the top and follow hash changes", async ({ page }) => {
    await page.goto("/about-us/case-study-all");
    await hydrated(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => (window.location.hash = "#ai-automation"));
    await expect(page.locator("#ai-automation-title")).toBeInViewport({ timeout: 15_000 });
  });

  test("following a link to another page's anchor lands on it", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.locator('main a[href^="/about-us/case-study-all#"]').first().click();
    await expect(page).toHaveURL(/case-study-all#/);
    const id = new URL(page.url()).hash.slice(1);
    await expect(page.locator(`[id="${id}"]`)).toBeInViewport({ timeout: 15_000 });
  });
});
