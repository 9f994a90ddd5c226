import { site } from "virtual:site";
import type { PageEntry } from "./lib/page-cache.ts";
import { renderPage } from "./render-page.tsx";

export { site };
export type { PageEntry };

/** Render one address to HTML, given what it shows (the build reads the pages; this bundle holds none). */
export const render = (url: string, entry: PageEntry): Promise<string> => renderPage(url, entry, site);
