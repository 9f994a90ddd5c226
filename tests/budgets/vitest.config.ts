import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Size budgets and HTML conformance read the built dist/, so they run after `npm run build` (tools/test/test.sh), apart from the unit tests. */
export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["tests/budgets/**/*.test.ts"],
    environment: "node",
  },
});
