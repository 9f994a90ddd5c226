import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The cross-engine part of the browser tests (`npm run test:engines`): one suite, run in Debian's
 * Chromium, Firefox ESR and WebKitGTK, against the built site. A file per engine, two at a time.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/engines/**/*.test.ts"],
    environment: "node",
    globalSetup: ["tests/engines/site-server.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
