import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { App } from "./App.tsx";
import { SiteRouter } from "./lib/location.tsx";
import { fetchPage, primePage, type PageEntry } from "./lib/page-cache.ts";
import { normalizePath, PAGE_DATA_ID } from "./lib/resolve-route.ts";

/**
 * Read the page's data from its prerendered `<script type="application/json">` block (the dev
 * server has none: fetch it) and load its blocks first, so the first render matches the HTML.
 */
async function start() {
  const path = normalizePath(window.location.pathname);
  const block = document.getElementById(PAGE_DATA_ID);
  const entry: PageEntry = block ? (JSON.parse(block.textContent ?? "") as PageEntry) : path === null ? { route: null } : await fetchPage(path);
  await primePage(path, entry);
  hydrateRoot(
    document.getElementById("root")!,
    <StrictMode>
      <SiteRouter>
        <App />
      </SiteRouter>
    </StrictMode>,
    { onRecoverableError: (error) => console.error("Hydration problem:", error) },
  );
}

void start();
