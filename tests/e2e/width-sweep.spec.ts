import type { Page } from "@playwright/test";
import { sitemapRoutes } from "./dist-routes.ts";
import { expect, test } from "./fixtures.ts";
import { open, test as sharedTest } from "./one-page-per-worker.ts";

/**
 * Issue 11 item 1: no sideways scroll and no header control outside the window, on every route,
 * at every width from 320 to 1920 px (every 32 px, plus both sides of the two breakpoints that
 * matter: 768/769 for the phone header and 1024/1025 for the compact desktop header).
 *
 * Kept fast by loading each route once and resizing the window through every width: a resize
 * re-lays out the page exactly as a fresh load at that width would (the layout is CSS only; no
 * script measures the window). Panels and the phone menu are the same component on every route
 * and are positioned over the page, not in its flow, so their open states are swept across every
 * width on one route rather than repeated on ~80.
 */
export const WIDTHS = [...new Set([...Array.from({ length: 51 }, (_, i) => 320 + 32 * i), 768, 769, 1024, 1025])].sort((a, b) => a - b);
const HEIGHT = 900;
const PHONE_MAX = 768;

/** How far the page scrolls sideways, and every visible header control that is not wholly inside the window. */
function measure(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const outside = [...document.querySelectorAll<HTMLElement>("header a, header button, header summary")]
      .filter((el) => el.offsetParent !== null || getComputedStyle(el).position === "fixed")
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -0.5 || r.right > window.innerWidth + 0.5);
      })
      .map((el) => el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName);
    return { overflow: root.scrollWidth - root.clientWidth, outside };
  });
}

/** Width bands for the summary the test prints. */
const BANDS: [number, number][] = [
  [320, 768],
  [769, 1024],
  [1025, 1440],
  [1441, 1920],
];

function report(label: string, found: Map<number, number>) {
  const bands = BANDS.map(([lo, hi]) => {
    const worst = Math.max(0, ...[...found].filter(([w]) => w >= lo && w <= hi).map(([, px]) => px));
    return `${lo}–${hi}: ${worst} px`;
  });
  console.log(`${label} max sideways overflow: ${bands.join(", ")}`);
}

sharedTest.describe("every route at every width from 320 to 1920 px", () => {
  sharedTest.skip(({ isMobile }) => isMobile, "resizes one desktop window through every width, phones included");
  sharedTest.describe.configure({ mode: "parallel" });

  const routes = sitemapRoutes();
  // Two groups, one per worker, so the sweep takes half the wall time on 2 cores.
  const groups = [routes.filter((_, i) => i % 2 === 0), routes.filter((_, i) => i % 2 === 1)];
  groups.forEach((group, g) => {
    sharedTest(`routes group ${g + 1} of ${groups.length}: no sideways scroll, every header control inside the window`, async ({ shared: page }) => {
      sharedTest.setTimeout(180_000);
      const problems: string[] = [];
      const worst = new Map<number, number>();
      for (const route of group) {
        await page.setViewportSize({ width: 1920, height: HEIGHT });
        await open(page, route);
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          const { overflow, outside } = await measure(page);
          worst.set(width, Math.max(worst.get(width) ?? 0, overflow));
          if (overflow > 0) problems.push(`${route} at ${width} px scrolls sideways by ${overflow} px`);
          if (outside.length) problems.push(`${route} at ${width} px: header controls outside the window: ${outside.join(", ")}`);
        }
      }
      report(`routes group ${g + 1}`, worst);
      expect(problems).toEqual([]);
    });
  });
});

test.describe("header panels and the phone menu, open, at every width", () => {
  test.skip(({ isMobile }) => isMobile, "resizes one desktop window through every width, phones included");

  test("each desktop panel, open, fits the window from 769 to 1920 px with every link inside it", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1920, height: HEIGHT });
    await page.goto("/legal-privacy");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const nav = page.getByRole("navigation", { name: "Main" });
    const buttons = nav.locator("button[aria-controls]");
    const count = await buttons.count();
    expect(count).toBe(7);
    const problems: string[] = [];
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      const label = (await button.textContent())!.trim();
      await page.setViewportSize({ width: 1920, height: HEIGHT });
      await button.click();
      const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
      await expect(panel).toBeVisible();
      for (const width of WIDTHS.filter((w) => w > PHONE_MAX).reverse()) {
        await page.setViewportSize({ width, height: HEIGHT });
        const { overflow, outside } = await measure(page);
        if (overflow > 0) problems.push(`${label} panel open at ${width} px: scrolls sideways by ${overflow} px`);
        if (outside.length) problems.push(`${label} panel open at ${width} px: outside the window: ${outside.join(", ")}`);
      }
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    }
    expect(problems).toEqual([]);
  });

  test("the phone menu, open with every group expanded, fits the window from 320 to 768 px", async ({ page }) => {
    await page.setViewportSize({ width: PHONE_MAX, height: HEIGHT });
    await page.goto("/legal-privacy");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    for (const summary of await menu.locator("summary").all()) await summary.click();
    expect(await menu.locator("details[open]").count()).toBe(7);
    const problems: string[] = [];
    for (const width of WIDTHS.filter((w) => w <= PHONE_MAX).reverse()) {
      await page.setViewportSize({ width, height: HEIGHT });
      const { overflow, outside } = await measure(page);
      if (overflow > 0) problems.push(`phone menu open at ${width} px: scrolls sideways by ${overflow} px`);
      if (outside.length) problems.push(`phone menu open at ${width} px: outside the window: ${outside.join(", ")}`);
    }
    expect(problems).toEqual([]);
  });

  test("from 769 px up, all 8 top items and Contact Us are visible, inside the window and on one row", async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: HEIGHT });
    await page.goto("/legal-privacy");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    const problems: string[] = [];
    for (const width of WIDTHS.filter((w) => w > PHONE_MAX)) {
      await page.setViewportSize({ width, height: HEIGHT });
      const boxes = await page.evaluate(() => {
        const nav = document.querySelector('header nav[aria-label="Main"]')!;
        const controls = [...nav.querySelectorAll<HTMLElement>(":scope > ul > li > a, :scope > ul > li > button")];
        const contact = document.querySelector<HTMLElement>("header a[href='/about-us/connect']");
        return [...controls, contact].map((el) => {
          const r = el!.getBoundingClientRect();
          return { label: el!.textContent!.trim(), left: r.left, right: r.right, mid: r.top + r.height / 2, width: r.width, visible: getComputedStyle(el!).visibility === "visible" };
        });
      });
      const labels = boxes.map((b) => b.label);
      if (labels.join("|") !== "Home|About Us|Careers|Industries|Insights|Services|Products|Courses|Contact Us") problems.push(`${width} px: items are ${labels.join("|")}`);
      for (const b of boxes) {
        if (!b.visible || b.width === 0) problems.push(`${width} px: ${b.label} is not shown`);
        if (b.left < 0 || b.right > width) problems.push(`${width} px: ${b.label} is outside the window (${b.left}–${b.right})`);
        if (Math.abs(b.mid - boxes[0]!.mid) > 2) problems.push(`${width} px: ${b.label} wraps to another row`);
      }
    }
    expect(problems).toEqual([]);
  });
});
