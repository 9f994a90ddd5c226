import { spawn } from "node:child_process";
import { cpSync, mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";
import { listenLocalEditor } from "../../src/server/editor/listen.ts";
import { editorBundles } from "../../src/cli/editor-bundles.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** The editor (`npm run edit`'s server) on a throwaway copy of site/ and schema/, for the editor check. */
    editorUrl: string;
    /** That copy, where a save lands. */
    editorRoot: string;
  }
}

/**
 * `npm run edit`'s own server, in this process, on a copy of the site under .tmp/engines/editor/:
 * one for every engine's editor check, which each edit a page of their own. Its bundles are the
 * ones the editor walk built earlier in npm test (built here when stale). Nothing is published.
 */
async function startEditor(port: number): Promise<{ url: string; root: string; close: () => Promise<void> }> {
  const root = resolve(".tmp/engines/editor");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  for (const dir of ["site", "schema"]) cpSync(dir, join(root, dir), { recursive: true });
  const app = await listenLocalEditor({
    root,
    bundles: await editorBundles(resolve(".")),
    host: "127.0.0.1",
    port,
    checkPages: async () => ({ ok: false, output: "The engines' editor check does not publish." }),
  });
  return { url: `http://127.0.0.1:${port}`, root, close: () => app.close() };
}

/**
 * The built site served by the real server (`npm start`), as Playwright's webServer serves it to
 * the e2e suite: one server for all three engines' test files. Port from E2E_PORT (4321 if unset);
 * the editor beside it on the next port.
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
  let editor: Awaited<ReturnType<typeof startEditor>>;
  try {
    // The editor checks every page as it starts, while the site server starts in its own process.
    [editor] = await Promise.all([startEditor(port + 1), Promise.race([answered, exited])]);
  } catch (error) {
    server.kill();
    throw error;
  }
  project.provide("baseUrl", baseUrl);
  project.provide("editorUrl", editor.url);
  project.provide("editorRoot", editor.root);
  return async () => {
    server.kill();
    await editor.close();
  };
}
