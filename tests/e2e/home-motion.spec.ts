import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";

test.describe("slideshow (SPEC §4: index alternates 0, 1 every 4000 ms)", () => {
  test("shows slide 0, then 1 after 4 s, then 0 after 8 s", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"] [data-index]');
    await expect(carousel).toHaveAttribute("data-index", "0");
    await page.mouse.move(0, 0);
    await page.clock.runFor(3900);
    await expect(carousel).toHaveAttribute("data-index", "0");
    await page.clock.runFor(100);
    await expect(carousel).toHaveAttribute("data-index", "1");
    await page.clock.runFor(4000);
    await expect(carousel).toHaveAttribute("data-index", "0");
  });

  test("the rotation control stops and restarts it", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"] [data-index]');
    await page.getByRole("button", { name: "Stop automatic slide show" }).click();
    await page.mouse.move(0, 0);
    await page.locator("body").evaluate((b) => (document.activeElement as HTMLElement | null)?.blur?.() ?? b);
    await page.clock.runFor(9000);
    await expect(carousel).toHaveAttribute("data-index", "0");
    await page.getByRole("button", { name: "Start automatic slide show" }).click();
    await page.locator("body").evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.mouse.move(0, 0);
    await page.clock.runFor(4000);
    await expect(carousel).toHaveAttribute("data-index", "1");
  });

  test("rotation stops while hovered", async ({ page, isMobile }) => {
    test.skip(isMobile, "no hover on phones");
    await page.clock.install();
    await page.goto("/");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"] [data-index]');
    await carousel.hover();
    await page.clock.runFor(9000);
    await expect(carousel).toHaveAttribute("data-index", "0");
  });

  test("reduced motion removes the transition", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    const duration = await page.locator('[aria-roledescription="slide"]').first().evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration.split(",").every((d) => parseFloat(d) < 0.001)).toBe(true);
    await context.close();
  });
});

test.describe("client logo marquee", () => {
  test("17 logos loop in 40 s on the desktop and 35 s on phones, by CSS transform", async ({ page, isMobile }) => {
    await page.goto("/");
    await hydrated(page);
    const track = page.locator('[class*="marquee"] > [class*="track"]');
    const style = await track.evaluate((el) => {
      const cs = getComputedStyle(el);
      return { duration: cs.animationDuration, name: cs.animationName, iterations: cs.animationIterationCount };
    });
    expect(style.duration).toBe(isMobile ? "35s" : "40s");
    expect(style.iterations).toBe("infinite");
    await expect(page.locator('[class*="marquee"] ul:not([aria-hidden]) img')).toHaveCount(17);
  });

  test("it pauses on hover, on focus, and with its button", async ({ page, isMobile }) => {
    await page.goto("/");
    await hydrated(page);
    const track = page.locator('[class*="marquee"] > [class*="track"]');
    const state = () => track.evaluate((el) => getComputedStyle(el).animationPlayState);
    expect(await state()).toBe("running");
    if (!isMobile) {
      await page.locator('[class*="marquee"]').first().hover();
      expect(await state()).toBe("paused");
      await page.mouse.move(0, 0);
    }
    const toggle = page.getByRole("button", { name: "Pause logo animation" });
    await toggle.click();
    await page.mouse.move(0, 0);
    await expect(page.getByRole("button", { name: "Play logo animation" })).toHaveAttribute("aria-pressed", "true");
    expect(await state()).toBe("paused");
  });

  test("prefers-reduced-motion stops it", async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: "reduce" });
    const page = await context.newPage();
    await page.goto("/");
    const name = await page.locator('[class*="marquee"] > [class*="track"]').evaluate((el) => getComputedStyle(el).animationName);
    expect(name).toBe("none");
    await context.close();
  });
});

test.describe("intro video", () => {
  test("autoplays muted, looping and inline, with a poster and a pause button", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const video = page.locator("video[autoplay]").first();
    expect(await video.evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, inline: v.playsInline, poster: v.poster !== "" }))).toEqual({
      muted: true,
      loop: true,
      inline: true,
      poster: true,
    });
    const pause = page.getByRole("button", { name: "Pause background video" });
    await pause.click();
    await expect(pause).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });

  test("the poster paints first: no video byte is fetched before the page has loaded and is idle", async ({ page }) => {
    const videoRequests: { url: string; at: number }[] = [];
    page.on("request", (r) => {
      if (/\.(mp4|webm)$/.test(new URL(r.url()).pathname)) videoRequests.push({ url: r.url(), at: Date.now() });
    });
    await page.goto("/");
    const loadedAt = await page.evaluate(() => performance.timeOrigin + performance.getEntriesByType("navigation")[0]!.toJSON().loadEventEnd);
    await expect(page.locator('img[src$="intro-poster.webp"]')).toBeVisible();
    await expect.poll(() => videoRequests.some((r) => /\/home\/intro\./.test(r.url)), { timeout: 10_000 }).toBe(true);
    for (const r of videoRequests) expect(r.at, r.url).toBeGreaterThanOrEqual(Math.floor(loadedAt));
  });

  const noVideo: [string, (page: Page) => Promise<void>, { reducedMotion?: "reduce" }][] = [
    ["reduced motion", async () => undefined, { reducedMotion: "reduce" }],
    [
      "prefers-reduced-data",
      async (page) => {
        await page.addInitScript(() => {
          const real = window.matchMedia.bind(window);
          window.matchMedia = (q: string) => (q.includes("prefers-reduced-data") ? ({ matches: true, media: q, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList) : real(q));
        });
      },
      {},
    ],
    [
      "Save-Data",
      async (page) => {
        await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "connection", { get: () => Object.assign(new EventTarget(), { saveData: true }) }));
      },
      {},
    ],
  ];
  for (const [name, setUp, options] of noVideo) {
    test(`${name}: nothing starts, the poster stays, and no video is fetched`, async ({ browser }) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      await setUp(page);
      const videoRequests: string[] = [];
      page.on("request", (r) => void (/\.(mp4|webm)$/.test(new URL(r.url()).pathname) && videoRequests.push(r.url())));
      await page.goto("/");
      await hydrated(page);
      await expect(page.locator("video[autoplay]")).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Pause background video" })).toHaveCount(0);
      await expect(page.locator('img[src$="intro-poster.webp"]')).toBeVisible();
      await page.mouse.wheel(0, 3000);
      await page.waitForTimeout(1500);
      expect(videoRequests).toEqual([]);
      await context.close();
    });
  }
});
