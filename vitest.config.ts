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
    // Each fork runs file after file without a fresh module graph: importing the project's modules
    // (fastify, ajv, React, the schemas) once per fork instead of once per file took about a
    // quarter of a run. No file needs a clean process: none mocks modules or changes the working
    // directory, and those that stub the environment, the timers or the console restore them.
    isolate: false,
  },
});
