import { join, relative, sep } from "node:path";
import type { Plugin, ViteDevServer } from "vite";
import { dataPathOf, normalizePath, PAGES_EVENT, SITE_DATA_ID, type PagesEvent } from "../shared/data-paths.ts";
import { escapeHtml, jsonForHtml } from "../shared/html.ts";
import { formatProblem, formatText } from "../content/format-problems.ts";
import { pageEntries } from "../content/page-entries.ts";
import type { Problem } from "../content/problem.ts";
import { isPageFile, routeOfFile } from "../content/routes.ts";
import { SiteChecks, STORE_FROM, type ListedFiles } from "../content/site-checks.ts";
import { loadSiteContent, type SiteContent } from "../content/site.ts";
import { contentChecksStore } from "./publish.ts";
import { checkManyInWorkers } from "./check-pool.ts";
import { numberedPageOf } from "../shared/listing-pages.ts";
import type { PageEntry } from "../shared/page-entry.ts";

/**
 * Turns the checked content under site/ into what the app reads in the dev server:
 * - the site settings (header, footer, names) as a `<script type="application/json" id="site-data">`
 *   block in index.html (the build writes them to one file every page preloads);
 * - `/_data/<address>.json`: one page's data, as the build writes it to dist/_data/.
 * No content is a module, so the bundles are the same whatever the pages say: the build reuses
 * them while the code is unchanged (see build-site.ts).
 * Invalid content fails a plain `vite build` with the validator's lines. In the dev server a page
 * whose file (or the site settings) has problems is answered with the list of those problems
 * instead of the page, on every load; every other page keeps working.
 */
export class ContentError extends Error {
  constructor(readonly content: SiteContent) {
    super(`Site content has problems:\n${formatText(content.problems, content.filesChecked)}`);
    this.name = "ContentError";
    this.stack = this.message;
  }
}

const SETTINGS_FILE = "site/_site.yaml";

/**
 * The problems that keep the page at `path` from being shown: those of its own file, and those
 * of the site settings, which every page draws (header, footer). Problems of other files do not:
 * the dev server keeps showing every page that is fine.
 */
