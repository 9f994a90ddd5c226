import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

test.describe("layout follows resizing across 768px without a reload (SPEC §4)", DESKTOP_ONLY, () => {
  // Only in the desktop project: resizes a desktop window.

  test("internship table ↔ card list", async ({ page }) => {
    await page.goto("/courses/internship/short-term");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const row = page.locator("table tbody tr").first();
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe("table-row");
    await page.setViewportSize({ width: 768, height: 800 });
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe("block");
    await expect(page.locator("table thead")).toHaveCSS("position", "absolute");
    await page.setViewportSize({ width: 769, height: 800 });
    expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe("table-row");
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  });

  test("image column beside text ↔ stacked, and images hidden on phones where the data says so", async ({ page }) => {
    await page.goto("/industries/agriculture");
    await hydrated(page);
    const split = page.locator("section [class*='split']").first();
    const columns = () => split.evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    expect(await columns()).toBe(2);
    const hidden = page.locator(".hide-on-mobile").first();
    await expect(hidden).toBeVisible();
    await page.setViewportSize({ width: 600, height: 800 });
    expect(await columns()).toBe(1);
    await expect(hidden).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await columns()).toBe(2);
    await expect(hidden).toBeVisible();
  });

  test("contact panel (desktop) ↔ Get in Touch button (phone)", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const getInTouch = page.getByRole("link", { name: "Get in Touch" });
    const panel = page
      .locator("main [class*='panel']")
      .filter({ has: page.locator('a[href="/courses/special-course"]') })
      .first();
    await expect(getInTouch).toBeHidden();
    await expect(panel).toBeVisible();
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(getInTouch).toBeVisible();
    await expect(getInTouch).toHaveAttribute("href", "/connect");
    await expect(panel).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(panel).toBeVisible();
  });

  test("header: desktop navigation ↔ menu button", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const menu = page.getByRole("button", { name: "Menu" });
    await expect(menu).toBeHidden();
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(menu).toBeVisible();
    await expect(page.locator("header").getByRole("button", { name: "Careers" })).toBeHidden();
    await page.setViewportSize({ width: 769, height: 800 });
    await expect(menu).toBeHidden();
    await expect(page.locator("header").getByRole("button", { name: "Careers" })).toBeVisible();
  });

  test("the prerendered page has the phone layout before any script runs", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    await page.goto("/courses/internship/long-term");
    expect(
      await page
        .locator("table tbody tr")
        .first()
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe("block");
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Get in Touch" })).toBeVisible();
    await context.close();
  });
});
