import { fileURLToPath } from "node:url";
import type { HelperQuestion } from "../build/helper-worker.ts";
import { contentChecksStore } from "../build/publish.ts";
import { PARALLEL_FROM, startHelper } from "../build/worker-pool.ts";
import type { ListedFiles } from "../content/site-checks.ts";
import { isEntryPoint, readArgs, wholeNumber } from "./options.ts";

/**
 * npm run dev [-- --port 5173] [--host 127.0.0.1] [--strictPort] [--open]
 *
 * Vite's dev server on the project's configuration, started through Vite's API from this compiled
 * command rather than by Vite's own command line: that one bundles vite.config.ts and the content
 * code it imports at every start (or, given a compiled file, imports it behind a module-loader
 * thread on Node 20), about 0.15–0.2 s of a 1.5 s start to the first page. A change to
 * vite.config.ts or the plugin takes effect at the next start, which compiles them again
 * (src/cli/launch.mjs).
 *
 * Vite and the configuration are imported only once the helper thread has started: it lists the
 * site's files and checks those the check store lacks (every one at a checkout's first start, up to
 * a few hundred; more go to a pool of check workers) while this thread loads Vite (about 0.2 s) and
 * starts it. Checked on this thread at the first page's request, as before, 80 files took 0.3 s of
 * the 2 s to that page; the helper started any later would finish after the page had asked.
 */
const USAGE = "usage: npm run dev [-- --port 5173] [--host 127.0.0.1] [--strictPort] [--open]";

/** The project's folder, wherever the command was started from. */
const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));

export async function runDev(args: readonly string[]): Promise<void> {
  const started = performance.now();
  const { values } = readArgs(
    { port: { type: "string" }, host: { type: "string" }, strictPort: { type: "boolean", default: false }, open: { type: "boolean", default: false } },
    USAGE,
    [...args],
  );
  const listed = listAhead(PROJECT_ROOT);
  const [{ createServer }, { siteConfig }] = await Promise.all([import("vite"), import("../../vite.config.ts")]);
  const config = siteConfig({ listAhead: listed ? () => listed : undefined });
  const server = await createServer({
    ...config,
    // The folder the helper listed.
    root: PROJECT_ROOT,
    configFile: false,
    server: {
      ...config.server,
      ...(values.port !== undefined ? { port: wholeNumber(values.port, "port", USAGE) } : {}),
      ...(values.host !== undefined ? { host: values.host } : {}),
      strictPort: values.strictPort,
      open: values.open,
    },
  });
  await server.listen();
  server.config.logger.info(`\n  nexa dev server ready in ${Math.round(performance.now() - started)} ms\n`);
  server.printUrls();
  server.bindCLIShortcuts({ print: true });
}

/**
 * The site's files at `root`, listed and stamped on the build's helper thread, with the files
 * changed since the check store was written checked there (as the dev server's first check takes
 * them); null from source or on one core, where the dev server checks them itself (startHelper).
 */
function listAhead(root: string): Promise<ListedFiles> | null {
  const helper = startHelper<HelperQuestion, ListedFiles>(new URL("../build/helper-worker.ts", import.meta.url), null);
  if (!helper) return null;
  const store = contentChecksStore(root);
  // More than a worker pool is started for, and the dev server's first check hands them to one (checkManyInWorkers).
  const listed = helper.ask({ list: { root, store, upTo: PARALLEL_FROM - 1 } });
  // One question only: the thread ends once it is answered (a failed listing is made again by the first check).
  void listed.then(helper.stop, helper.stop);
  return listed;
}

/**
 * Pre-bundles the browser's dependencies (React, the router, altcha-lib) into Vite's cache, as the
 * dev server's first start would: `npm install` runs this (src/cli/launch.mjs --build), so the first
 * `npm run dev` of a checkout finds them ready. At that first start Vite otherwise scanned every
 * module for imports and bundled the dependencies while the first page was loading, on the same two
 * cores: 0.3 s alone, 1.1 s beside the server's first check and the browser (the first page came
 * about 0.1 s later, medians of five alternated starts: docs/bench-scale-2026-11-29.md). Vite checks
 * the cache at every start (its digest of the lockfile and the configuration) and bundles again
 * when either changed, so a stale cache costs what no cache did.
 *
 * Vite marks `optimizeDeps` deprecated ("the optimization process runs automatically") and has no
 * other call that only bundles; it is what `vite optimize` runs. Its one warning saying so is
 * dropped; any other line reaches the terminal.
 */
export async function prebundleDependencies(): Promise<void> {
  const [{ createLogger, optimizeDeps, resolveConfig }, { siteConfig }] = await Promise.all([import("vite"), import("../../vite.config.ts")]);
  const logger = createLogger("warn");
  const warn = logger.warn.bind(logger);
  logger.warn = (message, options) => void (message.includes("optimizeDeps is deprecated") || warn(message, options));
  const config = await resolveConfig({ ...siteConfig(), root: PROJECT_ROOT, configFile: false, customLogger: logger }, "serve", "development");
  await optimizeDeps(config, false, false);
}

if (isEntryPoint(import.meta.url)) {
  runDev(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
