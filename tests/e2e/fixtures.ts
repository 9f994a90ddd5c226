import { test as base, expect, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { withAxe } from "./axe.ts";

/**
 * Every spec's `test`: a page that records console errors, warnings and uncaught exceptions, so a
 * test can assert there were none (`consoleProblems`), and one page per worker for the sweeps
 * (`shared`). One set of worker fixtures for all files, so a worker runs any file of its project:
 * Playwright starts a new worker, with its own browser, for a file whose worker fixtures differ.
 */
export const test = base.extend<{ consoleProblems: string[] }, { shared: Page }>({
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
    await use(problems);
  },
  /**
   * `shared`: one page per worker, reused by every test in it, for the sweeps over every route
   * (accessibility, CSP): ~80 routes × 2 viewports is mostly page loads, and a fresh browser
   * context per test would double the time. Dialogs are accepted, so one test's alert cannot
   * block the next; Content-Security-Policy violations are collected in `window.__cspViolations`,
   * and axe is in every page (axe.ts).
   */
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

/**
 * Tags that keep a test to one project (playwright.config.ts leaves the other project's tag out):
 * a test written for one viewport does not run at the other at all. Skipping it there instead
 * still cost a worker and, for a skip inside the test, the page's set-up.
 */
export const DESKTOP_ONLY = { tag: "@desktop-only" };
export const PHONE_ONLY = { tag: "@phone-only" };

export { expect };

/** Wait until React has hydrated the prerendered page (the entry marks <html> when it is done). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/**
 * The full browser, for specs that measure pixels or font timing (the suite's default is the
 * headless shell, see behaviourChromiumPath): `test.use({ launchOptions: FULL_BROWSER })`.
 */
export const FULL_BROWSER = { executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] };
