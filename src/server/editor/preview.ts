import { cardsPerPageOf, splitPage } from "../../content/listing-pages.ts";
import type { SiteContent } from "../../content/site.ts";
import { escapeHtml } from "../../shared/html.ts";
import type { PageEntry } from "../../shared/page-entry.ts";
import type { EditorBundles } from "./bundle-files.ts";

/**
 * One page drawn by the site's renderer as a document for the editor's preview frame: the
 * site's stylesheet, the rendered header, sections and footer, and no script (the frame is
 * sandboxed without scripts; the editor follows its links itself).
 */
export async function previewHtml(bundles: Pick<EditorBundles, "renderPage" | "stylesheet">, content: SiteContent, route: string): Promise<string | null> {
  const found = content.pages.find((p) => p.route === route);
  if (!found || !content.site) return null;
  // A split listing is previewed as visitors first see it: its first page. Only this page is split:
  // splitting every listing of the site (listingPagesOf) took 25-70 ms a keystroke at 10,000 pages.
  const page = splitPage(found, cardsPerPageOf(content.site))?.[0] ?? found;
  const entry: PageEntry = { route: page.route, page: page.data };
  const body = await bundles.renderPage(route, entry, content.site);
  return [
    "<!doctype html>",
    `<html lang="${escapeHtml(content.site.language ?? "en")}">`,
    "<head>",
    '<meta charset="utf-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    `<title>${escapeHtml(page.data.title)}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(bundles.stylesheet)}" />`,
    "</head>",
    "<body>",
    `<div id="root">${body}</div>`,
    "</body>",
    "</html>",
    "",
  ].join("\n");
}
