import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "vite";
import { formatText } from "../src/content/format-problems.ts";
import { loadSiteContent } from "../src/content/site.ts";
import { prerender } from "./prerender.ts";

/**
 * npm run build: check the content, bundle the client and a server renderer, prerender
 * every route, then swap the result into dist/. Invalid content writes nothing to dist/.
 */
const root = process.cwd();
const started = performance.now();
const content = loadSiteContent(root);
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
  await build({
    root,
    logLevel: "warn",
    publicDir: false,
    build: { outDir: serverOut, emptyOutDir: true, ssr: "src/entry-server.tsx", manifest: false, rolldownOptions: { output: { chunkFileNames: "[name]-[hash].js" } } },
  });
  const { files, primaryRoutes } = await prerender(clientOut, join(serverOut, "entry-server.js"));
  rmSync(join(clientOut, ".vite"), { recursive: true, force: true });
  writeFileSync(join(clientOut, ".build-stamp"), new Date().toISOString() + "\n");
  rmSync(join(root, "dist"), { recursive: true, force: true });
  renameSync(clientOut, join(root, "dist"));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built dist/: ${primaryRoutes.length} pages, ${files.length} HTML files in ${seconds}s`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error("Build failed. dist/ was left as it was.");
  process.exitCode = 1;
} finally {
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
