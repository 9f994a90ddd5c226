import { Suspense, use, useEffect } from "react";
import { PageSections } from "./blocks/PageSections.tsx";
import { Footer } from "./frame/Footer.tsx";
import { Header } from "./frame/Header.tsx";
import { NotFound } from "./frame/NotFound.tsx";
import type { Page, Site } from "../shared/generated/schema-types.ts";
import { ANNOUNCER_ID, arrive, landedOn } from "./lib/arrival.ts";
import { useLocation, useNavigated } from "./lib/location.tsx";
import { pagePromise } from "./lib/page-cache.ts";
import { absoluteUrl, canonicalUrl } from "../shared/canonical-url.ts";
import { neighbourPages } from "../shared/listing-pages.ts";
import { normalizePath } from "../shared/data-paths.ts";
import { scrollToHash } from "./lib/scroll.ts";
import "./styles/global.css";

/**
 * The page shell: header, the current address's sections (or the not-found page), footer.
 * `site` is the site settings: the browser reads them from the settings file every page preloads (a data block in the dev server), the prerender is handed them.
 */
export function App({ site }: { site: Site }) {
  const { pathname } = useLocation();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header site={site} />
      <main id="main" tabIndex={-1}>
        {/* The new page's title after a client-side link, said once (src/app/lib/arrival.ts). */}
        <p id={ANNOUNCER_ID} className="visually-hidden" role="status" />
        <Suspense fallback={null}>
          <AddressPage path={normalizePath(pathname)} siteUrl={site.url} />
          <HydratedMark />
        </Suspense>
      </main>
      <Footer site={site} />
    </>
  );
}

/** The page an address shows, its data fetched on client-side navigation (prerendered pages carry their own). */
function AddressPage({ path, siteUrl }: { path: string | null; siteUrl: string }) {
  const entry = use(pagePromise(path));
  return entry.route === null ? <NotFound /> : <RoutePage page={entry.page} route={entry.route} siteUrl={siteUrl} />;
}

/**
 * Marks <html> once the page itself is interactive, so tests (and anyone curious) can tell. It is
 * inside the page's Suspense boundary because React hydrates such a boundary in a commit of its
 * own, after the header's and footer's: an effect in App ran while the page was still the server's
 * HTML, and a hash change made then was first drawn with the old address.
 */
function HydratedMark() {
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return null;
}

function RoutePage({ page, route, siteUrl }: { page: Page; route: string; siteUrl: string }) {
  useDocumentMeta(page, route, siteUrl);
  const { hash, key } = useLocation();
  const navigated = useNavigated();
  useEffect(() => {
    // On the address the page was loaded at, without a hash, the browser's position stands: the top
    // for a new visit, where the visitor was for a reload or a return, or where they scrolled to
    // before the page became interactive. Scrolling to the top then took all three away.
    if (navigated || hash) scrollToHash(hash);
    if (navigated) arrive(route, hash, page.title);
    else landedOn(route);
  }, [route, hash, key, navigated, page.title]);
  return <PageSections sections={page.sections} />;
}

/** Keep the title, description, canonical link and a numbered page's rel prev/next links right after client-side navigation. */
function useDocumentMeta(page: Page, route: string, siteUrl: string) {
  useEffect(() => {
    document.title = page.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", page.description);
    const canonical = document.querySelector('link[rel="canonical"]');
    canonical?.setAttribute("href", canonicalUrl(siteUrl, route, route));
    const listing = page.sections.find((s) => s.type === "childCards" && s.pagination);
    const neighbours = listing?.type === "childCards" && listing.pagination ? neighbourPages(listing.pagination) : {};
    for (const rel of ["next", "prev"] as const) {
      const href = neighbours[rel];
      let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
      if (!href) link?.remove();
      else {
        if (!link) {
          link = document.createElement("link");
          link.rel = rel;
          // Beside the canonical link, where the prerender writes them.
          if (canonical) canonical.after(link);
          else document.head.append(link);
        }
        link.href = absoluteUrl(siteUrl, href);
      }
    }
  }, [page, route, siteUrl]);
}
