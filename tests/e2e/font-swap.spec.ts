import { DESKTOP_ONLY, expect, FULL_BROWSER, test } from "./fixtures.ts";

/**
 * The bundled typeface swaps in without moving the page: the font file is held
 * back until the test has seen the first paint (not for a fixed time, which a busy machine can outlast), so the page first paints in the metric-matched fallback (src/app/styles/fonts.css), then
 * the layout shifts from the swap are added up. A fallback without the size and ascent overrides
 * rewraps lines and moves what follows them.
 */
const PAGES: [string, number][] = [
  ["/legal-privacy", 1280],
  ["/about-us/details", 1280],
  ["/", 375],
  ["/industries/health", 375],
];

// Pixels and font timing are measured in the full browser (see FULL_BROWSER).
test.use({ launchOptions: FULL_BROWSER });

test.describe("the font swap", DESKTOP_ONLY, () => {
  // Only in the desktop project: one browser sets each width.

  for (const [path, width] of PAGES) {
    test(`${path} at ${width} px: the swap from the fallback shifts the layout by less than 0.02 (CLS)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      let release = () => {};
      const released = new Promise<void>((done) => (release = done));
      await page.route("**/*.woff2", async (route) => {
        await released;
        await route.continue();
      });
      await page.addInitScript(() => {
        const w = window as unknown as { __shift: number };
        w.__shift = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shift += e.value;
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(path, { waitUntil: "domcontentloaded" });
      expect(await page.evaluate(() => document.fonts.check('16px "Public Sans"')), "the font is still held back at first paint").toBe(false);
      await page.waitForTimeout(300); // the fallback's own paint settles before the swap
      release();
      await page.evaluate(() => document.fonts.load('16px "Public Sans"'));
      await expect.poll(() => page.evaluate(() => document.fonts.check('16px "Public Sans"'))).toBe(true);
      await page.waitForTimeout(500);
      const shift = await page.evaluate(() => (window as unknown as { __shift: number }).__shift);
      console.log(`${path} at ${width} px: layout shift from the font swap ${shift.toFixed(4)}`);
      expect(shift).toBeLessThan(0.02);
    });
  }
});
