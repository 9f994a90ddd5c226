import { StrictMode, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { App } from "./App.tsx";
import { blockComponent, loadBlocks } from "./blocks/loaded-blocks.ts";
import { SiteRouter } from "./lib/location.tsx";
import { primeLoadedPage } from "./lib/page-cache.ts";
import { SectionIndex } from "./ui/Heading.tsx";
import { normalizePath } from "../shared/data-paths.ts";
import type { Site } from "../shared/generated/schema-types.ts";
import type { PageEntry } from "../shared/page-entry.ts";

/** A section whose block threw while the page was drawn: which one, and what it threw. */
export class SectionRenderError extends Error {
  constructor(
    readonly index: number,
    readonly type: string,
    override readonly cause: unknown,
  ) {
    super(`sections[${index}] (${type}) could not be drawn: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = "SectionRenderError";
  }
}

/**
 * React marks a Suspense boundary whose content threw as "client-rendered" (`<!--$!-->`) and
 * sends its empty fallback, silently: renderToString has no error callback. The page's sections
 * sit in such a boundary, so this marker is how a throwing block shows in the prerender.
 */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

const inRouter = (url: string, node: ReactNode) => (
  <StrictMode>
    <SiteRouter ssrPath={url}>{node}</SiteRouter>
  </StrictMode>
);

/** Draw each section alone, outside any Suspense boundary, so the one that throws is named with its error. */
function failedSection(url: string, entry: PageEntry): SectionRenderError | null {
  if (entry.route === null) return null;
  for (const [index, section] of entry.page.sections.entries()) {
    const Block = blockComponent(section.type);
    try {
      renderToString(
        inRouter(
          url,
          <SectionIndex.Provider value={index}>
            <Block {...section} />
          </SectionIndex.Provider>,
        ),
      );
    } catch (error) {
      return new SectionRenderError(index, section.type, error);
    }
  }
  return null;
}

/**
 * Render one address to HTML, given what it shows and the site settings (the build reads the
 * pages; this bundle holds no content). A block that throws is an error, never an empty page.
 */
export async function render(url: string, entry: PageEntry, site: Site): Promise<string> {
  if (entry.route !== null) await loadBlocks(entry.page.sections);
  // Primed, drawn and forgotten with no await between: another render of the same address may be under way.
  const forget = primeLoadedPage(normalizePath(url), entry);
  try {
    const html = renderToString(inRouter(url, <App site={site} />));
    if (html.includes(CLIENT_RENDERED_BOUNDARY))
      throw failedSection(url, entry) ?? new Error("the page could not be drawn (a part of it threw while rendering)");
    return html;
  } finally {
    forget();
  }
}
