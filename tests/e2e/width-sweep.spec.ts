import type { Page } from "@playwright/test";
import { sitemapRoutes } from "./dist-routes.ts";
import { DESKTOP_ONLY, expect, test } from "./fixtures.ts";

/**
 * No sideways scroll and no header control outside the window, on every route,
 * at every width from 320 to 1920 px (every 32 px, plus both sides of the two breakpoints that
 * matter: 768/769 for the phone header and 1024/1025 for the grids' compact band), with the
 * header panels and the phone menu closed and open.
 *
 * Kept fast by loading each route once, in a same-origin frame, and changing the frame's width:
 * the frame is the page's window (its media queries, vw units and scrollbar follow the frame's
 * width), and a width change followed by a read lays the page out at once, where resizing a real
 * window waits a frame for each width (~60 ms on 2 busy cores: ~4 minutes for every route). The
 * layout is CSS only; no script measures the window, so nothing differs from a fresh load.
 * Panels and the phone menu are one component on every route, drawn over the page rather than in
 * its flow, so their open states are swept across every width on one route, not repeated on ~80.
 */
/** Every 64 px up to 1024, where the phone and tablet layouts change most; every 128 px above, to 1920; and each side of the breakpoint. */
export const WIDTHS = [
  ...new Set([
    ...Array.from({ length: 12 }, (_, i) => 320 + 64 * i),
    ...Array.from({ length: 8 }, (_, i) => 1024 + 128 * i),
    1920,
    375,
    768,
    769,
    1025,
    1280,
    1440,
  ]),
].sort((a, b) => a - b);
const HEIGHT = 900;
const PHONE_MAX = 768;

interface Finding {
  width: number;
  overflow: number;
  outside: string[];
  /** The page's height at this width (it changes with the width, so it shows the layout was redone). */
  height: number;
}

/** The server forbids framing (frame-ancestors 'none'); for this test only, its pages may be framed by themselves. */
async function allowSameOriginFrames(page: Page): Promise<void> {
  await page.route(
    (url) => !/\.[a-z0-9]+$/i.test(url.pathname),
    async (route) => {
      const response = await route.fetch();
      const headers = { ...response.headers() };
      headers["content-security-policy"] = (headers["content-security-policy"] ?? "").replace("frame-ancestors 'none'", "frame-ancestors 'self'");
      await route.fulfill({ response, headers });
    },
  );
}

/** A blank same-origin page holding one frame, HEIGHT px tall, at the left edge. */
async function frameHarness(page: Page): Promise<void> {
  await allowSameOriginFrames(page);
  await page.setViewportSize({ width: 1940, height: HEIGHT + 20 });
  await page.goto("/robots.txt");
  await page.evaluate((height) => {
    const frame = document.createElement("iframe");
    frame.id = "under-test";
    frame.title = "page under test";
    frame.style.cssText = `position:fixed;left:0;top:0;border:0;height:${height}px;width:1920px`;
    document.body.append(frame);
  }, HEIGHT);
}

/** Load a route in the frame and wait for React to hydrate it. */
async function load(page: Page, route: string): Promise<void> {
  await page.evaluate((url) => {
    const frame = document.getElementById("under-test") as HTMLIFrameElement;
    frame.style.width = "1920px";
    frame.contentWindow!.location.replace(url);
  }, route);
  await page.waitForFunction((url) => {
    const win = (document.getElementById("under-test") as HTMLIFrameElement).contentWindow!;
    return win.location.pathname === url && win.document.documentElement?.dataset.hydrated === "true";
  }, route);
}

/**
 * Set the frame to each width in turn and read, at each, how far its page scrolls sideways and
 * every visible header control that is not wholly inside it. One call, so no round trip per width.
 */
