import type { Browser, Page } from "@playwright/test";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * Keyboard walks through the open layers (WCAG 2.4.11): with a header panel or the phone menu
 * open, Tab never puts focus on anything under it. A panel stays open while focus is in it and
 * closes as focus leaves; the phone menu is a modal dialog that focus cannot leave.
 */

/** Where focus is now, and whether it is inside the open layer (`layer` and the element that opened it). */
function focusState(page: Page, layer: string, opener: string) {
  return page.evaluate(
    ([layerSel, openerSel]) => {
      const el = document.activeElement;
      const layerEl = document.querySelector(layerSel);
      const open = layerEl !== null && layerEl.getClientRects().length > 0;
      const inside = el !== null && (layerEl?.contains(el) === true || el === document.querySelector(openerSel));
      const name = el ? `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"` : "nothing";
      return { open, inside, name };
    },
    [layer, opener] as const,
  );
}

async function newPage(browser: Browser, path: string, width: number, phone: boolean) {
  const context = await browser.newContext({ viewport: { width, height: phone ? 812 : 800 }, isMobile: phone, hasTouch: phone, reducedMotion: "reduce" });
  const page = await context.newPage();
  await page.goto(path);
  await hydrated(page);
  return page;
}

test.describe("Tab through each header panel", DESKTOP_ONLY, () => {
  // Only in the desktop project: each width is its own window.

  // The wide layout and the compact header's band (769 to 1024 px, where 1024 is the same CSS as 800).
  for (const width of [1280, 800]) {
    test(`at ${width} px, focus is in the open panel or the panel has closed`, async ({ browser }) => {
      test.slow();
      const page = await newPage(browser, "/", width, false);
      const buttons = page.locator('nav[aria-label="Main"] button[aria-controls^="panel-"]');
      const labels = await buttons.allTextContents();
      expect(labels).toHaveLength(7);
      for (let i = 0; i < labels.length; i++) {
        const button = buttons.nth(i);
        const layer = `#${await button.getAttribute("aria-controls")}`;
        await button.focus();
        await page.keyboard.press("Enter");
        await expect(page.locator(layer)).toBeVisible();
        const links = await page.locator(layer).locator("a, button").count();
        let left = false;
        for (let step = 0; step <= links + 1 && !left; step++) {
          await page.keyboard.press("Tab");
          const state = await focusState(page, layer, `[aria-controls="${layer.slice(1)}"]`);
          if (state.inside) {
            expect(state.open, `${labels[i]}: ${state.name} is focused while its panel is closed`).toBe(true);
            continue;
          }
          // Focus went past the panel: it must have closed, so nothing it covered is focused under it.
          expect(state.open, `${labels[i]} at ${width}: ${state.name} got focus under the open panel`).toBe(false);
          left = true;
        }
        expect(left, `${labels[i]}: Tab never left the panel`).toBe(true);
        expect(await page.locator("html").evaluate((h) => h.classList.contains("scroll-locked"))).toBe(false);
      }
      await page.context().close();
    });
  }
});

