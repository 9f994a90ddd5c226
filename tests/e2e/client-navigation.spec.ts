import type { Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * Client-side navigation as the router (src/app/lib/location.tsx) gives it: each navigation scrolls
 * by [route, hash, key] (src/app/App.tsx), back and forward bring an entry's address back, the shown
 * page stays until the next one's data has come, and the browser keeps what is its own.
 * Reduced motion makes the scrolling instant, so positions can be read at once.
 */
test.describe("client-side navigation", DESKTOP_ONLY, () => {
  // Only in the desktop project: the same on every viewport; the desktop panels hold the links to a page's own anchors.
  test.use({ contextOptions: { reducedMotion: "reduce" } });

  const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
  const historyKey = (page: Page) => page.evaluate(() => (history.state as { key?: string } | null)?.key ?? null);
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

  async function followPanelLink(page: Page, panel: string, link: string) {
    const button = mainNav(page).getByRole("button", { name: panel, exact: true });
    if ((await button.getAttribute("aria-expanded")) !== "true") await button.click();
    await page
      .locator(`#${await button.getAttribute("aria-controls")}`)
      .getByRole("link", { name: link, exact: true })
      .click();
  }

  test("following the same anchor link twice scrolls to it again, as a new navigation that adds no history entry", async ({ page, consoleProblems }) => {
    await page.goto("/about-us/details");
    await hydrated(page);
    const target = page.locator("#leadership");
    await followPanelLink(page, "About Us", "Leadership");
    await expect(page).toHaveURL(/\/about-us\/details#leadership$/);
    await expect(target).toBeInViewport();
    const landed = await scrollY(page);
    expect(landed).toBeGreaterThan(0);
    const entries = await page.evaluate(() => history.length);
    const firstKey = await historyKey(page);
    expect(firstKey).toMatch(/^[0-9a-z]+$/);

    await page.keyboard.press("Escape");
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(target).not.toBeInViewport();

    await followPanelLink(page, "About Us", "Leadership");
    await expect.poll(() => scrollY(page)).toBe(landed);
    expect(await page.evaluate(() => history.length)).toBe(entries);
    const secondKey = await historyKey(page);
    expect(secondKey).toMatch(/^[0-9a-z]+$/);
    expect(secondKey).not.toBe(firstKey);
    expect(consoleProblems).toEqual([]);
  });

  test("back and forward bring each entry back: its page where it was left, and its hash scrolled to", async ({ page, consoleProblems }) => {
    await page.goto("/about-us");
    await hydrated(page);
    const aboutHeading = page.getByRole("heading", { level: 1, name: "We build AI that earns its place" });
    const link = page.locator('main a[href="/about-us/details#our-people"]');
    await link.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(0);
    await link.click();
    await expect(page).toHaveURL(/\/about-us\/details#our-people$/);
    await expect(page.locator("#our-people")).toBeInViewport();
    expect(await scrollY(page)).toBeGreaterThan(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(aboutHeading).toBeAttached();
    await expect.poll(() => scrollY(page)).toBe(left);

    await page.goForward();
    await expect(page).toHaveURL(/\/about-us\/details#our-people$/);
    await expect(page.locator("#our-people")).toBeInViewport();
    expect(consoleProblems).toEqual([]);
  });

  test("while the next page's data loads, the shown page, its title and its header stay as they were", async ({ page, consoleProblems }) => {
    await page.goto("/legal-privacy");
    await hydrated(page);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/_data/**", async (route) => {
      await held;
      await route.continue();
    });
    const title = await page.title();
    const home = mainNav(page).getByRole("link", { name: "Home", exact: true });
    await expect(home).not.toHaveAttribute("aria-current", "page");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    // Long enough for a render that does not wait to have emptied <main>.
    await page.waitForTimeout(500);
    await expect(page.locator("main h1")).toBeVisible();
    await expect(page.locator("main h1")).toHaveText("Privacy Policy");
    await expect(home).not.toHaveAttribute("aria-current", "page");
    expect(await page.title()).toBe(title);
    release();
    await expect(page.locator("main h1")).toHaveText("AI that moves from slide deck to production");
    await expect(home).toHaveAttribute("aria-current", "page");
    await expect(home).toHaveClass(/(^| )active$/);
    expect(await page.title()).not.toBe(title);
    expect(consoleProblems).toEqual([]);
  });

  test("a modifier-click on a site link is left to the browser: a new tab, the page itself does not move", async ({ page, context }) => {
    await page.goto("/legal-privacy");
    await hydrated(page);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    const opened = context.waitForEvent("page");
    await mainNav(page)
      .getByRole("link", { name: "Home", exact: true })
      .click({ modifiers: ["ControlOrMeta"] });
    const tab = await opened;
    // A new tab starts at about:blank and then goes to the link: wait for where it goes, not for the blank page's load.
    await tab.waitForURL((url) => url.pathname === "/");
    expect(new URL(page.url()).pathname).toBe("/legal-privacy");
    await expect(page.locator("main h1")).toHaveText("Privacy Policy");
    expect(requested.filter((p) => p.startsWith("/_data/"))).toEqual([]);
  });
});
