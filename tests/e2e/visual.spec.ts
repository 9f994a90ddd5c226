import { DESKTOP_ONLY, expect, FULL_BROWSER, hydrated, test } from "./fixtures.ts";

/**
 * Visual regression: twelve key pages, whole, at four widths, against baselines
 * committed in visual.spec.ts-snapshots/. Stable on this machine's Chromium: motion is reduced (no
 * slideshow rotation, marquee or video playback; posters show), CSS animations are finished, the
 * caret is hidden, the bundled font has loaded, and every lazy picture has loaded. Pictures and
 * videos are covered by flat boxes of their own size and place: the illustrations are checked as
 * files (tools/artwork/make_docs.py --check), and their detailed gradients would make each
 * baseline ~1 MB instead of ~100 KB. Each shot is the page's top 2,400 px (or all of a shorter page):
 * the header, the hero and the first sections, where the layout of every block type shows.
 *
 * After an intended change to the look: `npm run test:visual:update`, look at the new PNGs, commit them.
 */
const PAGES: [string, string][] = [
  ["home", "/"],
  ["connect", "/connect"],
  ["careers", "/careers"],
  ["industries-overview", "/industries/details"],
  ["industry-health", "/industries/health"],
  ["products", "/products"],
  ["case-studies", "/about-us/case-study-all"],
  ["explore", "/courses/explore"],
  ["exam-gate", "/courses/comparative-exam-preparation/gate"],
  ["special-course", "/courses/special-course"],
  ["short-term-internships", "/courses/internship/short-term"],
  ["privacy", "/legal-privacy"],
];
const WIDTHS = [375, 768, 1024, 1440];
const SHOT_HEIGHT = 2400;

// Pixels and font timing are measured in the full browser (see FULL_BROWSER).
test.use({ launchOptions: FULL_BROWSER });

test.describe("screenshots of key pages match their baselines", DESKTOP_ONLY, () => {
  // Only in the desktop project: one desktop browser sets each width.
  test.use({ reducedMotion: "reduce", deviceScaleFactor: 1 });

  for (const [name, path] of PAGES) {
    test(`${name} (${path}) at ${WIDTHS.join(", ")} px`, async ({ page }) => {
      test.setTimeout(90_000);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        await hydrated(page);
        await page.evaluate(async () => {
          for (const img of document.querySelectorAll("img")) img.loading = "eager";
          await Promise.all(
            [...document.images].map((img) => (img.complete ? null : new Promise((done) => img.addEventListener("load", done, { once: true })))),
          );
          await document.fonts.ready;
        });
        expect(await page.evaluate(() => document.fonts.check('16px "Public Sans"'))).toBe(true);
        const height = Math.min(SHOT_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
        await expect(page).toHaveScreenshot(`${name}-${width}.png`, {
          fullPage: true,
          clip: { x: 0, y: 0, width, height },
          animations: "disabled",
          caret: "hide",
          mask: [page.locator("main img, main video")],
          maskColor: "#9fb3c8",
          maxDiffPixelRatio: 0.002,
        });
      }
    });
  }
});
