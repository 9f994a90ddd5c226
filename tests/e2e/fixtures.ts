import { test as base, expect, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";

/** A page that records console errors, warnings and uncaught exceptions, so a test can assert there were none. */
export const test = base.extend<{ consoleProblems: string[] }>({
  consoleProblems: async ({ page }, use) => {
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on("pageerror", (e) => problems.push(`uncaught: ${e.message}`));
    await use(problems);
  },
});

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
