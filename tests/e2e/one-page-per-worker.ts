import { test as base, type Page } from "@playwright/test";
import { withAxe } from "./axe.ts";

/**
 * `shared`: one page per worker, reused by every test in it, for the sweeps over every route
 * (accessibility, CSP): ~80 routes × 2 viewports is mostly page loads, and a fresh browser
 * context per test would double the time. Dialogs are accepted, so one test's alert cannot
 * block the next; Content-Security-Policy violations are collected in `window.__cspViolations`,
 * and axe is in every page (axe.ts).
 */
export const test = base.extend<object, { shared: Page }>({
  shared: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, userAgent });
      // Every securitypolicyviolation event, from the first script on, for the CSP sweep to read.
      await context.addInitScript(() => {
        const seen: string[] = [];
        Object.defineProperty(window, "__cspViolations", { value: seen });
        document.addEventListener("securitypolicyviolation", (e) =>
          seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"} at ${e.sourceFile}:${e.lineNumber}: ${e.sample}`),
        );
      });
      await withAxe(context);
      const page = await context.newPage();
      page.on("dialog", (dialog) => void dialog.accept());
      await use(page);
      await context.close();
    },
    { scope: "worker" },
  ],
});

/** Go to an address on the shared page and wait for hydration; it must answer 200. */
export async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The CSP violations the page has reported since it loaded. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])]);
}
