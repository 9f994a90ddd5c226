import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, mergeConfig, type InlineConfig } from "vite";
import { filesUnder } from "../../shared/files-under.ts";
import type { PageEntry } from "../../shared/page-entry.ts";
import type { Site } from "../../shared/generated/schema-types.ts";
import { siteConfig, siteCss } from "../../../vite.config.ts";

/**
 * The editor's two bundles, made with the project's own Vite configuration and kept under
 * .cache/editor/ until a source changes:
 * - admin/: the editor's browser side (src/admin), its own entry, never part of the visitor bundle;
 * - preview/: the site's renderer (src/app/entry-server.tsx: the render function and CSS
 *   modules the prerender uses) for the server, with the site's one stylesheet and fonts.
 */
export interface EditorBundles {
  adminDir: string;
  previewDir: string;
  /** The site's stylesheet, as the preview links it (under PREVIEW_BASE). */
  stylesheet: string;
  /** The site's renderer (src/app/entry-server.tsx's render), loaded from the preview bundle. */
  renderPage: (url: string, entry: PageEntry, site: Site) => Promise<string>;
}

/**
 * What the editor's page carries in place of its nonce (Vite's html.cspNonce: on its script and
 * stylesheet tags and in a <meta property="csp-nonce">): the server puts a new nonce there on
 * each request, so CodeMirror's <style> element, the one style the page makes at run time, may apply.
 */
export const NONCE_PLACEHOLDER = "EDITOR_CSP_NONCE";

/** Where the preview bundle's files are served: the stylesheet's fonts are found relative to it. */
export const PREVIEW_BASE = "/admin/preview/";

const newestIn = (dir: string): number => Math.max(0, ...filesUnder(dir).map((file) => statSync(file).mtimeMs));

const STAMP = ".editor-stamp";

function isFresh(outDir: string, sourcesChangedAt: number): boolean {
  const stamp = join(outDir, STAMP);
  return existsSync(stamp) && Number(readFileSync(stamp, "utf8")) >= sourcesChangedAt;
}

/** Build whichever bundle is older than the sources (src/, vite.config.ts, the lockfile), then load the renderer. */
export async function editorBundles(codeRoot: string, log: (line: string) => void = () => undefined): Promise<EditorBundles> {
  const cacheDir = join(codeRoot, ".cache", "editor");
  const adminDir = join(cacheDir, "admin");
  const previewDir = join(cacheDir, "preview");
  const changedAt = Math.max(
    newestIn(join(codeRoot, "src")),
    statSync(join(codeRoot, "vite.config.ts")).mtimeMs,
    statSync(join(codeRoot, "package-lock.json")).mtimeMs,
  );
  const base: InlineConfig = { root: codeRoot, configFile: false, logLevel: "warn", publicDir: false };
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
  const css = readdirSync(join(previewDir, "assets")).find((f) => f.endsWith(".css"));
  if (!css) throw new Error(`The preview bundle in ${previewDir} has no stylesheet: delete .cache/editor/ and start the editor again.`);
  const { render: renderPage } = (await import(join(previewDir, "entry-server.js"))) as { render: EditorBundles["renderPage"] };
  return { adminDir, previewDir, stylesheet: `${PREVIEW_BASE}assets/${css}`, renderPage };
}
