import { join } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { dataPathOf, SITE_DATA_ID } from "../shared/data-paths.ts";
import { formatText } from "../content/format-problems.ts";
import { pageEntries } from "../content/page-entries.ts";
import { jsonForHtml } from "../shared/html.ts";
import { loadSiteContent, type SiteContent } from "../content/site.ts";

/**
 * Turns the checked content under site/ into what the app reads:
 * - the site settings (header, footer, names) as a `<script type="application/json" id="site-data">`
 *   block in index.html, so in every prerendered page: the browser reads them there, and the entry holds no content at all;
 * - `virtual:site`: the same settings as a module, for the prerender's server bundle;
 * - in the dev server, `/_data/<address>.json`: one page's data, as the build writes it to dist/_data/.
 * No page is a module, so the bundle is the same whatever the number of pages.
 * Invalid content fails the build, and shows in the dev server's overlay, with the validator's lines.
 */
const SITE_ID = "virtual:site";
const RESOLVED = "\0" + SITE_ID;

export class ContentError extends Error {
  constructor(readonly content: SiteContent) {
    super(`Site content has problems:\n${formatText(content.problems, content.filesChecked)}`);
    this.name = "ContentError";
    this.stack = this.message;
  }
}

/**
 * `root` defaults to Vite's own resolved root (the folder holding site/, schema/ and index.html).
 * `checked` is content the caller has already loaded (the build), so the bundles do not read site/ again.
 */
export function sitePlugin(rootOverride?: string, checked?: SiteContent): Plugin {
  let root = rootOverride ?? process.cwd();
  let content: SiteContent | null = checked ?? null;
  const current = (): SiteContent => (content ??= loadSiteContent(root));

  const reload = (server: ViteDevServer) => {
    content = loadSiteContent(root);
    const mod = server.moduleGraph.getModuleById(RESOLVED);
    if (mod) server.moduleGraph.invalidateModule(mod);
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
    },
    buildStart() {
      if (checked) return;
      content = loadSiteContent(root);
      for (const file of content.files) this.addWatchFile(file);
    },
    resolveId(id) {
      return id === SITE_ID ? RESOLVED : null;
    },
    transformIndexHtml() {
      const c = current();
      if (c.problems.length > 0) return undefined;
      return [{ tag: "script", attrs: { type: "application/json", id: SITE_DATA_ID }, children: jsonForHtml(c.site), injectTo: "body" }];
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const c = current();
      if (c.problems.length > 0) this.error(new ContentError(c).message);
      return `export const site = ${JSON.stringify(c.site)};`;
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
