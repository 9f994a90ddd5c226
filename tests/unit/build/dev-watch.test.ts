import { join } from "node:path";
import { createServer, type ViteDevServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteConfig } from "../../../vite.config.ts";

const ROOT = join(import.meta.dirname, "../../..");

/**
 * What `npm run dev` watches: the files it serves and checks, not the folders it never serves. Each
 * watched file costs the dev server's start a scan and an inotify watch beside the first page's
 * check (vite.config.ts, DEV_UNWATCHED).
 */
describe("the dev server's watcher", () => {
  let server: ViteDevServer;
  let watched: string[];

  beforeAll(async () => {
    const config = siteConfig();
    // Its watcher only: no dependency bundling (which would write node_modules/.vite beside other tests) and no warm-up.
    server = await createServer({
      ...config,
      configFile: false,
      root: ROOT,
      logLevel: "silent",
      optimizeDeps: { noDiscovery: true, include: [] },
      server: { ...config.server, warmup: undefined, middlewareMode: true, hmr: false },
    });
    // The watcher scans the folders after the server is made: read its list once it stops growing.
    const list = () => Object.keys(server.watcher.getWatched());
    let before = -1;
    for (let waited = 0; list().length !== before && waited < 20_000; waited += 250) {
      before = list().length;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    watched = list().map((dir) =>
      dir
        .slice(ROOT.length + 1)
        .split("\\")
        .join("/"),
    );
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it.each(["src/app", "src/app/blocks", "src/shared", "site", "site/courses", "schema"])("watches %s", (dir) => {
    expect(watched).toContain(dir);
  });

  it.each([".builds", ".tmp", "dist", "dist-server", "data", "docs", "tests", "tools", "src/server", "src/cli", "src/admin", "src/build", "src/content"])(
    "leaves %s and what is under it alone",
    (dir) => {
      expect(watched.filter((w) => w === dir || w.startsWith(`${dir}/`))).toEqual([]);
    },
  );
});
