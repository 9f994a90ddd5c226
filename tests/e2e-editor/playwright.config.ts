import { defineConfig } from "@playwright/test";
import { behaviourChromiumPath, CHROMIUM_ARGS } from "../../src/build/chromium.ts";

/**
 * The browser editor, end to end, in Debian's Chromium: `npm run edit` on a throwaway clone of
 * this repository under .tmp/editor-e2e/ (the tests publish there, never to the project itself).
 */
const PORT = Number(process.env.E2E_PORT ?? 4402);
export const EDITOR_URL = `http://127.0.0.1:${PORT}`;
export const CLONE = ".tmp/editor-e2e/repo";

export default defineConfig({
  testDir: ".",
  // editor-walk.spec.ts has its own server and configuration (walk.config.ts).
  testMatch: "add-an-industry.spec.ts",
  outputDir: "../../.tmp/test-results-editor",
  workers: 1,
  retries: 0,
  timeout: 720_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: EDITOR_URL,
    viewport: { width: 1600, height: 1000 },
    launchOptions: { executablePath: behaviourChromiumPath(), args: [...CHROMIUM_ARGS] },
  },
  webServer: {
    command: `npx tsx tests/e2e-editor/clone-repo.ts ${CLONE} && npx tsx src/cli/edit.ts --root ${CLONE}`,
    cwd: "../..",
    url: `${EDITOR_URL}/admin/`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: { PORT: String(PORT), HOST: "127.0.0.1" },
  },
});
