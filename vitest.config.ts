import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    environment: "node",
    testTimeout: 30_000,
    pool: "forks",
    // Vitest runs one fork on a 2-core machine by default (cores - 1); most files wait on processes,
    // sockets and PostgreSQL, so two forks cut the stage from ~340 s to ~230 s.
    maxWorkers: 2,
  },
});
