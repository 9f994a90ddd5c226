import { join } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { dataPathOf, SITE_DATA_ID } from "../shared/data-paths.ts";
import { formatText } from "../content/format-problems.ts";
import { jsonForHtml, pageEntries } from "../content/page-entries.ts";
import { loadSiteContent, type SiteContent } from "../content/site.ts";

/**
 * Turns the checked content under site/ into what the app reads in the dev server:
 * - the site settings (header, footer, names) as a `<script type="application/json" id="site-data">`
 *   block in index.html (the build's prerender writes the same block into every page itself);
 * - `/_data/<address>.json`: one page's data, as the build writes it to dist/_data/.
 * No content is a module, so the bundles are the same whatever the pages say: the build reuses
 * them while the code is unchanged (see build-site.ts).
 * Invalid content fails a plain `vite build`, and shows in the dev server's overlay, with the validator's lines.
 */
export class ContentError extends Error {
  constructor(readonly content: SiteContent) {
    super(`Site content has problems:\n${formatText(content.problems, content.filesChecked)}`);
    this.name = "ContentError";
    this.stack = this.message;
  }
}

/**
 * `root` defaults to Vite's own resolved root (the folder holding site/, schema/ and index.html).
 * `contentChecked`: the caller (the build) has already checked site/, so the bundles do not read it again.
 */
export function sitePlugin(rootOverride?: string, options: { contentChecked?: boolean } = {}): Plugin {
  let root = rootOverride ?? process.cwd();
  let content: SiteContent | null = null;
  let serving = false;
  const current = (): SiteContent => (content ??= loadSiteContent(root));

  const reload = (server: ViteDevServer) => {
    content = loadSiteContent(root);
    if (content.problems.length > 0) {
      const err = new ContentError(content);
      server.config.logger.error(err.message);
      server.ws.send({ type: "error", err: { message: err.message, stack: "", plugin: "nexa-site" } });
    } else {
      server.ws.send({ type: "full-reload" });
    }
  };

  return {
    name: "nexa-site",
    enforce: "pre",
    configResolved(config) {
      root = rootOverride ?? config.root;
      serving = config.command === "serve";
    },
    buildStart() {
      if (serving || options.contentChecked) return;
      content = loadSiteContent(root);
      if (content.problems.length > 0) this.error(new ContentError(content).message);
    },
    transformIndexHtml() {
      if (!serving) return undefined;
      const c = current();
      if (c.problems.length > 0) return undefined;
      return [{ tag: "script", attrs: { type: "application/json", id: SITE_DATA_ID }, children: jsonForHtml(c.site), injectTo: "body" }];
    },
    configureServer(server) {
      // /_data/<address>.json from the current content (the build writes the same files to dist/_data/).
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? "/", "http://localhost").pathname;
        if (!path.startsWith("/_data/")) return next();
        const c = current();
        const entry = pageEntries(c).find(([address]) => dataPathOf(address) === path)?.[1];
        res.statusCode = c.problems.length > 0 ? 500 : entry ? 200 : 404;
        res.setHeader("content-type", "application/json; charset=utf-8");
        res.setHeader("cache-control", "no-store");
        res.end(JSON.stringify(c.problems.length > 0 ? { error: "The site content has problems: see the overlay." } : (entry ?? { route: null })));
      });
      const watched = [join(root, "site"), join(root, "schema")];
      server.watcher.add(watched);
      const onChange = (file: string) => {
        if (watched.some((dir) => file.startsWith(dir)) && /\.(ya?ml|json)$/.test(file)) reload(server);
        else if (file.startsWith(join(root, "site", "assets"))) reload(server);
      };
      server.watcher.on("change", onChange);
      server.watcher.on("add", onChange);
      server.watcher.on("unlink", onChange);
    },
  };
}
