import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { pageChunkName, sitePlugin } from "./src/content/vite-plugin.ts";

export default defineConfig({
  publicDir: "site/assets",
  plugins: [sitePlugin(), react()],
  server: { host: "127.0.0.1", port: 5173 },
  build: {
    outDir: "dist",
    manifest: true,
    assetsInlineLimit: 0,
    // React and the router are ~85 KB gzip; the budget that matters is asserted by the size test, not this raw-size warning.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        chunkFileNames(chunk) {
          const page = chunk.moduleIds.find((id) => id.startsWith("\0virtual:site-page:"));
          return page ? `assets/${pageChunkName(page.slice("\0virtual:site-page:".length))}-[hash].js` : "assets/[name]-[hash].js";
        },
      },
    },
  },
});
