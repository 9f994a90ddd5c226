import type { Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * The site's looks hold one scale: section headings of one size and spacing on every block, a
 * case study's title below its section's heading, cards of one width in every row of a grid,
 * short table values on one line, the slideshow's controls off its picture on phones, and course
 * categories opened by a click anywhere on the card.
 */
test.describe("consistent looks", DESKTOP_ONLY, () => {
  // Only in the desktop project: each test sets its own widths.
  test.use({ reducedMotion: "reduce" });

  async function open(page: Page, path: string, width: number) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await hydrated(page);
  }

  for (const width of [375, 1024, 1440]) {
    test(`every section heading on the home page has one size and the same room above it at ${width} px`, async ({ page }) => {
      await open(page, "/", width);
      const found = await page.locator("main section > .container > h2").evaluateAll((hs) =>
        hs.map((h) => {
          const section = h.closest("section")!;
          return [getComputedStyle(h).fontSize, getComputedStyle(section).paddingTop];
        }),
      );
      expect(found.length).toBeGreaterThanOrEqual(4);
      expect(new Set(found.map(([size]) => size)).size, JSON.stringify(found)).toBe(1);
      expect(new Set(found.map(([, padding]) => padding)).size, JSON.stringify(found)).toBe(1);
    });
  }

  for (const width of [320, 768, 1280, 1920]) {
    test(`each case-study title is smaller than the page's section headings at ${width} px`, async ({ page }) => {
      await open(page, "/about-us/case-study-all", width);
      // A section heading as every block draws it: an h2 in <main>.
      const sectionHeading = await page.evaluate(() => {
        const h2 = document.createElement("h2");
        document.querySelector("main")!.append(h2);
        const size = parseFloat(getComputedStyle(h2).fontSize);
        h2.remove();
        return size;
      });
      for (const id of ["healthcare-ai-case-study", "generative-ai", "ai-agent", "ai-automation"]) {
        const title = await page.locator(`#${id}-title`).evaluate((h) => parseFloat(getComputedStyle(h).fontSize));
        expect(title, id).toBeLessThan(sectionHeading);
      }
    });
  }

  const GRIDS: [string, string, number][] = [
    ["/", "#what-we-do", 7],
    ["/industries/details", "main", 10],
    ["/courses/comparative-exam-preparation", "main", 8],
    ["/courses/explore", "main", 5],
  ];
  for (const width of [800, 1024, 1280, 1440]) {
    test(`cards of a grid are all one width, in every row, at ${width} px`, async ({ page }) => {
      for (const [path, scope, count] of GRIDS) {
        await open(page, path, width);
        const widths = await page
          .locator(`${scope} ul > li[class*="card"]`)
          .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().width)));
        expect(widths.length, path).toBeGreaterThanOrEqual(count);
        expect(new Set(widths).size, `${path}: ${widths.join(", ")}`).toBe(1);
      }
    });
  }

  for (const width of [800, 900, 1024, 1152, 1280]) {
    test(`"3 months" and "₹12000 + GST" stay on one line at ${width} px`, async ({ page }) => {
      await open(page, "/courses/internship/long-term", width);
      for (const text of ["3 months", "₹12000 + GST"]) {
        const cell = page.locator("main table td", { hasText: text }).first();
        const lines = await cell.evaluate((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        expect(lines, text).toBe(1);
      }
    });
  }

  for (const width of [320, 375, 768]) {
    test(`the slideshow's controls lie outside its picture at ${width} px`, async ({ page }) => {
      await open(page, "/", width);
      const carousel = page.locator('[aria-roledescription="carousel"]');
      const picture = (await carousel.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) img').boundingBox())!;
      for (const control of await carousel.getByRole("button").all()) {
        const box = (await control.boundingBox())!;
        const overlaps =
          box.x < picture.x + picture.width && box.x + box.width > picture.x && box.y < picture.y + picture.height && box.y + box.height > picture.y;
        expect(overlaps, (await control.getAttribute("aria-label")) ?? "a control").toBe(false);
      }
    });
  }

  test("a course-category card opens with a click anywhere on it, holds one link, and shows focus around the whole card", async ({ page }) => {
    await open(page, "/courses/explore", 1280);
    const cards = page.locator('main ul > li[class*="card"]');
    await expect(cards).toHaveCount(5);
    for (const card of await cards.all()) await expect(card.locator("a, button, input, select, textarea, [tabindex]")).toHaveCount(1);
    const first = cards.first();
    const link = first.getByRole("link");
    await link.focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect(link).toBeFocused();
    expect(await first.evaluate((li) => getComputedStyle(li).outlineStyle)).toBe("solid");
    const box = (await first.boundingBox())!;
    await page.mouse.click(box.x + 20, box.y + 20);
    await expect(page).toHaveURL(/\/courses\/internship$/);
  });
});
