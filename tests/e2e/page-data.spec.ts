import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * A page preloads its own data file and the site settings' file, and loads only its blocks;
 * client-side navigation fetches the next address's data file, and an address with none is the not-found page.
 */
test.describe("page data and block chunks", DESKTOP_ONLY, () => {
  // Only in the desktop project: the same on every viewport.

  test("a prerendered page hydrates from the files it preloads, each fetched once: its own data file and the settings, no other page, only its blocks", async ({
    page,
    consoleProblems,
  }) => {
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.goto("/legal-privacy");
    await hydrated(page);
    expect(requested.filter((p) => p.startsWith("/_data/") || p.includes("/site-data-"))).toEqual([
      expect.stringMatching(/^\/assets\/site-data-[0-9a-f]+\.json$/),
      "/_data/legal-privacy.json",
    ]);
    const scripts = requested.filter((p) => p.endsWith(".js"));
    expect(scripts.some((p) => /\/Prose-[\w-]+\.js$/.test(p))).toBe(true);
    expect(scripts.filter((p) => /\/(IntroVideo|Slideshow|EnquiryForm|LogoMarquee)-[\w-]+\.js$/.test(p))).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  test("following a link fetches that address's data once, then its blocks; going back needs nothing new", async ({ page, consoleProblems }) => {
    await page.goto("/legal-privacy");
    await hydrated(page);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(new URL(r.url()).pathname));
    await page.locator('a[href="/"]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator("main video").first()).toBeAttached();
    expect(requested.filter((p) => p.startsWith("/_data/"))).toEqual(["/_data/index.json"]);
    expect(requested.some((p) => /\/IntroVideo-[\w-]+\.js$/.test(p))).toBe(true);
    requested.length = 0;
    await page.goBack();
    await expect(page).toHaveURL(/\/legal-privacy$/);
    await page.goForward();
    await expect(page.locator("main video").first()).toBeAttached();
    expect(requested.filter((p) => p.startsWith("/_data/") || /\/assets\/.*\.js$/.test(p))).toEqual([]);
    expect(consoleProblems).toEqual([]);
  });

  test("an alias fetched on the client shows its page with the page's canonical address", async ({ page }) => {
    await page.goto("/legal-privacy");
    await hydrated(page);
    await page.evaluate(() => {
      history.pushState({}, "", "/careers/careerall");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute("href")).toMatch(/\/careers$/);
  });

  test("an address with no data file, reached on the client, shows the not-found page", async ({ page, consoleProblems }) => {
    await page.goto("/legal-privacy");
    await hydrated(page);
    await page.evaluate(() => {
      history.pushState({}, "", "/no-such-page");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page does not exist");
    // The data file's 404 is the browser's one console error; nothing else may be.
    expect(consoleProblems.filter((p) => !/status of 404/.test(p))).toEqual([]);
  });
});
