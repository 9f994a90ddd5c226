import type { Browser, Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * The header's panels and the phone menu close whenever the visitor goes somewhere, a link to the
 * page or the anchor already shown included, by mouse, touch and keyboard; scrolling is unlocked
 * and the target is in view with focus on it. Each case opens its own window at its width.
 */
const locked = (page: Page) => page.locator("html").evaluate((html) => html.classList.contains("scroll-locked"));

async function openAt(browser: Browser, path: string, options: { width: number; height?: number; hasTouch?: boolean; isMobile?: boolean }) {
  const context = await browser.newContext({
    viewport: { width: options.width, height: options.height ?? 800 },
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
    reducedMotion: "reduce",
  });
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

/** What arriving at the anchor means: the layer gone, scrolling unlocked, the target in view and focused. */
async function expectArrivedAt(page: Page, layer: string, id: string) {
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  await expect(page.locator(layer)).toBeHidden();
  expect(await locked(page)).toBe(false);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
  await expect(page.locator(`[id="${id}"]`)).toBeFocused();
}

const SAME_PAGE: { how: string; path: string; panel: string; link: string; id: string; width: number }[] = [
  { how: "mouse", path: "/products/details", panel: "Products", link: "TextifyAI", id: "textifyai", width: 1280 },
  { how: "touch", path: "/careers", panel: "Careers", link: "Internships", id: "internships", width: 1024 },
  { how: "keyboard", path: "/about-us/details", panel: "About Us", link: "Leadership", id: "leadership", width: 1280 },
];

test.describe("a header panel closes when its link goes to the page already shown", DESKTOP_ONLY, () => {
  // Only in the desktop project: each case sets its own window.

  for (const { how, path, panel, link, id, width } of SAME_PAGE) {
    test(`${how} at ${width}: ${path} → ${panel} → ${link}`, async ({ browser }) => {
      test.slow();
      const page = await openAt(browser, path, { width, hasTouch: how === "touch" });
      const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: panel, exact: true });
      const layer = `#${await button.getAttribute("aria-controls")}`;
      const target = page.locator(layer).getByRole("link", { name: link, exact: true });
      if (how === "mouse") {
        await button.click();
        await target.click();
      } else if (how === "touch") {
        await button.tap();
        await expect(page.locator(layer)).toBeVisible();
        await target.tap();
      } else {
        await button.focus();
        await page.keyboard.press("Enter");
        await expect(page.locator(layer)).toBeVisible();
        await target.focus();
        await page.keyboard.press("Enter");
      }
      await expectArrivedAt(page, layer, id);
      await page.context().close();
    });
  }

  test("the same link followed twice closes the panel both times", async ({ browser }) => {
    const page = await openAt(browser, "/products/details", { width: 1280 });
    const button = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Products", exact: true });
    for (let i = 0; i < 2; i++) {
      await button.click();
      await page.locator("#panel-products").getByRole("link", { name: "TextifyAI", exact: true }).click();
      await expectArrivedAt(page, "#panel-products", "textifyai");
    }
    await page.context().close();
  });
});

test.describe("the phone menu closes when its link goes to the page already shown", DESKTOP_ONLY, () => {
  // Only in the desktop project: each case sets its own window.

  for (const how of ["touch", "keyboard"] as const) {
    test(`${how} at 375: /products/details → Menu → Products → TextifyAI`, async ({ browser }) => {
      const page = await openAt(browser, "/products/details", { width: 375, height: 812, hasTouch: true, isMobile: true });
      const menuButton = page.getByRole("button", { name: "Menu" });
      const group = page.locator("#mobile-menu summary", { hasText: "Products" });
      const target = page.locator("#mobile-menu").getByRole("link", { name: "TextifyAI", exact: true });
      if (how === "touch") {
        await menuButton.tap();
        await group.tap();
        await target.tap();
      } else {
        await menuButton.focus();
        await page.keyboard.press("Enter");
        await group.focus();
        await page.keyboard.press("Enter");
        await target.focus();
        await page.keyboard.press("Enter");
      }
      await expectArrivedAt(page, "#mobile-menu", "textifyai");
      await expect(menuButton).toHaveAttribute("aria-expanded", "false");
      await page.context().close();
    });
  }
});

test.describe("a panel never covers what the visitor is doing", DESKTOP_ONLY, () => {
  // Only in the desktop project: desktop navigation.

  test("a resting pointer between an item and its panel keeps it open (no gap, WCAG 1.4.13)", async ({ page }) => {
    await page.goto("/about-us");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Industries", exact: true });
    await button.hover();
    const panel = page.locator("#panel-industries");
    await expect(panel).toBeVisible();
    const item = (await button.boundingBox())!;
    const top = (await panel.boundingBox())!.y;
    // Every point straight down from the button to the panel's top edge: none of them closes it.
    for (let y = item.y + item.height - 1; y <= top + 1; y += 2) {
      await page.mouse.move(item.x + item.width / 2, y);
      await page.waitForTimeout(200);
      await expect(panel, `pointer resting at y=${y}`).toBeVisible();
    }
  });

  test("Escape on a panel the pointer opened leaves focus in the field being typed in", async ({ page }) => {
    await page.goto("/connect");
    await hydrated(page);
    const field = page.getByLabel("First name", { exact: true });
    await field.fill("Ada");
    await page.getByRole("button", { name: "Services", exact: true }).hover();
    await expect(page.locator("#panel-services")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#panel-services")).toBeHidden();
    await expect(field).toBeFocused();
  });

  test("focus leaving an open panel closes it, without moving focus elsewhere", async ({ page }) => {
    await page.goto("/about-us");
    await hydrated(page);
    const button = page.getByRole("button", { name: "Industries", exact: true });
    await button.click();
    await expect(page.locator("#panel-industries")).toBeVisible();
    await page.locator("main").getByRole("link").first().focus();
    await expect(page.locator("#panel-industries")).toBeHidden();
    await expect(page.locator("main").getByRole("link").first()).toBeFocused();
    expect(await locked(page)).toBe(false);
  });
});
