import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

const PROOF_PAGES = [
  { path: "/", h1: "AI that moves from slide deck to production", title: "Nexa AI | AI consulting, products and training" },
  { path: "/careers", h1: "Explore Careers with Us", title: "Careers at Nexa AI" },
  { path: "/careers/careerall", h1: "Explore Careers with Us", title: "Careers at Nexa AI" },
  { path: "/industries/details", h1: "Explore Industries with Us", title: "Industries we serve | Nexa AI" },
  { path: "/industries", h1: "Explore Industries with Us", title: "Industries we serve | Nexa AI" },
  { path: "/courses/normal-course", h1: "Certification Courses", title: "Certification Courses | Nexa AI" },
];

const INDUSTRY_IDS = [
  "advanced-manufacturing",
  "consumer",
  "energy-resources",
  "government-public",
  "health",
  "technology-media",
  "education",
  "transportation",
  "agriculture",
  "real-estate",
];

// The HTML a server sends is the same at every viewport: read once, in the desktop project.
test.describe("prerendered proof pages", DESKTOP_ONLY, () => {
  for (const { path, h1, title } of PROOF_PAGES) {
    test(`${path} has its content in the HTML with JavaScript disabled`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.locator("h1")).toHaveText(h1);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("header")).toBeAttached();
      await expect(page.locator("footer")).toBeAttached();
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(canonical).toBe(`https://www.nexa.ai${path.replace("/careers/careerall", "/careers").replace(/^\/industries$/, "/industries/details")}`);
      await context.close();
    });

    // Hydration without console errors or warnings is checked for every route in a11y.spec.ts.
  }

  test("/industries/details has the ten anchored sections of SPEC §2.3", async ({ page }) => {
    await page.goto("/industries/details");
    for (const id of INDUSTRY_IDS) await expect(page.locator(`[id="${id}"]`)).toHaveCount(1);
  });

  test("/careers has the four card anchors, each with Know More → /connect", async ({ page }) => {
    await page.goto("/careers");
    for (const id of ["job-search", "careers-in-nexa", "how-to-join-us", "internships"]) {
      const card = page.locator(`[id="${id}"]`);
      await expect(card).toHaveCount(1);
      await expect(card.getByRole("link", { name: "Know More" })).toHaveAttribute("href", "/connect");
    }
  });
});

test.describe("navigation", () => {
  test("going from / to /careers happens on the client, without a full reload", async ({ page, isMobile }) => {
    await page.goto("/");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { marker: string }).marker = "still here"));
    if (isMobile) {
      await page.getByRole("button", { name: "Menu" }).click();
      await page.locator("#mobile-menu summary", { hasText: "Careers" }).click();
      await page.locator("#mobile-menu").getByRole("link", { name: "Careers overview" }).click();
    } else {
      await page.getByRole("button", { name: "Careers" }).click();
      await page.locator("#panel-careers").getByRole("link", { name: "Careers overview" }).click();
    }
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.locator("h1")).toHaveText("Explore Careers with Us");
    await expect(page).toHaveTitle("Careers at Nexa AI");
    expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("still here");
  });

  // Only in the desktop project: the same links at every size.
  test("every header and footer link leads to a page", DESKTOP_ONLY, async ({ page, request }) => {
    await page.goto("/");
    // The header's panels, and so most of its links, are drawn once the page has hydrated.
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Careers" })).toHaveAttribute("aria-controls", "panel-careers");
    const hrefs = await page.locator("header a[href^='/'], footer a[href^='/']").evaluateAll((as) => as.map((a) => a.getAttribute("href")!.split("#")[0]!));
    expect(hrefs.length).toBeGreaterThanOrEqual(12);
    for (const href of new Set(hrefs)) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test("an unknown address shows the not-found page with status 404", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1")).toHaveText("This page does not exist");
    await expect(page.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  });
});
