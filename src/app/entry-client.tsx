import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { SiteRouter } from "./lib/location.tsx";
import { fetchPage, primePage, type PageEntry } from "./lib/page-cache.ts";
import type { Site } from "../shared/generated/schema-types.ts";
import { normalizePath, PAGE_DATA_ID, SITE_DATA_ID } from "../shared/data-paths.ts";

/** The JSON in the page's `<script type="application/json" id={id}>`, or null when there is none. */
function dataBlock<T>(id: string): T | null {
  const block = document.getElementById(id);
  return block ? (JSON.parse(block.textContent ?? "") as T) : null;
}

/**
 * Read the site settings and the page's data from their `<script type="application/json">` blocks
 * (the dev server's page has no page-data block: fetch it) and load its blocks first, so the first
 * render matches the HTML. Data blocks, not modules: the entry is the same for every page and every site size.
 */
async function start() {
  const site = dataBlock<Site>(SITE_DATA_ID)!;
  const path = normalizePath(window.location.pathname);
  const entry = dataBlock<PageEntry>(PAGE_DATA_ID) ?? (path === null ? { route: null } : await fetchPage(path));
  await primePage(path, entry);
  const container = document.getElementById("root")!;
  const app = (
    <StrictMode>
      <SiteRouter>
        <App site={site} />
      </SiteRouter>
    </StrictMode>
  );
  // A prerendered page is hydrated. The dev server's page has nothing rendered in #root (only a
  // placeholder comment): hydrating that made React report "Hydration failed" on every page, so it is rendered instead.
  if (container.firstElementChild) hydrateRoot(container, app, { onRecoverableError: (error) => console.error("Hydration problem:", error) });
  else createRoot(container).render(app);
}

void start();
