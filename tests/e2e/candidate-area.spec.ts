import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/** Rules and markup that are the same code at every width are checked once, on the desktop. */

test.describe("candidate area (SPEC §4, §5, §8): simulated on the client", () => {
  test("login with both fields goes to the dashboard with no server call", async ({ page }) => {
    const calls: string[] = [];
    page.on("request", (r) => r.url().includes("/api/") && calls.push(r.url()));
    await page.goto("/my-nexa/auth/login");
    await hydrated(page);
    await expect(page.locator("h1")).toHaveText("Candidate Login");
    await page.getByLabel("Email").fill("asha@example.com");
    await page.getByLabel("Password").fill("secret");
    await page.getByRole("button", { name: /log in/i }).click();
    await expect(page).toHaveURL(/\/my-nexa\/dashboard$/);
    expect(calls).toEqual([]);
  });

  for (const [email, password] of [
    ["", "secret"],
    ["asha@example.com", ""],
    ["", ""],
  ] as const) {
    test(`login with email ${JSON.stringify(email)} and password ${JSON.stringify(password)} alerts exactly`, DESKTOP_ONLY, async ({ page }) => {
      await page.goto("/my-nexa/auth/login");
      await hydrated(page);
      const alerts: string[] = [];
      page.on("dialog", (d) => void (alerts.push(d.message()), d.accept()));
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: /log in/i }).click();
      await expect.poll(() => alerts).toEqual(["Please enter email and password"]);
      await expect(page).toHaveURL(/\/my-nexa\/auth\/login$/);
    });
  }

  test("registration with both fields alerts and goes to login", async ({ page }) => {
    await page.goto("/my-nexa/auth/register");
    await hydrated(page);
    await expect(page.locator("h1")).toHaveText("Register as Candidate");
    const alerts: string[] = [];
    page.on("dialog", (d) => void (alerts.push(d.message()), d.accept()));
    await page.getByLabel("Email").fill("asha@example.com");
    await page.getByLabel("Password").fill("secret");
    await page.getByRole("button", { name: /register/i }).click();
    await expect.poll(() => alerts).toEqual(["Registration successful! You can now log in."]);
    await expect(page).toHaveURL(/\/my-nexa\/auth\/login$/);
  });

  test("registration with a field empty does nothing", async ({ page }) => {
    await page.goto("/my-nexa/auth/register");
    await hydrated(page);
    const alerts: string[] = [];
    page.on("dialog", (d) => void (alerts.push(d.message()), d.accept()));
    await page.getByLabel("Email").fill("asha@example.com");
    await page.getByRole("button", { name: /register/i }).click();
    await page.waitForTimeout(300);
    expect(alerts).toEqual([]);
    await expect(page).toHaveURL(/\/my-nexa\/auth\/register$/);
  });

  test("both inputs are required, the email input has the email type, and nothing is stored", DESKTOP_ONLY, async ({ page }) => {
    await page.goto("/my-nexa/auth/login");
    await hydrated(page);
    await expect(page.getByLabel("Email")).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Email")).toHaveAttribute("required", "");
    await expect(page.getByLabel("Password")).toHaveAttribute("required", "");
    await expect(page.getByRole("link", { name: "Register here" })).toHaveAttribute("href", "/my-nexa/auth/register");
    await page.getByLabel("Email").fill("asha@example.com");
    await page.getByLabel("Password").fill("secret");
    await page.getByRole("button", { name: /log in/i }).click();
    await expect(page).toHaveURL(/dashboard$/);
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length, document.cookie])).toEqual([0, 0, ""]);
  });
});

test.describe("links", DESKTOP_ONLY, () => {
  // Only in the desktop project: the same logic and markup at every width.
  test("external links open in a new tab with rel=noopener noreferrer; internal ones navigate on the client", async ({ page }) => {
    for (const path of ["/", "/my-nexa/learning-corner", "/courses/special-course", "/courses/internship/long-term"]) {
      await page.goto(path);
      const external = page.locator('a[href^="https:"]');
      const count = await external.count();
      expect(count, path).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) {
        await expect(external.nth(i)).toHaveAttribute("target", "_blank");
        await expect(external.nth(i)).toHaveAttribute("rel", "noopener noreferrer");
      }
    }
  });

  test("the learning corner lists its four external links", async ({ page }) => {
    await page.goto("/my-nexa/learning-corner");
    for (const name of ["Learning Corner", "Certifications", "Ideathon", "Blogthon"]) {
      await expect(page.locator("main").getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("target", "_blank");
    }
  });

  test("course category cards open in the same tab (none is external)", async ({ page }) => {
    await page.goto("/courses/explore");
    const cards = page.locator("main li a[href^='/courses/']");
    await expect(cards).toHaveCount(5);
    for (let i = 0; i < 5; i++) await expect(cards.nth(i)).not.toHaveAttribute("target", "_blank");
  });
});