function sweep(page: Page, widths: number[], prepare?: "open-phone-groups"): Promise<Finding[]> {
  return page.evaluate(
    ({ widths, prepare }) => {
      const frame = document.getElementById("under-test") as HTMLIFrameElement;
      const win = frame.contentWindow!;
      const doc = frame.contentDocument!;
      if (prepare === "open-phone-groups") for (const d of doc.querySelectorAll("#mobile-menu details")) (d as HTMLDetailsElement).open = true;
      return widths.map((width) => {
        frame.style.width = `${width}px`;
        const root = doc.documentElement;
        const overflow = root.scrollWidth - root.clientWidth;
        const outside = [...doc.querySelectorAll<HTMLElement>("header a, header button, header summary")]
          .filter((el) => el.getClientRects().length > 0 && win.getComputedStyle(el).visibility === "visible")
          .filter((el) => {
            const r = el.getBoundingClientRect();
            return r.width > 0 && (r.left < -0.5 || r.right > win.innerWidth + 0.5);
          })
          .map((el) => el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName);
        return { width, overflow, outside, height: root.scrollHeight };
      });
    },
    { widths, prepare },
  );
}

function problemsOf(label: string, findings: Finding[]): string[] {
  return findings.flatMap(({ width, overflow, outside }) => [
    ...(overflow > 0 ? [`${label} at ${width} px scrolls sideways by ${overflow} px`] : []),
    ...(outside.length ? [`${label} at ${width} px: header controls outside the window: ${outside.join(", ")}`] : []),
  ]);
}

/** Width bands for the figures the test prints. */
const BANDS: [number, number][] = [
  [320, 768],
  [769, 1024],
  [1025, 1440],
  [1441, 1920],
];

