import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * WCAG 2.4.3: after a client-side link, focus is where a page load would put it: on the new page's
 * main heading, or on the link's hash target; the new title is said once by a polite live region.
 * A focus ring shows there only for a visitor using the keyboard.
 */
test.describe("focus after a client-side link", DESKTOP_ONLY, () => {
  // Only in the desktop project: the same on every viewport.

  test("from the home page's Careers button, focus is on /careers' main heading and the title is announced", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.locator('main a[href="/careers"]').first().click();
    await expect(page).toHaveURL(/\/careers$/);
    const heading = page.locator("main h1");
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute("tabindex", "-1");
    const title = await page.title();
    await expect(page.getByRole("status").filter({ hasText: title })).toHaveText(title);
    // A mouse click: no ring on the heading.
    expect(await heading.evaluate((h) => h.matches(":focus-visible"))).toBe(false);
    // The next Tab goes to the first control after the heading, not somewhere near the page's end.
    await page.keyboard.press("Tab");
    const next = await page.evaluate(() => {
      const h1 = document.querySelector("main h1")!;
      const el = document.activeElement!;
      return Boolean(h1.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) && el.closest("main") !== null;
    });
    expect(next).toBe(true);
  });

  test("a link followed by the keyboard shows the focus ring on the heading", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.locator('main a[href="/careers"]').first().focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/careers$/);
    await expect(page.locator("main h1")).toBeFocused();
    expect(await page.locator("main h1").evaluate((h) => h.matches(":focus-visible"))).toBe(true);
  });

  test("a link to another page's anchor puts focus on the anchor", async ({ page }) => {
    await page.goto("/about-us");
    await hydrated(page);
    await page.locator('main a[href="/about-us/details#our-people"]').click();
    await expect(page).toHaveURL(/#our-people$/);
    await expect(page.locator("#our-people")).toBeFocused();
  });

  test("the first load moves nothing: focus stays at the document's start", async ({ page }) => {
    await page.goto("/careers");
    await hydrated(page);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
    await expect(page.getByRole("status")).toHaveText("");
  });
});

test.describe("the candidate forms", DESKTOP_ONLY, () => {
  // Only in the desktop project: the same on every viewport.

  test("registration with a field empty lets the browser's own required-field message speak, and stays", async ({ page }) => {
    await page.goto("/my-nexa/auth/register");
    await hydrated(page);
    const alerts: string[] = [];
    page.on("dialog", (d) => void (alerts.push(d.message()), d.accept()));
    await page.getByLabel("Email").fill("asha@example.com");
    await page.getByRole("button", { name: /register/i }).click();
    const password = page.getByLabel("Password");
    await expect(password).toBeFocused();
    expect(await password.evaluate((i: HTMLInputElement) => i.validationMessage)).not.toBe("");
    expect(alerts).toEqual([]);
    await expect(page).toHaveURL(/\/my-nexa\/auth\/register$/);
  });
});
