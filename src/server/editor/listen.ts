import Fastify, { type FastifyInstance } from "fastify";
import type { EditorBundles } from "./bundle-files.ts";
import { editorPlugin } from "./index.ts";
import { refuseOtherSites } from "./loopback-guard.ts";
import type { PageChecker } from "./publish.ts";

export interface LocalEditorOptions {
  /** The working copy: the folder holding site/ and schema/. */
  root: string;
  /** The editor's bundles, built beforehand (src/cli/editor-bundles.ts: Vite is not the server's to load). */
  bundles: EditorBundles;
  host: string;
  port: number;
  /** The page check a publish runs: `npm run check` (projectCheck) for `npm run edit`. */
  checkPages: PageChecker;
  log?: (line: string) => void;
}

/**
 * The editor for one person on this machine, listening: other sites refused (Host and Origin),
 * the plugin with the site's pictures served at their paths.
 * `npm run edit` starts it; the editor's end-to-end tests start the same one on a throwaway clone.
 */
export async function listenLocalEditor(options: LocalEditorOptions): Promise<FastifyInstance> {
  const { bundles } = options;
  const app = Fastify({ logger: false, bodyLimit: 32 * 1024 });
  refuseOtherSites(app);
  await app.register(editorPlugin, { root: options.root, bundles, checkPages: options.checkPages, serveSiteAssets: true });
  app.get("/", async (_request, reply) => reply.redirect("/admin/"));
  // No sign-in here: the editor's page asks, and 204 tells it to show the editor at once (inside
  // npm start the staff plugin answers this route with who is signed in, or 401).
  app.get("/admin/api/session", async (_request, reply) => reply.code(204).send());
  await app.listen({ host: options.host, port: options.port });
  return app;
}
