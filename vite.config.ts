import react from "@vitejs/plugin-react";
import { Features } from "lightningcss";
import { realpathSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig, type CSSOptions, type Plugin, type UserConfig } from "vite";
import { sitePlugin, type SitePluginOptions } from "./src/build/vite-plugin.ts";

/**
 * Stylesheets go through Lightning CSS (the bundles' minifier already) rather than PostCSS, for
 * its `@custom-media`: the phone breakpoint is named once, in src/app/styles/media.css, and each
 * `(--phone)` is written out as its query when each file is compiled. `include` asks for that
 * whatever the browser targets (Lightning CSS otherwise leaves custom media to browsers, which do
 * not read it), so the dev server gets real queries too, and a stylesheet that uses a name
 * without importing media.css stops the build ("Custom media query --phone is not defined").
 * CSS modules keep their local name in the class (`[class*="marquee"]` in the browser tests
 * finds them); grid area names stay as written, as PostCSS left them.
 */
export const siteCss: CSSOptions = {
  transformer: "lightningcss",
  lightningcss: { drafts: { customMedia: true }, include: Features.CustomMediaQueries, cssModules: { grid: false } },
};

/**
 * What `npm run dev` may read from disk: the page sources, the app's code, the entry page, and
 * the dependencies Vite serves from node_modules (the public assets under site/assets are
 * served as the public folder). Everything else in the project (data/ with the enquiry
 * database, .env files, .git/, scripts, docs, tests, package.json) answers 403, whichever
 * page or LAN client asks.
 */
export const DEV_SERVER_ALLOW = ["site", "src", "index.html", "node_modules"];

/**
 * Refused even inside an allowed folder: Vite's own defaults (env files, keys, .git), and any
 * database file or data folder wherever it sits (a copy of data/enquiries.db dropped into src/
 * is still the enquiries).
 */
export const DEV_SERVER_DENY = [".env", ".env.*", "*.{crt,pem,key}", "**/.git/**", "**/data/**", "**/*.{db,db-wal,db-shm,db-journal,sqlite,sqlite3}"];

/** A database file's name, as DEV_SERVER_DENY spells the suffixes. */
const DATABASE_FILE = /\.(?:db|db-wal|db-shm|db-journal|sqlite|sqlite3)$/i;

/**
 * Vite answers a path that names no file it serves with index.html (its single-page
 * fallback), so `/.git/HEAD` would come back 200 with the home page. A path with a
 * dot-segment (`/.git/…`, `/.env`, `/.tmp/…`) is never a page of the site: answer 404
 * instead, so nothing looks served. Vite's own dependency cache (`/node_modules/.vite/`) is
 * reached through node_modules and stays served. A database file gets 403 wherever it sits,
 * as `server.fs.deny` answers it elsewhere: Vite serves the public folder (site/assets) before
 * it reads its deny list, so a copy of the enquiries dropped among the pictures would go out.
 */
function refuseDotPaths(): Plugin {
  return {
    name: "nexa-dev-refuse-dot-paths",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        let path: string;
        try {
          path = decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname);
        } catch {
          path = "/";
        }
        const segments = path.split("/").filter(Boolean);
        const dotted = segments.some((segment) => segment.startsWith(".") && segment !== ".well-known");
        const database = DATABASE_FILE.test(segments.at(-1) ?? "");
        if (!database && (!dotted || segments[0] === "node_modules")) return next();
        res.statusCode = database ? 403 : 404;
        res.setHeader("content-type", "text/plain; charset=utf-8");
        res.end(database ? "Forbidden" : "Not found");
      });
    },
  };
}

/**
 * A node_modules that is a link to another folder (a copy of the project that shares its
 * dependencies, as the benchmarks and the dev server's tests make) is served from where it really
 * is: Vite follows the link, and the real folder is outside DEV_SERVER_ALLOW, so the font (and
 * anything else fetched by its /node_modules/ address) answered 403. The same files as through
 * the link, nothing more; DEV_SERVER_DENY applies there too.
 */
