import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

/**
 * The built site served by the real server (`npm start`), as Playwright's webServer serves it to
 * the e2e suite: one server for all three engines' test files. Port from E2E_PORT (4321 if unset).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_PORT ?? 4321);
  const baseUrl = `http://127.0.0.1:${port}`;
  mkdirSync(".tmp/engines", { recursive: true });
  const server = spawn(process.execPath, ["src/cli/launch.mjs", "start"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ENQUIRY_DB: ".tmp/engines/enquiries.db", ENQUIRY_RATE_LIMIT: "0", NODE_ENV: "test" },
  });
  const exited = new Promise<never>((_, reject) =>
    server.once("exit", (code) => reject(new Error(`the site server stopped (exit ${code}) before it answered on ${baseUrl}`))),
  );
  const end = Date.now() + 120_000;
  const answered = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${baseUrl}/`)).ok) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > end) throw new Error(`the site server did not answer on ${baseUrl} within 120 s`);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  try {
    await Promise.race([answered, exited]);
  } catch (error) {
    server.kill();
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  return async () => {
    server.kill();
  };
}
