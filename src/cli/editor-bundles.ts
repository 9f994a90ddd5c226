import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, mergeConfig, type InlineConfig } from "vite";
import { siteConfig, siteCss } from "../../vite.config.ts";
import {
  bundleDirs,
  isFresh,
  loadEditorBundles,
  NONCE_PLACEHOLDER,
  PREVIEW_BASE,
  sourcesChangedAt,
  STAMP,
  type EditorBundles,
} from "../server/editor/bundle-files.ts";

/**
 * Builds the editor's two bundles (bundle-files.ts says what they are) with the project's own
 * Vite configuration, each only when older than the sources. Run by `npm run edit` and
 * `npm run build:editor`, never by the server: it imports Vite and the build's plugins. Then
 * loads the renderer.
 */
export async function editorBundles(codeRoot: string, log: (line: string) => void = () => undefined): Promise<EditorBundles> {
  const changedAt = sourcesChangedAt(codeRoot);
  const base: InlineConfig = { root: codeRoot, configFile: false, logLevel: "warn", publicDir: false };
  // Always React's production build: an inherited NODE_ENV (a test runner's "test", as the engine
  // suite's in-process editor has) would give its development build, whose StrictMode runs each
  // effect twice, in a bundle then kept as fresh for `npm run edit` and the editor walk. Vite and
  // the React plugin both read it from the environment (a define alone leaves the JSX calling
  // React's development-only jsxDEV), so it is set for the builds and given back after.
  const inherited = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  try {
    await buildStale(codeRoot, base, changedAt, log);
  } finally {
    if (inherited === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = inherited;
  }
  return loadEditorBundles(codeRoot);
}

/** Builds each bundle that is older than the sources. */
async function buildStale(codeRoot: string, base: InlineConfig, changedAt: number, log: (line: string) => void): Promise<void> {
  const { adminDir, previewDir } = bundleDirs(codeRoot);
  if (!isFresh(adminDir, changedAt)) {
    const started = performance.now();
    await build(
      mergeConfig(base, {
        root: join(codeRoot, "src", "admin"),
        // admin.css imports the site's tokens, which name the phone breakpoint (media.css).
        css: siteCss,
        base: "/admin/",
        html: { cspNonce: NONCE_PLACEHOLDER },
        plugins: (await import("@vitejs/plugin-react")).default(),
        build: { outDir: adminDir, emptyOutDir: true, assetsInlineLimit: 0, chunkSizeWarningLimit: 1500 },
      }),
    );
    writeFileSync(join(adminDir, STAMP), String(changedAt));
    log(`Built the editor's pages in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  if (!isFresh(previewDir, changedAt)) {
    const started = performance.now();
    // The site's own configuration (CSS modules, one stylesheet), as a server bundle that also writes its CSS and fonts.
    const { plugins: _sitePlugins, ...site } = siteConfig();
    await build(
      mergeConfig(mergeConfig(base, site), {
        base: PREVIEW_BASE,
        publicDir: false,
        plugins: (await import("@vitejs/plugin-react")).default(),
        build: {
          outDir: previewDir,
          emptyOutDir: true,
          ssr: "src/app/entry-server.tsx",
          ssrEmitAssets: true,
          manifest: false,
          rolldownOptions: { output: { entryFileNames: "entry-server.js" } },
        },
      }),
    );
    writeFileSync(join(previewDir, STAMP), String(changedAt));
    log(`Built the preview renderer in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
