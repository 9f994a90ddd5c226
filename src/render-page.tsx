import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./App.tsx";
import type { Site } from "./generated/schema-types.ts";
import { SiteRouter } from "./lib/location.tsx";
import { primePage, type PageEntry } from "./lib/page-cache.ts";
import { normalizePath } from "./lib/resolve-route.ts";

/**
 * Render one address to HTML with the given site settings: the prerender passes the built
 * settings (entry-server.tsx), the browser editor's preview the ones being edited.
 */
export async function renderPage(url: string, entry: PageEntry, site: Site): Promise<string> {
  const forget = await primePage(normalizePath(url), entry);
  try {
    return renderToString(
      <StrictMode>
        <SiteRouter ssrPath={url}>
          <App site={site} />
        </SiteRouter>
      </StrictMode>,
    );
  } finally {
    forget();
  }
}
