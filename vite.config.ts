import react from "@vitejs/plugin-react";
import { Features } from "lightningcss";
import { defineConfig, type CSSOptions, type UserConfig } from "vite";
import { sitePlugin } from "./src/build/vite-plugin.ts";

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

/** The project's Vite configuration; the build (src/build/build-site.ts) has checked site/ already, so its bundles do not read it again. */
export const siteConfig = (options: { contentChecked?: boolean } = {}): UserConfig => ({
  publicDir: "site/assets",
  css: siteCss,
  plugins: [sitePlugin(undefined, options), react()],
  server: {
    host: "127.0.0.1",
    port: 5173,
    // Builds and throwaway copies hold thousands of HTML files: neither watched nor scanned for dependencies.
    watch: { ignored: ["**/.builds/**", "**/.tmp/**", "**/dist/**"] },
  },
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