test.describe("every width from 320 to 1920 px", DESKTOP_ONLY, () => {
  // Only in the desktop project: one desktop browser sweeps every width, phones included.
  test.describe.configure({ mode: "parallel" });

  const routes = sitemapRoutes();
  const GROUPS = 2;
  for (let g = 0; g < GROUPS; g++) {
    test(`routes group ${g + 1} of ${GROUPS}: no sideways scroll, every header control inside the window`, async ({ page }) => {
      test.setTimeout(120_000);
      await frameHarness(page);
      const problems: string[] = [];
      const worst = new Map<number, number>();
      for (const route of routes.filter((_, i) => i % GROUPS === g)) {
        await load(page, route);
        const findings = await sweep(page, WIDTHS);
        for (const f of findings) worst.set(f.width, Math.max(worst.get(f.width) ?? 0, f.overflow));
        problems.push(...problemsOf(route, findings));
      }
      const bands = BANDS.map(([lo, hi]) => `${lo}–${hi}: ${Math.max(0, ...[...worst].filter(([w]) => w >= lo && w <= hi).map(([, px]) => px))} px`);
      console.log(`routes group ${g + 1}: max sideways overflow ${bands.join(", ")}`);
      expect(problems).toEqual([]);
    });
  }

  test("each desktop panel, open, fits the window from 769 to 1920 px with every link inside it", async ({ page }) => {
    await frameHarness(page);
    await load(page, "/legal-privacy");
    const problems: string[] = [];
    const panels = await page.frameLocator("#under-test").locator('header nav[aria-label="Main"] button[aria-controls]').allTextContents();
    expect(panels.map((t) => t.trim())).toEqual(["About Us", "Careers", "Industries", "Insights", "Services", "Products", "Courses"]);
    for (const label of panels) {
      const open = await page.evaluate((label) => {
        const doc = (document.getElementById("under-test") as HTMLIFrameElement).contentDocument!;
        const button = [...doc.querySelectorAll<HTMLButtonElement>("header button[aria-controls]")].find((b) => b.textContent!.trim() === label.trim())!;
        button.click();
        return new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(!doc.getElementById(button.getAttribute("aria-controls")!)!.hidden)));
      }, label);
      expect(open, `${label} panel opens`).toBe(true);
      problems.push(
        ...problemsOf(
          `${label.trim()} panel open`,
          await sweep(
            page,
            WIDTHS.filter((w) => w > PHONE_MAX),
          ),
        ),
      );
      // Linger off the panel; a click outside closes it (the real window is wider than the frame).
      await page.evaluate(() =>
        (document.getElementById("under-test") as HTMLIFrameElement).contentDocument!.body.dispatchEvent(new PointerEvent("pointerdown", { bubbles: true })),
      );
    }
    expect(problems).toEqual([]);
  });

  test("the phone menu, open with every group expanded, fits the window from 320 to 768 px", async ({ page }) => {
    await frameHarness(page);
    await load(page, "/legal-privacy");
    await page.evaluate((w) => ((document.getElementById("under-test") as HTMLIFrameElement).style.width = `${w}px`), PHONE_MAX);
    const frame = page.frameLocator("#under-test");
    await frame.getByRole("button", { name: "Menu" }).click();
    await expect(frame.locator("#mobile-menu")).toBeVisible();
    const findings = await sweep(page, WIDTHS.filter((w) => w <= PHONE_MAX).reverse(), "open-phone-groups");
    expect(await frame.locator("#mobile-menu details[open]").count()).toBe(7);
    expect(problemsOf("phone menu open", findings)).toEqual([]);
  });

  test("from 769 px up, all 8 top items and Contact Us are shown inside the window, the items on one row", async ({ page }) => {
    await frameHarness(page);
    await load(page, "/legal-privacy");
    const rows = await page.evaluate(
      (widths) => {
        const frame = document.getElementById("under-test") as HTMLIFrameElement;
        const doc = frame.contentDocument!;
        return widths.map((width) => {
          frame.style.width = `${width}px`;
          const nav = doc.querySelector('header nav[aria-label="Main"]')!;
          const controls = [
            ...nav.querySelectorAll<HTMLElement>(":scope > ul > li > a, :scope > ul > li > button"),
            doc.querySelector<HTMLElement>("header a[href='/about-us/connect']")!,
          ];
          return {
            width,
            boxes: controls.map((el) => {
              const r = el.getBoundingClientRect();
              return {
                label: el.textContent!.trim(),
                left: r.left,
                right: r.right,
                mid: r.top + r.height / 2,
                width: r.width,
                visible: frame.contentWindow!.getComputedStyle(el).visibility === "visible",
              };
            }),
          };
        });
      },
      WIDTHS.filter((w) => w > PHONE_MAX),
    );
    const problems: string[] = [];
    for (const { width, boxes } of rows) {
      const labels = boxes.map((b) => b.label).join("|");
      if (labels !== "Home|About Us|Careers|Industries|Insights|Services|Products|Courses|Contact Us") problems.push(`${width} px: items are ${labels}`);
      for (const b of boxes) {
        if (!b.visible || b.width === 0) problems.push(`${width} px: ${b.label} is not shown`);
        if (b.left < 0 || b.right > width) problems.push(`${width} px: ${b.label} is outside the window (${b.left}–${b.right})`);
        if (b.label !== "Contact Us" && Math.abs(b.mid - boxes[0]!.mid) > 2) problems.push(`${width} px: ${b.label} wraps to another row`);
      }
    }
    expect(problems).toEqual([]);
  });
});

// Only in the desktop project: a desktop window.
test("the frame lays a page out as a real window of the same width does", DESKTOP_ONLY, async ({ page }) => {
  // Guards the method above: page height and sideways overflow at widths across both breakpoints.
  const widths = [320, 768, 769, 1024, 1025, 1440];
  await page.goto("/");
  await page.evaluate(() => document.fonts.ready);
  const real: { overflow: number; height: number }[] = [];
  for (const width of widths) {
    await page.setViewportSize({ width, height: HEIGHT });
    real.push(
      await page.evaluate(() => ({
        overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        height: document.documentElement.scrollHeight,
      })),
    );
  }
  await frameHarness(page);
  await load(page, "/");
  await page.evaluate(() => (document.getElementById("under-test") as HTMLIFrameElement).contentDocument!.fonts.ready);
  const framed = (await sweep(page, widths)).map(({ overflow, height }) => ({ overflow, height }));
  expect(new Set(real.map((r) => r.height)).size).toBeGreaterThan(3);
  expect(framed).toEqual(real);
});
