import { join } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { formatText } from "./format-problems.ts";
import { loadSiteContent, type SiteContent } from "./site.ts";

/**
 * Turns the checked pages under site/ into modules:
 * - `virtual:site`: the small manifest the entry carries (site settings, route titles, aliases, page loaders);
 * - `virtual:site-page:/route`: one page's data, its own lazily loaded chunk.
 * Invalid content fails the build, and shows in the dev server's overlay, with the validator's lines.
 */
const MANIFEST_ID = "virtual:site";
const PAGE_PREFIX = "virtual:site-page:";
const RESOLVED = "\0";

export class ContentError extends Error {
  constructor(readonly content: SiteContent) {
    super(`Site content has problems:\n${formatText(content.problems, content.filesChecked)}`);
    this.name = "ContentError";
    this.stack = this.message;
  }
}

export function pageChunkName(route: string): string {
  return route === "/" ? "page-home" : `page${route.replace(/[^A-Za-z0-9]+/g, "-")}`;
}

/** `root` defaults to Vite's own resolved root (the folder holding site/, schema/ and index.html). */
export function sitePlugin(rootOverride?: string): Plugin {
  let root = rootOverride ?? process.cwd();
  let content: SiteContent | null = null;
  const current = (): SiteContent => (content ??= loadSiteContent(root));

  const manifestCode = (c: SiteContent) => {
    const routes = Object.fromEntries(c.pages.map((p) => [p.route, { title: p.data.title }]));
    const aliases = Object.fromEntries([...c.table.aliasOf.entries()].sort());
    const loaders = c.pages
      .map((p) => `  ${JSON.stringify(p.route)}: () => import(${JSON.stringify(PAGE_PREFIX + p.route)}),`)
      .join("\n");
    return [
      `export const site = ${JSON.stringify(c.site)};`,
      `export const routes = ${JSON.stringify(routes)};`,
      `export const aliases = ${JSON.stringify(aliases)};`,
      `export const pages = {\n${loaders}\n};`,
    ].join("\n");
  };

  const reload = (server: ViteDevServer) => {
    content = loadSiteContent(root);
    const mods = [...server.moduleGraph.idToModuleMap.keys()].filter((id) => id.startsWith(RESOLVED + MANIFEST_ID) || id.startsWith(RESOLVED + PAGE_PREFIX));
    for (const id of mods) {
      const mod = server.moduleGraph.getModuleById(id);
      if (mod) server.moduleGraph.invalidateModule(mod);
    }
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
      content = loadSiteContent(root);
      for (const file of content.files) this.addWatchFile(file);
    },
    resolveId(id) {
      if (id === MANIFEST_ID || id.startsWith(PAGE_PREFIX)) return RESOLVED + id;
      return null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED)) return null;
      const key = id.slice(RESOLVED.length);
      if (key !== MANIFEST_ID && !key.startsWith(PAGE_PREFIX)) return null;
      const c = current();
      if (c.problems.length > 0) this.error(new ContentError(c).message);
      if (key === MANIFEST_ID) return manifestCode(c);
      const route = key.slice(PAGE_PREFIX.length);
      const page = c.pages.find((p) => p.route === route);
      if (!page) this.error(`No page for the route ${route}`);
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(page.data))});`;
    },
    configureServer(server) {
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
