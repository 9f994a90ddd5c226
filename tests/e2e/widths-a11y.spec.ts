import type { Page } from "@playwright/test";
import { axeProblems, withAxe } from "./axe.ts";
import { DESKTOP_ONLY, expect, hydrated, test } from "./fixtures.ts";

/**
 * Accessibility across widths. The every-route axe sweep (a11y.spec.ts) runs at
 * 1280 and 375 px; here axe runs at 800 px, in the band from 769 to 1024 px that has the compact
 * header and the two-column grids (1024 px, once also swept, is the same band's CSS), on one page of each kind, which together use every block type: what axe finds at a width comes
 * from the blocks' CSS at that width, not from which page they are on. Then WCAG 1.4.10 (reflow
 * at 320 CSS px) and 1.4.12 (text spacing, at 375, 800 and 1280 px) on the same pages. At 800 px
 * one load of each page serves both axe and the text spacing, axe first, on the page as it came.
 */
const KINDS = [
  "/",
  "/connect",
  "/careers",
  "/industries/details",
  "/industries/health",
  "/products/details",
  "/about-us/details",
  "/about-us/case-study-all",
  "/courses/explore",
  "/courses/comparative-exam-preparation/gate",
  "/courses/special-course",
  "/courses/internship/short-term",
  "/teach-with-us",
  "/my-nexa",
  "/legal-privacy",
];

/** axe in every page of the test's context (the reused context drops init scripts between tests). */
test.beforeEach(({ context }) => withAxe(context));

async function go(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrated(page);
}

/** WCAG 1.4.12's spacing, as a user style sheet would set it. */
const TEXT_SPACING =
  "* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }";

/**
 * Set the text spacing on the loaded page and report what it loses (lost, overlaps). The sheet is
 * adopted through the CSSOM, which the site's CSP leaves alone where it would refuse an inline
 * <style>; the page's first paragraph shows the spacing took effect.
 */
async function withTextSpacing(page: Page): Promise<string[]> {
  const applied = await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    const p = document.querySelector("main p");
    if (p === null) return true;
    const style = getComputedStyle(p);
    const em = parseFloat(style.fontSize);
    return Math.abs(parseFloat(style.letterSpacing) - 0.12 * em) < 0.05 && Math.abs(parseFloat(style.marginBottom) - 2 * em) < 0.05;
  }, TEXT_SPACING);
  expect(applied, "the text spacing applies").toBe(true);
  return [...(await lost(page)), ...(await overlaps(page))];
}

/**
 * What a reader would lose: sideways scroll, a control or text outside the window, and text cut
 * off by a box too small for it. Data tables may scroll inside themselves (WCAG 1.4.10 exempts them).
 */
function lost(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    const shown = (el: Element) =>
      el.getClientRects().length > 0 && getComputedStyle(el).visibility === "visible" && !el.closest("[aria-hidden='true'], .visually-hidden, [hidden]");
    for (const el of document.querySelectorAll("a, button, input, select, textarea, summary")) {
      if (!shown(el) || el.closest("table, [class*='marquee']")) continue;
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.left < -1 || r.right > root.clientWidth + 1))
        found.push(`${name(el)} is outside the window (${Math.round(r.left)}–${Math.round(r.right)})`);
    }
    for (const el of document.querySelectorAll("body *")) {
      if (!shown(el) || el.closest("table, [class*='marquee']")) continue;
      const style = getComputedStyle(el);
      const clips = (o: string) => o === "hidden" || o === "clip";
      const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!hasText) continue;
      if (clips(style.overflowX) && el.scrollWidth > el.clientWidth + 1) found.push(`${name(el)} cuts its text off sideways`);
      if (clips(style.overflowY) && el.scrollHeight > el.clientHeight + 1) found.push(`${name(el)} cuts its text off below`);
    }
    return found;
  });
}

