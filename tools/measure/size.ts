import { readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { isEntryPoint, readArgs } from "../../src/cli/options.ts";
import { filesUnder } from "../../src/shared/files-under.ts";

/**
 * npm run size: the gzip bytes each route loads before it is interactive: the entry script,
 * the chunks of the page's blocks that its HTML preloads, and the stylesheets, read from dist/.
 */
const gz = new Map<string, number>();
const gzipBytes = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(file), { level: 9 }).length);
  return gz.get(file)!;
};

/** Every page's index.html under dir, assets folders aside. */
const htmlFiles = (dir: string): string[] =>
  filesUnder(dir, { skip: (path, isFolder) => (isFolder ? path.split("/").at(-1) === "assets" : path.split("/").at(-1) !== "index.html") });

export interface RouteSize {
  route: string;
  js: number;
  css: number;
  files: string[];
}

/** One HTML file's route and the gzip bytes of the scripts and stylesheets it loads before it is interactive. */
export function htmlSize(dist: string, file: string): RouteSize {
  const html = readFileSync(file, "utf8");
  const route = "/" + relative(dist, file).replace(/(^|\/)index\.html$/, "");
  const scripts = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const styles = [...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="\/([^"]+\.css)"/g)].map((m) => m[1]!);
  return {
    route: route === "/" ? "/" : route.replace(/\/$/, ""),
    js: scripts.reduce((n, f) => n + gzipBytes(join(dist, f)), 0),
    css: styles.reduce((n, f) => n + gzipBytes(join(dist, f)), 0),
    files: [...scripts, ...styles],
  };
}

/** Every route's initial JS and CSS in `dist` (default: dist/ of the working directory). */
export function routeSizes(dist = join(process.cwd(), "dist")): RouteSize[] {
  return htmlFiles(dist)
    .map((file) => htmlSize(dist, file))
    .sort((a, b) => a.route.localeCompare(b.route));
}

if (isEntryPoint(import.meta.url)) {
  const { values } = readArgs({ dist: { type: "string", default: "dist" } }, "usage: npm run size [-- --dist DIR]");
  const rows = routeSizes(resolve(values.dist));
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(9);
  console.log(`${"route".padEnd(58)} ${"JS (gzip)".padStart(9)} ${"CSS (gzip)".padStart(10)}`);
  for (const r of rows) console.log(`${r.route.padEnd(58)} ${kb(r.js)} ${kb(r.css).padStart(10)}`);
  const home = rows.find((r) => r.route === "/");
  if (home) console.log(`\nInitial JS of /: ${home.js} bytes gzip (${(home.js / 1024).toFixed(1)} KB); CSS: ${home.css} bytes gzip`);
}
