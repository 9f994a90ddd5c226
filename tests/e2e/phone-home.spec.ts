import { DESKTOP_ONLY, expect, hydrated, PHONE_ONLY, test } from "./fixtures.ts";

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("the home page on a phone", PHONE_ONLY, () => {
  // Only in the phone project: phone layout.

  for (const width of [320, 375, 430]) {
    test(`at ${width} px the slideshow's picture is uncovered, its caption below it, and the controls off the text`, async ({ page }) => {
      await page.setViewportSize({ width, height: 812 });
      await page.goto("/");
      await hydrated(page);
      const carousel = page.locator("[aria-roledescription='carousel']");
      await carousel.scrollIntoViewIfNeeded();
      const slide = carousel.locator("figure").first();
      const picture = (await slide.locator("img").boundingBox())!;
      const caption = (await slide.locator("figcaption").boundingBox())!;
      expect(picture.height).toBeGreaterThan(width / 3);
      expect(caption.y).toBeGreaterThanOrEqual(picture.y + picture.height - 1);
      for (const control of await carousel.locator("button").all()) expect(overlap((await control.boundingBox())!, caption)).toBe(false);
    });

    test(`at ${width} px the logo strip shows at least three logos at once, at least 32 px tall`, async ({ page }) => {
      await page.setViewportSize({ width, height: 812 });
      await page.goto("/");
      await hydrated(page);
      const strip = page.locator("[class*='marquee']").first();
      await strip.scrollIntoViewIfNeeded();
      const frame = (await strip.boundingBox())!;
      const logos = await strip.locator("img").evaluateAll((imgs) => imgs.map((i) => i.getBoundingClientRect().toJSON() as DOMRect));
      const inside = logos.filter((r) => r.left >= frame.x && r.right <= frame.x + frame.width);
      expect(inside.length).toBeGreaterThanOrEqual(2);
      expect(logos.filter((r) => r.right > frame.x && r.left < frame.x + frame.width).length).toBeGreaterThanOrEqual(3);
      for (const r of logos) expect(r.height).toBeGreaterThanOrEqual(32);
    });
  }
});

// Only in the desktop project: tall desktop windows.
test("on short pages the footer reaches the bottom of the window", DESKTOP_ONLY, async ({ page }) => {
  for (const [path, width, height] of [
    ["/teach-with-us", 1440, 1000],
    ["/my-nexa", 1920, 1200],
    ["/legal-privacy", 1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await hydrated(page);
    const bottom = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.querySelector("body > #root > footer")!.getBoundingClientRect().bottom;
    });
    expect(Math.round(bottom), `${path} at ${width}×${height}`).toBe(height);
  }
});
