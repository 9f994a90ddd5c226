import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { build, mergeConfig } from "vite";
import { siteConfig } from "../../vite.config.ts";
import { formatText } from "../content/format-problems.ts";
import { loadSiteContentInParallel } from "./check-pool.ts";
import { buildSeo } from "./seo/page-seo.ts";
import { readOptions } from "../cli/options.ts";
import { prerender } from "./prerender.ts";
import { precompress } from "./precompress.ts";

/**
 * npm run build: check the content, bundle the client and a server renderer, prerender
 * every route, then swap the result into dist/. Invalid content writes nothing to dist/.
 */
// Always a production bundle: an inherited NODE_ENV (the e2e server runs with "test") would ship React's development build.
process.env.NODE_ENV = "production";
/**
 * --no-cards leaves the social cards undrawn (pages share og/default.png): for throwaway scale
 * copies, whose thousands of distinct synthetic cards `npm run bench:scale` times on their own.
 */
const { values } = readOptions({ "no-cards": { type: "boolean", default: false } }, "usage: npm run build [-- --no-cards] [--root DIR]");
const root = resolve(values.root);
const started = performance.now();
/** Seconds per phase, printed at the end (and written as JSON to BUILD_TIMINGS_FILE for `npm run bench`). */
const phases: Record<string, number> = {};
let phaseStarted = started;
const phaseDone = (name: string) => {
  const now = performance.now();
  phases[name] = (now - phaseStarted) / 1000;
  phaseStarted = now;
};
const content = await loadSiteContentInParallel(root);
phaseDone("validate");
if (content.problems.length > 0) {
  console.error(formatText(content.problems, content.filesChecked));
  console.error("Build stopped: fix the problems above. Nothing was written to dist/.");
  process.exit(1);
}

const work = join(root, ".tmp", `build-${process.pid}`);
const clientOut = join(work, "client");
const serverOut = join(work, "server");
rmSync(work, { recursive: true, force: true });
mkdirSync(work, { recursive: true });
try {
  // Both bundles take the content checked above: their size and time do not depend on the number of pages.
  const config = (extra: Parameters<typeof mergeConfig>[1]) => mergeConfig(siteConfig(content), { root, configFile: false, logLevel: "warn", ...extra });
  await build(config({ build: { outDir: clientOut, emptyOutDir: true } }));
  phaseDone("client bundle");
  await build(
    config({
      publicDir: false,
      build: { outDir: serverOut, emptyOutDir: true, ssr: "src/app/entry-server.tsx", manifest: false, rolldownOptions: { output: { chunkFileNames: "[name]-[hash].js" } } },
    }),
  );
  phaseDone("server bundle");
  // For search engines and social sites: each page's social card (drawn, or from the cache) and structured data, as head tags for prerender.
  const seo = await buildSeo(content, clientOut, root, { drawCards: !values["no-cards"] });
  seo.warnings.forEach((w) => console.warn(`warning: ${w}`));
  phaseDone("social cards");
  // Pages and their data are compressed as they are written; precompress does the rest (scripts, styles, pictures).
  const { files, primaryRoutes, written } = await prerender(clientOut, join(serverOut, "entry-server.js"), content, seo.headFor);
  phaseDone("prerender");
  rmSync(join(clientOut, ".vite"), { recursive: true, force: true });
  await precompress(clientOut, written);
  phaseDone("compress");
  writeFileSync(join(clientOut, ".build-stamp"), new Date().toISOString() + "\n");
  rmSync(join(root, "dist"), { recursive: true, force: true });
  renameSync(clientOut, join(root, "dist"));
  phaseDone("swap");
  const seconds = (performance.now() - started) / 1000;
  const breakdown = Object.entries(phases).map(([name, s]) => `${name} ${s.toFixed(1)}s`).join(", ");
  console.log(`Built dist/: ${primaryRoutes.length} pages, ${files.length} HTML files in ${seconds.toFixed(1)}s (${breakdown})`);
  console.log(`Social cards: ${seo.cards.cards} (${seo.cards.drawn} drawn, ${seo.cards.cached} from the cache), largest ${(seo.cards.largest / 1024).toFixed(0)} KB`);
  if (process.env.BUILD_TIMINGS_FILE) writeFileSync(process.env.BUILD_TIMINGS_FILE, JSON.stringify({ total: seconds, ...phases }) + "\n");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error("Build failed. dist/ was left as it was.");
  process.exitCode = 1;
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
