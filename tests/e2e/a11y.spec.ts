import { expect, type ConsoleMessage, type Page } from "@playwright/test";
import { ALIASES, PRIMARY_ROUTES } from "../spec-routes.ts";
import { axeProblems } from "./axe.ts";
import { oneRoutePerComposition, routesInDist } from "./dist-routes.ts";
import { DESKTOP_ONLY, PHONE_ONLY } from "./fixtures.ts";
import { cspViolations, open, test } from "./one-page-per-worker.ts";

const ROUTES = routesInDist();
/** One route per composition (27 of 83 addresses today): what the phone visits, and where the layout rules run. */
const COMPOSITION_ROUTES = oneRoutePerComposition();

/** Let finite animations (panel fade-in) end, so colours are measured as a visitor sees them; the endless marquee is left running. */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** axe's violations on the page (see axe.ts). */
function violations(page: Page): Promise<string[]> {
  return axeProblems(page);
}

/**
 * axe runs whole on one route of each composition (at both viewports). The other routes differ
 * from it only in words and pictures whose required parts the schema enforces (an alt text, a
 * link's words, a heading's text), and their markup is checked page by page by the HTML
 * conformance stage (ids, nesting, attributes): they get every other check of this visit.
 */
const AXE_ROUTES = COMPOSITION_ROUTES;

test("the sweep covers every route and alias of SPEC §2.2", () => {
  for (const path of [...PRIMARY_ROUTES, ...Object.keys(ALIASES)]) expect(ROUTES).toContain(path);
});

/**
 * One visit per route and viewport does every per-page check, so the suite loads each page
 * once: it answers 200 and hydrates, has one h1, the header and footer, no sideways scrolling,
 * no console error or warning, no Content-Security-Policy violation (after scrolling to the
 * bottom, so lazy pictures and videos load too), and no axe violation (on one route of each
 * composition, AXE_ROUTES). On the desktop it visits
 * every route; on the phone, one route of each composition, since pages of the same blocks share
 * their phone layout and a phone visit costs as much as a desktop one (sideways scrolling at
 * every width and route is width-sweep.spec.ts's job).
 */
test.describe("every route: structure, console, CSP and axe", () => {
  for (const path of ROUTES) {
    // The phone visits one route of each composition; the others are the same composition as a route it visits.
    test(`${path}`, COMPOSITION_ROUTES.has(path) ? {} : DESKTOP_ONLY, async ({ shared: page }) => {
      const problems: string[] = [];
      const onConsole = (m: ConsoleMessage) => {
        if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
      };
      const onError = (e: Error) => problems.push(`uncaught: ${e.message}`);
      page.on("console", onConsole);
      page.on("pageerror", onError);
      try {
        await open(page, path);
        await expect(page.locator("h1")).toHaveCount(1);
        await expect(page.locator("h1")).not.toBeEmpty();
        await expect(page.locator("body > #root > header")).toHaveCount(1);
        await expect(page.locator("body > #root > footer")).toHaveCount(1);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);
        if (AXE_ROUTES.has(path)) expect(await violations(page)).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await page.waitForTimeout(150);
        expect(await cspViolations(page), "CSP violations").toEqual([]);
        expect(problems, "console").toEqual([]);
      } finally {
        page.off("console", onConsole);
        page.off("pageerror", onError);
      }
    });
  }
});

test.describe("axe with a header panel open (desktop)", DESKTOP_ONLY, () => {
  // Only in the desktop project: desktop navigation.

  test("each panel of the main navigation", async ({ shared: page }) => {
    test.slow();
    await open(page, "/about-us");
    const buttons = page.locator('nav[aria-label="Main"] button[aria-controls^="panel-"]');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      await button.click();
      const panel = page.locator(`#${await button.getAttribute("aria-controls")}`);
      await expect(panel).toBeVisible();
      await settled(page);
      expect(await violations(page), `panel ${await button.textContent()}`).toEqual([]);
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
    }
  });
});

test.describe("axe with the phone menu open", PHONE_ONLY, () => {
  // Only in the phone project: phone navigation.

  test("the menu, with its groups expanded", async ({ shared: page }) => {
    test.slow();
    await open(page, "/about-us");
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    const summaries = menu.locator("details > summary");
    await summaries.first().click();
    await settled(page);
    expect(await violations(page), "menu with the first group open").toEqual([]);
    for (let i = 1; i < (await summaries.count()); i++) await summaries.nth(i).click();
    await settled(page);
    expect(await violations(page), "menu with every group open").toEqual([]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
  });
});

test("axe with the enquiry form showing an error", async ({ shared: page }) => {
  await open(page, "/connect");
  const alerts: string[] = [];
  const onDialog = (dialog: { message(): string }) => void alerts.push(dialog.message());
  page.on("dialog", onDialog);
  const form = page.locator("form");
  await form.getByLabel("First name", { exact: true }).fill("Ada");
  await form.getByLabel("Last name", { exact: true }).fill("Lovelace");
  await form.getByLabel("Email", { exact: true }).fill("not-an-email");
  await form.getByRole("button", { name: "Submit" }).click();
  await expect.poll(() => alerts).toEqual(["Please enter a valid email address."]);
  page.off("dialog", onDialog);
  await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText("Please enter a valid email address.")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe("keyboard focus is always visible", () => {
  for (const path of ["/", "/connect", "/courses/internship/short-term"]) {
    test(`${path}: every Tab stop has a focus ring`, async ({ shared: page }) => {
      await open(page, path);
      await page.locator("body").focus();
      const missing: string[] = [];
      const seen = new Set<string>();
      for (let i = 0; i < 150; i++) {
        await page.keyboard.press("Tab");
        const stop = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return null;
          const ringed = (node: Element) => {
            const style = getComputedStyle(node);
            return (style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2) || style.boxShadow !== "none";
          };
          // A card opened by a click anywhere draws the ring around the whole card, where the click
          // lands (Card.module.css), not around its small link: the card is the link's positioned
          // ancestor (offsetParent) that its stretched ::after covers.
          const card = el.offsetParent;
          const stretched = getComputedStyle(el, "::after").position === "absolute";
          const ring =
            ringed(el) ||
            (stretched && card !== null && getComputedStyle(card).outlineStyle !== "none" && parseFloat(getComputedStyle(card).outlineWidth) >= 2);
          const name = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""} "${(el.textContent ?? "").trim().slice(0, 40) || el.getAttribute("aria-label") || ""}"`;
          return { name, ring, key: `${name}@${el.getBoundingClientRect().top + window.scrollY}` };
        });
        if (stop === null || seen.has(stop.key)) break;
        seen.add(stop.key);
        if (!stop.ring) missing.push(stop.name);
      }
      expect(seen.size, "Tab stops found").toBeGreaterThan(5);
      expect(missing).toEqual([]);
    });
  }
});
