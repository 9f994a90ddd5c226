import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/**
 * Reliability tests: real server processes, killed with SIGKILL, several instances on one
 * database. Run by `npm test` (tools/test/test.sh) after the unit tests, one file at a time so
 * the timings of one do not disturb another.
 */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/reliability/**/*.test.ts"],
    environment: "node",
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: "forks",
    fileParallelism: false,
  },
});