test.describe("the phone menu is a modal dialog", DESKTOP_ONLY, () => {
  // Only in the desktop project: its own window at 375 px.

  test("at 375 px focus moves in, never leaves while it is open (forwards and backwards), and returns to the button", async ({ browser }) => {
    test.slow();
    const page = await newPage(browser, "/", 375, true);
    const button = page.getByRole("button", { name: "Menu" });
    await button.focus();
    await page.keyboard.press("Enter");
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    // Focus moved in: the menu's first link.
    await expect(menu.getByRole("link", { name: "Home", exact: true })).toBeFocused();
    // The page under it is inert: its main and footer take no focus.
    for (const region of ["main", "footer"]) await expect(page.locator(region)).toHaveAttribute("inert", "");
    // Open every group, so their links are in the walk too.
    const summaries = menu.locator("summary");
    for (let i = 0; i < (await summaries.count()); i++)
      await summaries.nth(i).evaluate((s) => (s.parentElement as HTMLDetailsElement).setAttribute("open", ""));
    const stops = await menu.locator("a, summary").count();
    for (const key of ["Tab", "Shift+Tab"]) {
      const seen = new Set<string>();
      for (let step = 0; step < stops + 4; step++) {
        await page.keyboard.press(key);
        const state = await focusState(page, "#mobile-menu", "#menu-button");
        // Between the last stop and the first, focus may pass through the browser's own controls (document.body here).
        if (state.name.startsWith("body") || state.name === "nothing") continue;
        expect(state.inside, `${key}: ${state.name} has focus under the open menu`).toBe(true);
        seen.add(state.name);
      }
      expect(seen.size, `${key}: stops visited in the menu`).toBeGreaterThan(10);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    for (const region of ["main", "footer"]) await expect(page.locator(region)).not.toHaveAttribute("inert", "");
    await page.context().close();
  });

  test("widening the window past 768 px closes it and gives the page back", async ({ browser }) => {
    const page = await newPage(browser, "/about-us", 375, true);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(page.locator("main")).not.toHaveAttribute("inert", "");
    await expect(page.locator("#menu-button")).toHaveAttribute("aria-expanded", "false");
    expect(await page.locator("html").evaluate((h) => h.classList.contains("scroll-locked"))).toBe(false);
    await page.context().close();
  });
});

/** WCAG relative luminance contrast of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const s = Number(v) / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

test.describe("the phone menu's links stay legible in every state", DESKTOP_ONLY, () => {
  // Only in the desktop project: its own window at 375 px.

  test("at 375 px: rest, hover, active, focus and current are all at least 4.5:1 on the menu's navy", async ({ browser }) => {
    test.slow();
    const page = await newPage(browser, "/careers", 375, false);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.locator("summary", { hasText: "Careers" }).click();
    const link = menu.getByRole("link", { name: "Internships", exact: true });
    const current = menu.getByRole("link", { name: "Careers overview" });
    await expect(current).toHaveAttribute("aria-current", "page");
    const background = await menu.evaluate((m) => getComputedStyle(m).backgroundColor);
    const colourOf = (l: typeof link) => l.evaluate((a) => getComputedStyle(a).color);
    const states: [string, () => Promise<string>][] = [
      ["rest", () => colourOf(link)],
      [
        "hover",
        async () => {
          await link.hover();
          return colourOf(link);
        },
      ],
      [
        "active",
        async () => {
          await page.mouse.down();
          const c = await colourOf(link);
          await page.mouse.up({ button: "left" }).catch(() => undefined);
          return c;
        },
      ],
      [
        "focus",
        async () => {
          await page.mouse.move(0, 0);
          await link.focus();
          return colourOf(link);
        },
      ],
      ["current", () => colourOf(current)],
    ];
    for (const [state, read] of states) {
      if (state === "active") {
        // Pressing would follow the link: press on the current page's link, which stays.
        await current.hover();
        await page.mouse.down();
        const c = await colourOf(current);
        await page.mouse.move(0, 0);
        await page.mouse.up();
        expect(contrast(c, background), `active: ${c} on ${background}`).toBeGreaterThanOrEqual(4.5);
        continue;
      }
      const colour = await read();
      expect(contrast(colour, background), `${state}: ${colour} on ${background}`).toBeGreaterThanOrEqual(4.5);
    }
    await page.context().close();
  });

  test("at 375 px a visited link keeps its colour (read from the pixels: browsers hide :visited from scripts)", async ({ browser }) => {
    test.slow();
    // Visit the link's address first, so the browser draws it as visited.
    const page = await newPage(browser, "/my-nexa", 375, false);
    await page.goto("/careers");
    await hydrated(page);
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.locator("#mobile-menu");
    await menu.locator("summary", { hasText: "Careers" }).click();
    const link = menu.locator('a[href="/my-nexa"]').first();
    await expect(link).toBeVisible();
    const shot = await link.screenshot();
    // The lightest pixel of the glyphs against the menu's navy.
    const lightest = await page.evaluate(async (png) => {
      const img = new Image();
      img.src = `data:image/png;base64,${png}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.width;
      canvas.height = img.height;
      const ctx = canvas.getContext("2d")!;
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, img.width, img.height).data;
      let best = [0, 0, 0];
      for (let i = 0; i < data.length; i += 4)
        if (data[i]! + data[i + 1]! + data[i + 2]! > best[0]! + best[1]! + best[2]!) best = [data[i]!, data[i + 1]!, data[i + 2]!];
      return `rgb(${best.join(", ")})`;
    }, shot.toString("base64"));
    const background = await menu.evaluate((m) => getComputedStyle(m).backgroundColor);
    expect(contrast(lightest, background), `visited: ${lightest} on ${background}`).toBeGreaterThanOrEqual(4.5);
    await page.context().close();
  });
});
