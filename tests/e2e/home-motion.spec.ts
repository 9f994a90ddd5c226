import type { Page } from "@playwright/test";
import { firstViewOnPhone } from "../../tools/measure/first-view.ts";
import { DESKTOP_ONLY, expect, hydrated, PHONE_ONLY, test } from "./fixtures.ts";

test.describe("slideshow (SPEC §4: index alternates 0, 1 every 4000 ms)", () => {
  // The timing and the rotation control are one component's at every width: checked in the
  // desktop project (the phone's own layout of the slideshow is in visual.spec.ts and phone-home.spec.ts).
  test("shows slide 0, then 1 after 4 s, then 0 after 8 s", DESKTOP_ONLY, async ({ page }) => {
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

  test("the rotation control stops and restarts it", DESKTOP_ONLY, async ({ page }) => {
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

  // Only in the desktop project: no hover on phones.
  test("rotation stops while hovered", DESKTOP_ONLY, async ({ page }) => {
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
    const duration = await page
      .locator('[aria-roledescription="slide"]')
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
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
    // The poster is the picture under the video, which shows through until the first frame (a
    // poster attribute would fetch the desktop file on a phone too).
    expect(
      await video.evaluate((v: HTMLVideoElement) => {
        const under = v.previousElementSibling?.querySelector("img") ?? v.previousElementSibling;
        return { muted: v.muted, loop: v.loop, inline: v.playsInline, poster: under instanceof HTMLImageElement && under.complete && under.naturalWidth > 0 };
      }),
    ).toEqual({ muted: true, loop: true, inline: true, poster: true });
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
    await expect.poll(() => videoRequests.some((r) => /\/home\/intro(-phone)?\./.test(r.url)), { timeout: 10_000 }).toBe(true);
    for (const r of videoRequests) expect(r.at, r.url).toBeGreaterThanOrEqual(Math.floor(loadedAt));
  });

  const noVideo: [string, (page: Page) => Promise<void>, { reducedMotion?: "reduce" }][] = [
    ["reduced motion", async () => undefined, { reducedMotion: "reduce" }],
    [
      "prefers-reduced-data",
      async (page) => {
        await page.addInitScript(() => {
          const real = window.matchMedia.bind(window);
          window.matchMedia = (q: string) =>
            q.includes("prefers-reduced-data")
              ? ({ matches: true, media: q, addEventListener() {}, removeEventListener() {} } as unknown as MediaQueryList)
              : real(q);
        });
      },
      {},
    ],
    [
      "Save-Data",
      async (page) => {
        await page.addInitScript(() =>
          Object.defineProperty(Navigator.prototype, "connection", { get: () => Object.assign(new EventTarget(), { saveData: true }) }),
        );
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

  // A phone held upright fetches the cut made for it (media.sh), every other window the full files.
  const windows = [
    { width: 320, height: 568, phone: true },
    { width: 375, height: 812, phone: true },
    { width: 430, height: 932, phone: true },
    { width: 768, height: 1024, phone: false },
    { width: 812, height: 375, phone: false },
    { width: 1280, height: 800, phone: false },
  ];
  for (const { width, height, phone } of windows) {
    test(`at ${width}×${height} the poster and the playing video are the ${phone ? "phone" : "full"} files`, DESKTOP_ONLY, async ({ browser }) => {
      // Only in the desktop project: each window is its own context, so once is enough.
      const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: 2, isMobile: width < 1024, hasTouch: width < 1024 });
      const page = await context.newPage();
      await page.goto("/");
      await hydrated(page);
      const video = page.locator("video[autoplay]");
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), { timeout: 10_000 }).toBe(true);
      const poster = await page
        .locator("section#welcome img")
        .first()
        .evaluate((i: HTMLImageElement) => i.currentSrc);
      const playing = await video.evaluate((v: HTMLVideoElement) => v.currentSrc);
      expect(new URL(poster).pathname).toBe(phone ? "/home/intro-phone-poster.webp" : "/home/intro-poster.webp");
      expect(new URL(playing).pathname).toBe(phone ? "/home/intro-phone.webm" : "/home/intro.webm");
      await context.close();
    });
  }

  /** What the pictures and videos of the first view may weigh on a phone, bodies only (headers and JS, CSS, HTML and font are tools/measure/first-view.ts's). */
  const PHONE_MEDIA_BUDGET = 20 * 1024;
  for (const reducedMotion of ["no-preference", "reduce"] as const) {
    test(
      `a phone's first view (${reducedMotion === "reduce" ? "reduced motion" : "video started once idle"}) fetches at most ${PHONE_MEDIA_BUDGET / 1024} KB of pictures and video, none of the full intro files`,
      PHONE_ONLY,
      async ({ browser }) => {
        const context = await browser.newContext({
          viewport: { width: 375, height: 812 },
          deviceScaleFactor: 3,
          isMobile: true,
          hasTouch: true,
          reducedMotion,
        });
        const page = await context.newPage();
        const media: Promise<[string, number]>[] = [];
        page.on("requestfinished", (r) => {
          const path = new URL(r.url()).pathname;
          if (/\.(svg|webp|jpe?g|png|avif|webm|mp4)$/.test(path)) media.push(r.sizes().then((s) => [path, s.responseBodySize]));
        });
        await page.goto("/");
        await hydrated(page);
        if (reducedMotion === "reduce") await page.waitForTimeout(2000);
        else await expect.poll(() => page.locator("video[autoplay]").evaluate((v: HTMLVideoElement) => v.currentTime > 0), { timeout: 10_000 }).toBe(true);
        const fetched = await Promise.all(media);
        const total = fetched.reduce((n, [, bytes]) => n + bytes, 0);
        console.log(`phone first view, ${reducedMotion}: ${fetched.map(([p, b]) => `${p} ${b}`).join(", ")}; ${total} bytes (budget ${PHONE_MEDIA_BUDGET})`);
        const paths = fetched.map(([p]) => p);
        expect(paths).toContain("/home/intro-phone-poster.webp");
        expect(paths.filter((p) => /^\/home\/intro(-poster)?\./.test(p))).toEqual([]);
        if (reducedMotion === "reduce") expect(paths.filter((p) => /\.(webm|mp4)$/.test(p))).toEqual([]);
        else expect(paths).toContain("/home/intro-phone.webm");
        expect(total).toBeLessThanOrEqual(PHONE_MEDIA_BUDGET);
        await context.close();
      },
    );
  }

  /** The phone's first-view budget: everything a phone fetches for the home page before any interaction, the video started once idle included, as sent (compressed, with headers). */
  const PHONE_FIRST_VIEW_BUDGET = 150 * 1024;
  test(
    `the home page's whole first view on a phone is at most ${PHONE_FIRST_VIEW_BUDGET / 1024} KB over the wire, the intro video included`,
    PHONE_ONLY,
    async ({ baseURL }) => {
      test.setTimeout(60_000);
      const view = await firstViewOnPhone(`${baseURL}/`);
      console.log(
        `phone first view of /: ${view.bytes} bytes (${view.beforeVideo} before a video starts): ${view.files.map((f) => `${f.path} ${f.bytes}`).join(", ")}`,
      );
      expect(view.files.map((f) => f.path)).toContain("/home/intro-phone.webm");
      expect(view.bytes).toBeLessThanOrEqual(PHONE_FIRST_VIEW_BUDGET);
    },
  );
});