export function problemsBlocking(content: SiteContent, path: string): Problem[] {
  // A numbered page of a split listing is drawn from its first page's file.
  const numbered = numberedPageOf(path);
  const route = content.table.primaryOf.get(path) ?? (numbered && content.table.primaryOf.get(numbered.first)) ?? path;
  return content.problems.filter((p) => {
    if (p.file === SETTINGS_FILE) return true;
    const inSite = p.file.replace(/^site\//, "");
    return isPageFile(inSite) && routeOfFile(inSite) === route;
  });
}

/**
 * The page the dev server shows instead of a page with problems: every one of them, one a line
 * at file:line:col as validate prints them. A plain document (Vite adds its client script, so it
 * reloads when a file is saved); its few styles are inline, as no Content-Security-Policy applies in dev.
 */
export function problemsPage(path: string, problems: Problem[]): string {
  const settings = problems.some((p) => p.file === SETTINGS_FILE);
  const files = [...new Set(problems.map((p) => p.file))];
  const count = `${problems.length} ${problems.length === 1 ? "problem" : "problems"}`;
  const heading = settings ? `The site settings have ${count}, so no page can be shown` : `This page is not shown: ${files.join(", ")} has ${count}`;
  const items = problems.map((p) => {
    const where = `${p.file}:${p.line}:${p.col}`;
    return `      <li><code>${escapeHtml(where)}</code> ${escapeHtml(formatProblem(p).slice(where.length).trim())}</li>`;
  });
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(`${count}: ${path}`)}</title>
    <style>
      body { font: 16px/1.5 system-ui, sans-serif; margin: 0; color: #0b1b33; background: #f5f7fb; }
      main { max-width: 60rem; margin: 0 auto; padding: 2rem 1.25rem; }
      h1 { font-size: 1.5rem; color: #8a1c1c; }
      ol { padding-left: 1.5rem; }
      li { margin: 0.75rem 0; overflow-wrap: anywhere; }
      code { font: 0.95em ui-monospace, monospace; background: #fff; border: 1px solid #c9d2e3; padding: 0 0.25rem; }
    </style>
  </head>
  <body>
    <main>
      <h1>${escapeHtml(heading)}</h1>
      <p>Fix ${problems.length === 1 ? "it" : "them"} in your editor and save: this page reloads by itself.${settings ? "" : " Every other page of the site still works."} <code>npm run validate</code> prints the same list.</p>
      <ol>
${items.join("\n")}
      </ol>
    </main>
  </body>
</html>
`;
}

export interface SitePluginOptions {
  /** The caller (the build) has already checked site/, so the bundles do not read it again. */
  contentChecked?: boolean;
  /** The dev server's: the site's files listed, and those the check store lacks checked, on another thread (SiteChecksOptions.listAhead). */
  listAhead?: () => Promise<ListedFiles>;
}

/** `root` defaults to Vite's own resolved root (the folder holding site/, schema/ and index.html). */
export function sitePlugin(rootOverride?: string, options: SitePluginOptions = {}): Plugin {
  let root = rootOverride ?? process.cwd();
  let content: SiteContent | null = null;
  let serving = false;
  // The checks kept by content digest, shared with the build and the editor through their store: the first
  // check reuses the last build's, and a save checks the saved file and what it reaches in the other files.
  let checks: SiteChecks | null = null;
  let saving: NodeJS.Timeout | null = null;
  // Written to the store once checks pause after a cold start (many files checked), so the next start or build finds them.
  const saveSoon = () => {
    if (saving) clearTimeout(saving);
    saving = setTimeout(() => checks?.save({ atLeast: STORE_FROM }), 2000);
    saving.unref();
  };
  // A save's check, after the first check (reload waits for it), which made `checks`.
  const check = (touched: string[]) => {
    const checked = checks!.check({ touched });
    saveSoon();
    return checked;
  };
  /**
   * The dev server's first check, begun as it starts (configureServer) rather than at the first
   * page's request; with `listAhead` (npm run dev: src/cli/dev.ts), the files the store does not
   * hold were checked on a helper thread while Vite loaded and started on this one.
   */
  let firstCheck: Promise<SiteContent> | null = null;
  // The listing made as the server started, for its first check only: a check tried again later lists the files anew.
  let listAhead = options.listAhead;
  const checkFirst = async (): Promise<SiteContent> => {
    // Vite's own start first: the store is read on this thread. (And so `firstCheck` is set before anything here can fail.)
    await new Promise((resolve) => setImmediate(resolve));
    try {
      // A site with many files the store lacks (a large site's first start) is checked on worker threads, as the build checks it.
      checks = new SiteChecks(root, { store: contentChecksStore(root), listAhead, checkMany: checkManyInWorkers(root) });
      listAhead = undefined;
      content = await checks.checkAsync();
    } catch (error) {
      // A check that cannot run (a schema missing or half-edited) fails the pages that wait for it, and the next page load tries again.
      checks = null;
      firstCheck = null;
      throw error;
    }
    saveSoon();
    return content;
  };
  const current = async (): Promise<SiteContent> => content ?? (await (firstCheck ??= checkFirst()));
  /**
   * The content for a page load, after a look (a stat each) at the settings file and the page's own
   * file: one changed since it was last checked is checked now, as the watcher would have. On a busy
   * machine the watcher reports a save late (or, for some editors' writes, not at all), and the
   * page loaded meanwhile showed the old state, problems or none.
   */
  const currentFor = async (server: ViteDevServer, address: string): Promise<SiteContent> => {
    const c = await current();
    // The file the address is drawn from: an alias's page, a numbered listing page's first page.
    const route = entryAt(c, dataPathOf(address))?.[1].route ?? address;
    const first = numberedPageOf(route)?.first ?? route;
    const own = c.pages.find((p) => p.route === first)?.file;
    for (const file of [SETTINGS_FILE, ...(own ? [own] : [])]) if (checks?.changedSince(join(root, file))) await reload(server, join(root, file), "change");
    return current();
  };
  // /_data/<address>.json → what it shows, made once per check rather than per request (a list of every address).
  let entries: { of: SiteContent; byPath: Map<string, [address: string, entry: PageEntry]> } | null = null;
  const indexOf = (c: SiteContent) => {
    if (entries?.of !== c) entries = { of: c, byPath: new Map(pageEntries(c).map((e) => [dataPathOf(e[0]), e])) };
    return entries;
  };
  const entryAt = (c: SiteContent, path: string) => indexOf(c).byPath.get(path);

  /**
   * After a save, the open pages show it. A page file's change that leaves the addresses as they
   * were goes over Vite's HMR channel (PAGES_EVENT) with the data of the addresses drawn from the
   * saved file, and the app draws them again in place (src/app/entry-client.tsx): no reload of the
   * document, the bundles and the fonts. Everything else reloads the open page: the site settings,
   * which every page draws; a schema or a picture; a page added, removed or given another address;
   * and problems before or after the save, so a page with problems shows them, and a fixed page, or
   * one that never had any, shows its content (an error overlay would cover pages that work).
   */
  const reload = async (server: ViteDevServer, file: string, event: "change" | "add" | "unlink") => {
    // A save during the first check waits for it: the helper may have read the file before it.
    const before = await current();
    // The addresses before the save, indexed now: the check below updates the content it keeps in place.
    const beforeEntries = before && before.problems.length === 0 ? indexOf(before) : null;
    content = check([file]);
    if (content.problems.length > 0) server.config.logger.error(new ContentError(content).message);
    const inSite = relative(join(root, "site"), file).split(sep).join("/");
    const pageFile = event === "change" && !inSite.startsWith("..") && isPageFile(inSite) && /\.ya?ml$/.test(inSite);
    if (!pageFile || !beforeEntries || content.problems.length > 0) return server.ws.send({ type: "full-reload" });
    const now = indexOf(content);
    const sameAddresses = beforeEntries.byPath.size === now.byPath.size && [...now.byPath.keys()].every((k) => beforeEntries.byPath.has(k));
    if (!sameAddresses) return server.ws.send({ type: "full-reload" });
    const route = routeOfFile(inSite);
    const changed: PagesEvent["entries"] = {};
    for (const [dataPath, [, entry]] of now.byPath)
      if (entry.route !== null && (entry.route === route || numberedPageOf(entry.route)?.first === route)) changed[dataPath] = entry;
    server.ws.send({ type: "custom", event: PAGES_EVENT, data: { entries: changed } satisfies PagesEvent });
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
    async transformIndexHtml(_html, ctx) {
      if (!serving) return undefined;
      const path = normalizePath(new URL(ctx.originalUrl ?? ctx.path, "http://localhost").pathname) ?? "/";
      const c = ctx.server ? await currentFor(ctx.server, path) : await current();
      const blocking = problemsBlocking(c, path);
      if (blocking.length > 0) return problemsPage(path, blocking);
      return [{ tag: "script", attrs: { type: "application/json", id: SITE_DATA_ID }, children: jsonForHtml(c.site), injectTo: "body" }];
    },
    configureServer(server) {
      // Its failure is the first page's to report, not the server's start's.
      current().catch(() => undefined);
      // /_data/<address>.json from the current content (the build writes the same files to dist/_data/).
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? "/", "http://localhost").pathname;
        if (!path.startsWith("/_data/")) return next();
        const asked =
          normalizePath(
            path
              .replace(/^\/_data/, "")
              .replace(/\.json$/, "")
              .replace(/^\/index$/, "/"),
          ) ?? "/";
        currentFor(server, asked).then((c) => {
          const found = entryAt(c, path);
          const address = found?.[0] ?? asked;
          const blocking = problemsBlocking(c, address);
          // 409: this page cannot be shown as it stands; the app then loads the address as a whole page, which lists the problems.
          res.statusCode = blocking.length > 0 ? 409 : found ? 200 : 404;
          res.setHeader("content-type", "application/json; charset=utf-8");
          res.setHeader("cache-control", "no-store");
          res.end(JSON.stringify(blocking.length > 0 ? { error: "This page has problems.", problems: blocking } : (found?.[1] ?? { route: null })));
        }, next);
      });
      const watched = [join(root, "site"), join(root, "schema")];
      server.watcher.add(watched);
      // Returns the reload, which the watcher does not wait for (the plugin's tests do).
      const onChange = (event: "change" | "add" | "unlink") => async (file: string) => {
        const ours = (watched.some((dir) => file.startsWith(dir)) && /\.(ya?ml|json)$/.test(file)) || file.startsWith(join(root, "site", "assets"));
        if (ours) await reload(server, file, event).catch((error: unknown) => server.config.logger.error(String(error), { error: error as Error }));
      };
      server.watcher.on("change", onChange("change"));
      server.watcher.on("add", onChange("add"));
      server.watcher.on("unlink", onChange("unlink"));
    },
  };
}
