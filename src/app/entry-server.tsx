import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { site } from "virtual:site";
import { App } from "./App.tsx";
import { SiteRouter } from "./lib/location.tsx";
import { primePage, type PageEntry } from "./lib/page-cache.ts";
import { normalizePath } from "../shared/data-paths.ts";

export { site };
export type { PageEntry };

/** Render one address to HTML, given what it shows (the build reads the pages; this bundle holds none). */
export async function render(url: string, entry: PageEntry): Promise<string> {
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
