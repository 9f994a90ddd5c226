import { StrictMode } from "react";
import { createRoot, hydrateRoot, type Root } from "react-dom/client";
import { App } from "./App.tsx";
import { SiteRouter } from "./lib/location.tsx";
import { fetchPage, forgetPages, primePage, type PageEntry } from "./lib/page-cache.ts";
import type { Site } from "../shared/generated/schema-types.ts";
import { dataPathOf, normalizePath, PAGE_DATA_ID, PAGES_EVENT, SITE_DATA_ID, type PagesEvent } from "../shared/data-paths.ts";

/** The JSON in the page's `<script type="application/json" id={id}>`, or null when there is none. */
function dataBlock<T>(id: string): T | null {
  const block = document.getElementById(id);
  return block instanceof HTMLScriptElement ? (JSON.parse(block.textContent) as T) : null;
}

/**
 * The JSON of the file a `<link rel="preload" as="fetch" id={id}>` names, or null when there is no
 * such link. A plain fetch() of the link's address is the request the preload made (same-origin
 * CORS, no extra headers), so the browser answers it with the preloaded response.
 */
async function preloaded<T>(id: string): Promise<T | null> {
  const link = document.getElementById(id);
  if (!(link instanceof HTMLLinkElement)) return null;
  const response = await fetch(link.href);
  if (!response.ok) throw new Error(`${link.href}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/**
 * Read the site settings and the page's data, and load its blocks first, so the first render
 * matches the HTML. A prerendered page preloads both files (the settings' one is shared by every
 * page); the dev server's page carries the settings in a data block and no page data (fetch it);
 * the not-found page carries its data in a block. Data, not modules: the entry is the same for every page and every site size.
 */
async function start() {
  const path = normalizePath(window.location.pathname);
  const [site, entry] = await Promise.all([
    dataBlock<Site>(SITE_DATA_ID) ?? preloaded<Site>(SITE_DATA_ID),
    dataBlock<PageEntry>(PAGE_DATA_ID) ?? preloaded<PageEntry>(PAGE_DATA_ID).then((found) => found ?? (path === null ? { route: null } : fetchPage(path))),
  ]);
  if (!site) throw new Error(`the page has no site settings (#${SITE_DATA_ID})`);
  await primePage(path, entry);
  const container = document.getElementById("root")!;
  const app = () => (
    <StrictMode>
      <SiteRouter>
        <App site={site} />
      </SiteRouter>
    </StrictMode>
  );
  // A prerendered page is hydrated. The dev server's page has nothing rendered in #root (only a
  // placeholder comment): hydrating that made React report "Hydration failed" on every page, so it is rendered instead.
  let root: Root;
  if (container.firstElementChild) root = hydrateRoot(container, app(), { onRecoverableError: (error) => console.error("Hydration problem:", error) });
  else (root = createRoot(container)).render(app());
  // Only in the dev server (the bundles have no import.meta.hot): a saved page file is drawn in place.
  if (import.meta.hot) import.meta.hot.on(PAGES_EVENT, (event: PagesEvent) => void showSaved(event, () => root.render(app())));
}

/**
 * A page file saved under `npm run dev`: the open address's new data (in the event when it is
 * drawn from the saved file, else fetched again, as a listing may show the saved page's card),
 * its blocks loaded, then the app drawn again with it, keeping the header's and the page's state.
 * When it cannot be had, the address is loaded again as a whole page, as before.
 */
async function showSaved({ entries }: PagesEvent, redraw: () => void) {
  const path = normalizePath(window.location.pathname);
  forgetPages();
  try {
    const entry = path === null ? { route: null } : (entries[dataPathOf(path)] ?? (await fetchPage(path)));
    await primePage(path, entry);
    redraw();
  } catch {
    window.location.reload();
  }
}

void start();
