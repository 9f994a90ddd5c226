import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { filesUnder } from "../../shared/files-under.ts";
import type { PageEntry } from "../../shared/page-entry.ts";
import type { Site } from "../../shared/generated/schema-types.ts";

/**
 * The editor's two bundles as files under .cache/editor/, made by src/cli/editor-bundles.ts
 * (Vite, by `npm run build:editor` or `npm run edit`); this side only finds and loads them, so
 * the server that serves them never imports Vite or the build's plugins:
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

/** Written into each bundle's folder: the time of the newest source it was built from. */
export const STAMP = ".editor-stamp";

export function bundleDirs(codeRoot: string): { adminDir: string; previewDir: string } {
  const cacheDir = join(codeRoot, ".cache", "editor");
  return { adminDir: join(cacheDir, "admin"), previewDir: join(cacheDir, "preview") };
}

const newestIn = (dir: string): number => Math.max(0, ...filesUnder(dir).map((file) => statSync(file).mtimeMs));

/** The time of the newest source the bundles are made from (src/, vite.config.ts, the lockfile). */
export function sourcesChangedAt(codeRoot: string): number {
  return Math.max(newestIn(join(codeRoot, "src")), statSync(join(codeRoot, "vite.config.ts")).mtimeMs, statSync(join(codeRoot, "package-lock.json")).mtimeMs);
}

export function isFresh(outDir: string, changedAt: number): boolean {
  const stamp = join(outDir, STAMP);
  return existsSync(stamp) && Number(readFileSync(stamp, "utf8")) >= changedAt;
}

/** Whether both bundles are there and newer than every source. */
export function bundlesAreFresh(codeRoot: string): boolean {
  const changedAt = sourcesChangedAt(codeRoot);
  const { adminDir, previewDir } = bundleDirs(codeRoot);
  return isFresh(adminDir, changedAt) && isFresh(previewDir, changedAt);
}

/** The bundles as built: their folders, the preview's stylesheet and the renderer. */
export async function loadEditorBundles(codeRoot: string): Promise<EditorBundles> {
  const { adminDir, previewDir } = bundleDirs(codeRoot);
  const css = existsSync(join(previewDir, "assets")) ? readdirSync(join(previewDir, "assets")).find((f) => f.endsWith(".css")) : undefined;
  if (!css || !existsSync(join(adminDir, "index.html")))
    throw new Error(`The editor's bundles in ${join(codeRoot, ".cache", "editor")} are missing: run \`npm run build:editor\`.`);
  const { render: renderPage } = (await import(pathToFileURL(join(previewDir, "entry-server.js")).href)) as { render: EditorBundles["renderPage"] };
  return { adminDir, previewDir, stylesheet: `${PREVIEW_BASE}assets/${css}`, renderPage };
}
