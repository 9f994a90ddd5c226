import { defineConfig } from "@playwright/test";
import { behaviourChromiumPath, CHROMIUM_ARGS } from "../../src/build/chromium.ts";

/**
 * The editor walk (editor-walk.spec.ts) in Debian's Chromium, as npm test runs it: the editor on a
 * throwaway clone with a bare remote under .tmp/editor-walk/ (walk-editor.ts).
 */
const PORT = Number(process.env.E2E_PORT ?? 4403);

export default defineConfig({
  testDir: ".",
  testMatch: "editor-walk.spec.ts",
  outputDir: "../../.tmp/test-results-editor-walk",
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 1600, height: 1000 },
    launchOptions: { executablePath: behaviourChromiumPath(), args: [...CHROMIUM_ARGS] },
  },
  webServer: {
    command: "npx tsx tests/e2e-editor/walk-editor.ts",
    cwd: "../..",
    url: `http://127.0.0.1:${PORT}/admin/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(PORT) },
  },
});
