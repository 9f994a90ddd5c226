import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * The cross-engine part of the browser tests (`npm run test:engines`): one suite, run in Debian's
 * Firefox ESR and WebKitGTK against the built site (Chromium runs the same behaviours in the
 * end-to-end stage). A file per engine, WebKit's editor suite in one of its own, two at a time.
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
