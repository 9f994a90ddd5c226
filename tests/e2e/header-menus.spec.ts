import { DESKTOP_ONLY, expect, hydrated, PHONE_ONLY, test } from "./fixtures.ts";

const PANELS = ["About Us", "Careers", "Industries", "Insights", "Services", "Products", "Courses"];
const panelOf = (label: string) => `#panel-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

test.describe("header panels on the desktop (SPEC §2.1, §4)", DESKTOP_ONLY, () => {
  // Only in the desktop project: desktop navigation.

  test.beforeEach(async ({ page }) => {
    await page.goto("/about-us");
    await hydrated(page);
  });

  for (const label of PANELS) {
    test(`${label}: a disclosure button opens its panel on click, with "Connect with us" → /connect`, async ({ page }) => {
      const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: label, exact: true });
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toHaveAttribute("aria-controls", panelOf(label).slice(1));
      await button.click();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      const panel = page.locator(panelOf(label));
      await expect(panel).toBeVisible();
      await expect(panel.getByRole("link", { name: "Connect with us" })).toHaveAttribute("href", "/connect");
    });
  }

  test("Home is a plain link, and no menu uses role=menu", async ({ page }) => {
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true })).toHaveAttribute("href", "/");
    await expect(page.locator('[role="menu"], [role="menuitem"]')).toHaveCount(0);
  });

  test("hovering opens a panel, and only one is open at a time", async ({ page }) => {
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("button", { name: "Careers" }).hover();
    await expect(page.locator(panelOf("Careers"))).toBeVisible();
    await nav.getByRole("button", { name: "Industries" }).hover();
    await expect(page.locator(panelOf("Industries"))).toBeVisible();
    await expect(page.locator(panelOf("Careers"))).toBeHidden();
    await expect(page.locator('[id^="panel-"]:visible')).toHaveCount(1);
  });

  test("the panel fades in", async ({ page }) => {
    await page.getByRole("button", { name: "Products" }).click();
    const animation = await page.locator(panelOf("Products")).evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).not.toBe("none");
  });

  test("the Close button closes it and returns focus to its button", async ({ page }) => {
    const button = page.getByRole("button", { name: "Insights" });
    await button.click();
    await page.locator(panelOf("Insights")).getByRole("button", { name: /Close/ }).click();
    await expect(page.locator(panelOf("Insights"))).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("Escape closes it and returns focus to its button", async ({ page }) => {
    const button = page.getByRole("button", { name: "Services" });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(page.locator(panelOf("Services"))).toBeVisible();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect(page.locator(panelOf("Services"))).toBeHidden();
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(button).toBeFocused();
  });

  test("a click outside closes it", async ({ page }) => {
    await page.getByRole("button", { name: "Courses" }).click();
    await expect(page.locator(panelOf("Courses"))).toBeVisible();
    await page.mouse.click(10, 30);
    await expect(page.locator(panelOf("Courses"))).toBeHidden();
  });

  test("the mouse leaving the panel closes it", async ({ page }) => {
    await page.getByRole("button", { name: "About Us" }).hover();
    const panel = page.locator(panelOf("About Us"));
    await expect(panel).toBeVisible();
    const box = (await panel.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForTimeout(300);
    await expect(panel).toBeVisible();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height + 40);
    await expect(panel).toBeHidden();
  });

  test("page scrolling is locked while a panel is open and restored after with no jump", async ({ page }) => {
    // The panels are drawn once the page has hydrated: the button names its panel from then on.
    await expect(page.getByRole("button", { name: "Careers" })).toHaveAttribute("aria-controls", "panel-careers");
    await page.evaluate(() => window.scrollTo(0, 300));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
    // Click where the button is, as a person would: locator.click() first scrolls a sticky element "into view".
    const box = (await page.getByRole("button", { name: "Careers" }).boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.locator("html")).toHaveClass(/scroll-locked/);
    const panel = (await page.locator("#panel-careers").boundingBox())!;
    await page.mouse.move(640, panel.y + 40);
    await page.mouse.wheel(0, 600);
    await page.keyboard.press("End");
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
    await page.keyboard.press("Escape");
    await expect(page.locator("html")).not.toHaveClass(/scroll-locked/);
    expect(await page.evaluate(() => window.scrollY)).toBe(300);
  });

  test("the current page's link has aria-current=page", async ({ page }) => {
    await page.goto("/careers");
    await hydrated(page);
    await page.getByRole("button", { name: "Careers" }).click();
    await expect(page.locator(panelOf("Careers")).getByRole("link", { name: "Careers overview" })).toHaveAttribute("aria-current", "page");
  });

  test("the Industries panel lists every industry page (built from the pages themselves)", async ({ page }) => {
    await page.getByRole("button", { name: "Industries" }).click();
    const panel = page.locator(panelOf("Industries"));
    for (const slug of ["agriculture", "real-estate", "health", "advanced-manufacturing"]) {
      await expect(panel.locator(`a[href="/industries/${slug}"]`)).toHaveCount(1);
    }
  });

  test("the Contact Us button goes to /about-us/connect", async ({ page }) => {
    await expect(page.locator("header").getByRole("link", { name: "Contact Us" }).first()).toHaveAttribute("href", "/about-us/connect");
  });
});

test.describe("the phone menu (≤ 768px)", PHONE_ONLY, () => {
  // Only in the phone project: phone navigation.

  test.beforeEach(async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
  });

  test("a menu button replaces the desktop navigation and the Contact Us button", async ({ page }) => {
    await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
    await expect(page.locator("header nav.desktopNav, header [class*='desktopNav']")).toBeHidden();
    await expect(page.locator("header .container [class*='contact']")).toBeHidden();
  });

  test("it toggles, lists every item and its panel's links, and locks scrolling", async ({ page }) => {
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(page.locator("html")).toHaveClass(/scroll-locked/);
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeVisible();
    for (const label of PANELS) await expect(menu.locator("summary", { hasText: label })).toBeVisible();
    await menu.locator("summary", { hasText: "Products" }).click();
    await expect(menu.locator('a[href="/products/details#summarizerpro"]')).toBeVisible();
    await toggle.click();
    await expect(menu).toBeHidden();
    await expect(page.locator("html")).not.toHaveClass(/scroll-locked/);
  });

  test("it closes on Escape, returning focus to the menu button", async ({ page }) => {
    const toggle = page.getByRole("button", { name: "Menu" });
    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test("it closes on navigation", async ({ page }) => {
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.locator("summary", { hasText: "About Us" }).click();
    await menu.getByRole("link", { name: "About Us overview" }).click();
    await expect(page).toHaveURL(/\/about-us$/);
    await expect(menu).toBeHidden();
  });
});
