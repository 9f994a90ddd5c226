import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { formatText } from "../src/content/format-problems.ts";
import { loadSiteContent } from "../src/content/site.ts";
import { prerender } from "./prerender.ts";
import { precompress } from "./precompress.ts";

/**
 * npm run build: check the content, bundle the client and a server renderer, prerender
 * every route, then swap the result into dist/. Invalid content writes nothing to dist/.
 */
// Always a production bundle: an inherited NODE_ENV (the e2e server runs with "test") would ship React's development build.
process.env.NODE_ENV = "production";
const root = process.cwd();
const started = performance.now();
/** Seconds per phase, printed at the end (and written as JSON to BUILD_TIMINGS_FILE for `npm run bench`). */
const phases: Record<string, number> = {};
let phaseStarted = started;
const phaseDone = (name: string) => {
  const now = performance.now();
  phases[name] = (now - phaseStarted) / 1000;
  phaseStarted = now;
};
const content = loadSiteContent(root);
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
  await build({ root, logLevel: "warn", build: { outDir: clientOut, emptyOutDir: true } });
  phaseDone("client bundle");
  await build({
    root,
    logLevel: "warn",
    publicDir: false,
    build: { outDir: serverOut, emptyOutDir: true, ssr: "src/entry-server.tsx", manifest: false, rolldownOptions: { output: { chunkFileNames: "[name]-[hash].js" } } },
  });
  phaseDone("server bundle");
  const { files, primaryRoutes } = await prerender(clientOut, join(serverOut, "entry-server.js"));
  phaseDone("prerender");
  rmSync(join(clientOut, ".vite"), { recursive: true, force: true });
  await precompress(clientOut);
  writeFileSync(join(clientOut, ".build-stamp"), new Date().toISOString() + "\n");
  rmSync(join(root, "dist"), { recursive: true, force: true });
  renameSync(clientOut, join(root, "dist"));
  const seconds = (performance.now() - started) / 1000;
  const breakdown = Object.entries(phases).map(([name, s]) => `${name} ${s.toFixed(1)}s`).join(", ");
  console.log(`Built dist/: ${primaryRoutes.length} pages, ${files.length} HTML files in ${seconds.toFixed(1)}s (${breakdown})`);
  if (process.env.BUILD_TIMINGS_FILE) writeFileSync(process.env.BUILD_TIMINGS_FILE, JSON.stringify({ total: seconds, ...phases }) + "\n");
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error("Build failed. dist/ was left as it was.");
  process.exitCode = 1;
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
