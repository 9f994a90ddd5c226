import type { Browser, Locator, Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * Forced colours (Windows high contrast): every icon, state and current-item mark stays visible.
 * Forced colours drop backgrounds and shadows, so each mark is checked where it is drawn: the
 * pixels of its box must hold enough "ink" (pixels at 3:1 or more against the forced background). Screenshots of the header, the open menu and the home page's controls at 375 and 1280
 * are kept with the test's results for a person to look at.
 */

/**
 * How many pixels stand out at 3:1 or more against the page's forced background colour (Canvas),
 * in the element's box shrunk by `inset` px on each side (to leave a button's own border out), or
 * in its bottom `bottomRows` rows.
 */
async function inkOf(page: Page, target: Locator, { inset = 0, bottomRows }: { inset?: number; bottomRows?: number } = {}): Promise<number> {
  const box = (await target.boundingBox())!;
  const clip = bottomRows
    ? { x: box.x, y: box.y + box.height - bottomRows, width: box.width, height: bottomRows }
    : { x: box.x + inset, y: box.y + inset, width: box.width - 2 * inset, height: box.height - 2 * inset };
  const png = await page.screenshot({ clip });
  return page.evaluate(async (data) => {
    const img = new Image();
    img.src = `data:image/png;base64,${data}`;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = img.width;
    canvas.height = img.height;
    const ctx = canvas.getContext("2d")!;
    ctx.drawImage(img, 0, 0);
    const px = ctx.getImageData(0, 0, img.width, img.height).data;
    const lum = (r: number, g: number, b: number) => {
      const c = (v: number) => ((v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g)!.map(Number) as [number, number, number];
    const bg = lum(r, g, b);
    let ink = 0;
    for (let i = 0; i < px.length; i += 4) {
      const l = lum(px[i]!, px[i + 1]!, px[i + 2]!);
      if ((Math.max(l, bg) + 0.05) / (Math.min(l, bg) + 0.05) >= 3) ink++;
    }
    return ink;
  }, png.toString("base64"));
}

async function forcedPage(browser: Browser, path: string, width: number) {
  const phone = width <= 768;
  const context = await browser.newContext({ viewport: { width, height: phone ? 812 : 800 }, isMobile: phone, hasTouch: phone, forcedColors: "active" });
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  expect(await page.evaluate(() => matchMedia("(forced-colors: active)").matches)).toBe(true);
  return page;
}

test.describe("forced colours", DESKTOP_ONLY, () => {
  // Only in the desktop project: each width is its own window.

  test("at 375: the menu icon's bars and the open menu's ✕ show, and the current page stays marked", async ({ browser }, testInfo) => {
    test.slow();
    const page = await forcedPage(browser, "/careers", 375);
    const button = page.locator("#menu-button");
    await page.screenshot({ path: testInfo.outputPath("forced-375-header.png"), clip: { x: 0, y: 0, width: 375, height: 120 } });
    // Three 20×2 bars: at least 100 pixels of ink (the border of the button is outside the icon's box).
    expect(await inkOf(page, button, { inset: 8 })).toBeGreaterThanOrEqual(100);
    await button.click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.locator("#mobile-menu summary", { hasText: "Careers" }).click();
    await page.screenshot({ path: testInfo.outputPath("forced-375-menu.png") });
    // The ✕: two crossing 20×2 bars.
    expect(await inkOf(page, button, { inset: 8 })).toBeGreaterThanOrEqual(50);
    const current = page.locator("#mobile-menu a[aria-current='page']");
    await expect(current).toHaveCount(1);
    expect(await current.evaluate((a) => getComputedStyle(a).textDecorationLine)).toBe("underline");
    await page.context().close();
  });

  for (const width of [375, 1280]) {
    test(`at ${width}: the play/pause icons, the pause control and the current slide's dot show on the home page`, async ({ browser }, testInfo) => {
      test.slow();
      const page = await forcedPage(browser, "/", width);
      const pauseAll = page.locator("header").getByRole("button", { name: "Pause all motion" });
      const intro = page.getByRole("button", { name: "Pause background video" });
      const rotation = page.locator('[aria-roledescription="carousel"] button').first();
      const pickers = page.locator('[aria-roledescription="carousel"] [role="group"] button');
      const currentDot = pickers.and(page.locator('[aria-current="true"]')).locator("span");
      const otherDot = pickers.and(page.locator(":not([aria-current])")).first().locator("span");
      // Each icon inside its button, the button's own border left out: two 4×14 bars.
      for (const [what, control] of [
        ["pause control (bars)", pauseAll],
        ["intro pause (bars)", intro],
      ] as const) {
        expect(await inkOf(page, control, { inset: 8 }), what).toBeGreaterThanOrEqual(90);
      }
      const box = (await pauseAll.boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.move(0, 0);
      await expect(pauseAll).toHaveAttribute("aria-pressed", "true");
      // Paused, each shows a play triangle (two thirds of a 16×13 box).
      expect(await inkOf(page, pauseAll, { inset: 8 }), "pause control (triangle)").toBeGreaterThanOrEqual(80);
      expect(await inkOf(page, intro, { inset: 8 }), "intro (triangle)").toBeGreaterThanOrEqual(80);
      await page.screenshot({ path: testInfo.outputPath(`forced-${width}-home-top.png`), clip: { x: 0, y: 0, width, height: 800 } });
      await rotation.scrollIntoViewIfNeeded();
      expect(await inkOf(page, rotation, { inset: 8 }), "slideshow rotation (triangle)").toBeGreaterThanOrEqual(80);
      // The current dot is filled, the other hollow: clearly more ink.
      const dots = [await inkOf(page, currentDot), await inkOf(page, otherDot)];
      expect(dots[0], `current dot ${dots[0]} vs other ${dots[1]}`).toBeGreaterThan(dots[1]! * 1.5);
      await page.screenshot({ path: testInfo.outputPath(`forced-${width}-slideshow.png`) });
      await page.context().close();
    });
  }

  test("at 1280: the current section's underline and the open item's outline show", async ({ browser }, testInfo) => {
    test.slow();
    const page = await forcedPage(browser, "/careers/careerall", 1280);
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = nav.getByRole("button", { name: "Careers", exact: true });
    const other = nav.getByRole("button", { name: "Insights", exact: true });
    await expect(current).toHaveAttribute("data-section-current", "true");
    // The bottom 3 rows of the item: the underline is there, across most of its width; not under another item.
    const width = (await current.boundingBox())!.width;
    expect(await inkOf(page, current, { bottomRows: 3 })).toBeGreaterThanOrEqual(width * 2);
    expect(await inkOf(page, other, { bottomRows: 3 })).toBeLessThan(10);
    // Opened from the keyboard: the pointer stays away, so nothing but the outline marks the open item.
    await other.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator("#panel-insights")).toBeVisible();
    // Open: outlined (two px on each side of the box).
    expect(await inkOf(page, other, { bottomRows: 2 })).toBeGreaterThan((await other.boundingBox())!.width);
    await page.screenshot({ path: testInfo.outputPath("forced-1280-panel.png"), clip: { x: 0, y: 0, width: 1280, height: 600 } });
    await page.context().close();
  });
});
