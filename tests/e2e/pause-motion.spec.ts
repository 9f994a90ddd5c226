import type { Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * WCAG 2.2.2: one control in the header pauses every moving thing of the home page: the intro
 * video, the seven service-card videos, the slideshow and the logo strip; the choice lasts for
 * the visit (sessionStorage) and the control comes back to let them move again. Reduced motion
 * stops all of them, and then there is no control, nothing moving.
 */
const control = (page: Page) => page.locator("header").getByRole("button", { name: "Pause all motion" });
const marqueeState = (page: Page) => page.locator('[class*="marquee"] > [class*="track"]').evaluate((el) => getComputedStyle(el).animationPlayState);
const introPaused = (page: Page) => page.locator("video[autoplay]").evaluate((v: HTMLVideoElement) => v.paused);
/** The card videos (every video but the intro) that are playing now. */
const cardsPlaying = (page: Page) => page.locator("main video:not([autoplay])").evaluateAll((vs: HTMLVideoElement[]) => vs.filter((v) => !v.paused).length);

/** Press the control where it is: locator.click() would first scroll the sticky header "into view", to the page's top. */
async function press(page: Page) {
  const box = (await control(page).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.move(0, 0);
}

async function scrollToCards(page: Page) {
  await page.locator("main video:not([autoplay])").first().scrollIntoViewIfNeeded();
}

test.describe("one control pauses all motion", () => {
  test(
    "the header's control is there on the home page at every width from 320 to 1920, by keyboard too, and on no page without motion",
    DESKTOP_ONLY,
    async ({ page }) => {
      // Only in the desktop project: it sets its own widths.
      test.slow();
      await page.goto("/");
      await hydrated(page);
      for (const width of [320, 375, 768, 769, 1024, 1199, 1200, 1280, 1440, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        const box = await control(page).boundingBox();
        expect(box, `${width} px`).not.toBeNull();
        expect(box!.x, `${width} px`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `${width} px`).toBeLessThanOrEqual(width);
        expect(box!.width, `${width} px`).toBeGreaterThanOrEqual(44);
      }
      await control(page).focus();
      await page.keyboard.press("Enter");
      await expect(control(page)).toHaveAttribute("aria-pressed", "true");
      await page.keyboard.press("Space");
      await expect(control(page)).toHaveAttribute("aria-pressed", "false");
      await page.goto("/legal-privacy");
      await hydrated(page);
      await expect(control(page)).toBeHidden();
    },
  );

  test("pressing it stops the intro, the card videos and the logo strip, for the rest of the visit, and pressing again starts them", async ({ page }) => {
    test.slow();
    await page.goto("/");
    await hydrated(page);
    // Everything moves first, so stopping is something.
    await expect.poll(() => introPaused(page), { timeout: 15_000 }).toBe(false);
    expect(await marqueeState(page)).toBe("running");
    await scrollToCards(page);
    await expect.poll(() => cardsPlaying(page), { timeout: 15_000 }).toBeGreaterThan(0);

    await press(page);
    await expect(control(page)).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => cardsPlaying(page)).toBe(0);
    expect(await introPaused(page)).toBe(true);
    expect(await marqueeState(page)).toBe("paused");
    await expect(page.getByRole("button", { name: "Pause background video" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem("motion-paused"))).toBe("true");

    // Another page and back, and a reload: still paused, nothing starts.
    await page.goto("/about-us");
    await hydrated(page);
    await page.goto("/");
    await hydrated(page);
    await expect(control(page)).toHaveAttribute("aria-pressed", "true");
    await scrollToCards(page);
    await page.waitForTimeout(2000);
    expect(await cardsPlaying(page)).toBe(0);
    expect(await introPaused(page)).toBe(true);
    expect(await marqueeState(page)).toBe("paused");

    await press(page);
    await expect(control(page)).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => cardsPlaying(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect.poll(() => introPaused(page)).toBe(false);
    expect(await marqueeState(page)).toBe("running");
  });

  test("it stops the slideshow's rotation", async ({ page }) => {
    test.slow();
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"] [data-index]');
    await control(page).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(9000);
    await expect(carousel).toHaveAttribute("data-index", "0");
    await control(page).click();
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.clock.runFor(4000);
    await expect(carousel).toHaveAttribute("data-index", "1");
  });

  test("under reduced motion nothing moves and there is no control", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    await expect(control(page)).toBeHidden();
    await expect(page.locator("video[autoplay]")).toHaveCount(0);
    expect(await page.locator('[class*="marquee"] > [class*="track"]').evaluate((el) => getComputedStyle(el).animationName)).toBe("none");
    await page.mouse.move(0, 0);
    await page.clock.runFor(9000);
    await expect(page.locator('[aria-roledescription="carousel"] [data-index]')).toHaveAttribute("data-index", "0");
    await expect(page.getByRole("button", { name: "Start automatic slide show" })).toBeVisible();
    await context.close();
  });
});
