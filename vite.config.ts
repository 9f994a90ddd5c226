import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";
import { sitePlugin } from "./src/build/vite-plugin.ts";

/** The project's Vite configuration; the build (src/build/build-site.ts) has checked site/ already, so its bundles do not read it again. */
export const siteConfig = (options: { contentChecked?: boolean } = {}): UserConfig => ({
  publicDir: "site/assets",
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