/** Pairs of visible text runs that overlap (each element's own text, so a parent never "overlaps" its child). */
function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // Text hidden for sight but read out (visually-hidden pattern: a 1 px clipped box) is not drawn.
    const clippedAway = (el: Element) => {
      for (let at: Element | null = el; at; at = at.parentElement) {
        const r = at.getBoundingClientRect();
        if ((r.width <= 1 || r.height <= 1) && getComputedStyle(at).overflow !== "visible") return true;
      }
      return false;
    };
    const runs = [...document.querySelectorAll("body *")].flatMap((el) => {
      if (el.closest("[aria-hidden='true'], .visually-hidden, [hidden], [class*='marquee']")) return [];
      if (!el.getClientRects().length || getComputedStyle(el).visibility !== "visible" || clippedAway(el)) return [];
      return [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())
        .map((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          return { el, text: n.textContent!.trim(), rects: [...range.getClientRects()].filter((r) => r.width > 1 && r.height > 1) };
        });
    });
    const found: string[] = [];
    for (let i = 0; i < runs.length; i++) {
      for (let j = i + 1; j < runs.length; j++) {
        const a = runs[i]!;
        const b = runs[j]!;
        if (a.el === b.el) continue;
        const hit = a.rects.some((ra) =>
          b.rects.some((rb) => ra.left < rb.right - 1 && rb.left < ra.right - 1 && ra.top < rb.bottom - 1 && rb.top < ra.bottom - 1),
        );
        if (hit) found.push(`"${a.text.slice(0, 30)}" overlaps "${b.text.slice(0, 30)}"`);
        if (found.length > 10) return found;
      }
    }
    return found;
  });
}

test.describe("across widths", DESKTOP_ONLY, () => {
  // Only in the desktop project: one desktop browser sets each width.

  // Each width's sweep is split in three tests (two halves of the pages, then the panels), so the
  // two workers share it: as one test of ~50 s it was the suite's longest, and whichever worker
  // drew it last ran alone at the end.
  const halves = [KINDS.slice(0, Math.ceil(KINDS.length / 2)), KINDS.slice(Math.ceil(KINDS.length / 2))];
  for (const width of [800]) {
    halves.forEach((paths, half) => {
      const spacing = width === 800;
      const title = spacing
        ? `axe is clean at ${width} px on a page of each kind (${half === 0 ? "first" : "second"} half: ${paths.length} pages), and with WCAG 1.4.12 text spacing nothing overlaps, is cut off or scrolls sideways`
        : `axe is clean at ${width} px on a page of each kind (${half === 0 ? "first" : "second"} half: ${paths.length} pages)`;
      test(title, async ({ page }) => {
        test.setTimeout(180_000);
        await page.setViewportSize({ width, height: 900 });
        const found: string[] = [];
        const spaced: string[] = [];
        for (const path of paths) {
          await go(page, path);
          found.push(...(await axeProblems(page)).map((v) => `${path}: ${v}`));
          if (spacing) spaced.push(...(await withTextSpacing(page)).map((p) => `${path}: ${p}`));
        }
        expect(found).toEqual([]);
        expect(spaced, "with text spacing").toEqual([]);
      });
    });

    test(`axe is clean at ${width} px with each header panel open`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      await go(page, "/about-us");
      const buttons = page.locator('nav[aria-label="Main"] button[aria-controls^="panel-"]');
      expect(await buttons.count()).toBeGreaterThan(0);
      for (let i = 0; i < (await buttons.count()); i++) {
        await buttons.nth(i).click();
        const panel = page.locator(`#${await buttons.nth(i).getAttribute("aria-controls")}`);
        await expect(panel).toBeVisible();
        await page.evaluate(() =>
          Promise.all(
            document
              .getAnimations()
              .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
              .map((a) => a.finished),
          ),
        );
        found.push(...(await axeProblems(page)).map((v) => `panel ${i + 1} open: ${v}`));
        await page.keyboard.press("Escape");
      }
      expect(found).toEqual([]);
    });
  }

  test("WCAG 1.4.10 reflow: at 320 × 256 CSS px (1280 × 1024 at 400 %) nothing is lost and nothing scrolls sideways", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 320, height: 256 });
    const found: string[] = [];
    for (const path of KINDS) {
      await go(page, path);
      found.push(...(await lost(page)).map((p) => `${path}: ${p}`));
    }
    await page.getByRole("button", { name: "Menu" }).click();
    for (const summary of await page.locator("#mobile-menu summary").all()) await summary.click();
    found.push(...(await lost(page)).map((p) => `phone menu open: ${p}`));
    expect(found).toEqual([]);
  });
});

test.describe("WCAG 1.4.12 text spacing", DESKTOP_ONLY, () => {
  // Only in the desktop project: one desktop browser sets each width.
  // At 800 px, with the axe sweep above.
  for (const width of [375, 1280]) {
    test(`with line height 1.5, letter spacing 0.12em, word spacing 0.16em and paragraph spacing 2em, at ${width} px nothing overlaps, is cut off or scrolls sideways`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      const found: string[] = [];
      for (const path of KINDS) {
        await go(page, path);
        found.push(...(await withTextSpacing(page)).map((p) => `${path}: ${p}`));
      }
      expect(found).toEqual([]);
    });
  }
});