function allowLinkedDependencies(): Plugin {
  return {
    name: "nexa-dev-allow-linked-dependencies",
    apply: "serve",
    config(config) {
      const linked = join(resolve(config.root ?? process.cwd()), "node_modules");
      let real: string;
      try {
        real = realpathSync(linked);
      } catch {
        return undefined;
      }
      return real === linked ? undefined : { server: { fs: { allow: [real] } } };
    },
  };
}

/** The project folder (this file's), whose own builds and throwaway copies the dev server leaves alone. */
const PROJECT_DIR = fileURLToPath(new URL(".", import.meta.url));

/**
 * What the dev server neither watches nor scans: builds and throwaway copies, which hold thousands of
 * files, and the folders it never serves and whose changes it has no use for (the compiled commands,
 * the enquiry database, the docs, the tests, the tools; the server's, the commands' and the editor's
 * code; the build's and the checks' code, which it loaded at its start and takes again only at the
 * next). Watching those 420 files cost its start in this folder about 0.3 s of CPU beside the first
 * page's check; alternated first starts with no check store, the first page came at 2.29 s against
 * 2.75 s (medians of 6). The code folders were 190 of the 650 entries it still read at each start.
 * Anchored to this project's folder rather than matched as a .tmp folder anywhere, which would also
 * match every file of a copy under .tmp/ when the dev server runs inside it (the benchmarks do), so
 * its saves went unseen.
 */
export const DEV_UNWATCHED = [
  ".builds",
  ".tmp",
  "dist",
  "dist-server",
  "data",
  "docs",
  "tests",
  "tools",
  "src/server",
  "src/cli",
  "src/admin",
  "src/build",
  "src/content",
].map((dir) => join(PROJECT_DIR, dir) + sep);
const unwatched = (path: string) => DEV_UNWATCHED.some((dir) => path.startsWith(dir) || path + sep === dir);

/** The project's Vite configuration, with the site plugin's options (the build has checked site/ already; the dev server lists it ahead). */
export const siteConfig = (options: SitePluginOptions = {}): UserConfig => ({
  publicDir: "site/assets",
  css: siteCss,
  plugins: [refuseDotPaths(), allowLinkedDependencies(), sitePlugin(undefined, options), react()],
  server: {
    host: "127.0.0.1",
    port: 5173,
    watch: { ignored: [unwatched] },
    fs: { strict: true, allow: DEV_SERVER_ALLOW, deny: DEV_SERVER_DENY },
    // Transformed as the server starts, while the browser is still on its way: the entry and its static imports, so the
    // first page waits on no transform level after level. Not every block as well: a page loads only its own blocks (by
    // dynamic import), and warming all seventeen kept the server's one thread busy for about half a second after it
    // listened, beside the first page's check. Alternated first starts at 80 pages, entry only against every block:
    // /legal-privacy 2.57 against 2.85 s with no check store, 1.98 against 2.27 s with one; / 2.37 against 2.47 s (medians of 6).
    warmup: { clientFiles: ["./src/app/entry-client.tsx"] },
  },
  // The one entry page: without it Vite scans every *.html under the project, the copies' thousands included.
  optimizeDeps: { entries: ["index.html"] },
  build: {
    outDir: "dist",
    manifest: true,
    assetsInlineLimit: 0,
    // React and the router are ~75 KB gzip; the budget that matters is asserted by the size test, not this raw-size warning.
    chunkSizeWarningLimit: 700,
    // One stylesheet for the whole site, linked by every page: blocks are split into chunks, their CSS is not (no flash of unstyled block).
    cssCodeSplit: false,
    // Every page's HTML preloads the chunks its blocks need, so no preload helper rides in the entry.
    modulePreload: false,
  },
});

export default defineConfig(siteConfig());
