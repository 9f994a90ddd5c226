import { defineConfig, devices } from "@playwright/test";
import { behaviourChromiumPath, CHROMIUM_ARGS } from "./src/build/chromium.ts";

/** End-to-end tests: the built, prerendered site served by the real server (`npm start`), in Debian's Chromium. */
const PORT = Number(process.env.E2E_PORT ?? 4321);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  forbidOnly: !!process.env.CI,
  use: {
    baseURL: BASE_URL,
    // One browser context per worker, reset between tests (cookies, cache, storage, routes, init
    // scripts, viewport and emulation): creating a context costs ~0.5 s on this 2-core machine,
    // which was a third of the suite's time. A test that needs other context options (no script,
    // forced colours, reduced motion set at creation) opens its own with browser.newContext().
    reuseContext: true,
    launchOptions: {
      executablePath: behaviourChromiumPath(),
      args: [...CHROMIUM_ARGS],
    },
  },
  // A test tagged for one project (tests/e2e/fixtures.ts: DESKTOP_ONLY, PHONE_ONLY) is left out of the other.
  projects: [
    { name: "desktop", grepInvert: /@phone-only/, use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, channel: undefined } },
    { name: "phone", grepInvert: /@desktop-only/, use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
  ],
  webServer: {
    command: "node src/cli/launch.mjs start",
    url: `${BASE_URL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(PORT), HOST: "127.0.0.1", ENQUIRY_DB: ".tmp/e2e/enquiries.db", ENQUIRY_RATE_LIMIT: "0", NODE_ENV: "test" },
  },
});
