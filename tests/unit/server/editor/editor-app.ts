import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify, { type FastifyInstance } from "fastify";
import { render as renderPage } from "../../../../src/app/entry-server.tsx";
import { NONCE_PLACEHOLDER } from "../../../../src/server/editor/bundle-files.ts";
import { editorPlugin } from "../../../../src/server/editor/index.ts";
import type { PageChecker } from "../../../../src/server/editor/publish.ts";
import type { SiteRebuilder } from "../../../../src/server/editor/rebuild.ts";

/**
 * The editor's routes on a site copy at `root`, in process, with stand-in bundles: an admin page
 * and the preview's stylesheet, kept outside the copy (the publish tests stash and commit it).
 */
export async function startEditorApp(
  root: string,
  checkPages: PageChecker,
  rebuilder?: SiteRebuilder,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const bundleDir = mkdtempSync(join(tmpdir(), "nexa-editor-bundles-"));
  const adminDir = join(bundleDir, "admin");
  const previewDir = join(bundleDir, "preview");
  mkdirSync(adminDir);
  mkdirSync(join(previewDir, "assets"), { recursive: true });
  writeFileSync(join(adminDir, "index.html"), `<!doctype html><title>Site editor</title><meta property="csp-nonce" nonce="${NONCE_PLACEHOLDER}">`);
  writeFileSync(join(previewDir, "assets", "site.css"), "body{}");
  const app = Fastify({ logger: { level: "error" } });
  await app.register(editorPlugin, {
    root,
    bundles: { adminDir, previewDir, stylesheet: "/admin/preview/assets/site.css", renderPage },
    checkPages,
    rebuilder,
  });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      rmSync(bundleDir, { recursive: true, force: true });
    },
  };
}
