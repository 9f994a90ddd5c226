import { Suspense, use, useEffect } from "react";
import { useLocation } from "react-router-dom";
import { site } from "virtual:site";
import { PageSections } from "./blocks/PageSections.tsx";
import { Footer } from "./frame/Footer.tsx";
import { Header } from "./frame/Header.tsx";
import { NotFound } from "./frame/NotFound.tsx";
import type { Page } from "./generated/schema-types.ts";
import { pagePromise } from "./lib/page-cache.ts";
import { resolveRoute } from "./lib/resolve-route.ts";
import { scrollToHash } from "./lib/scroll.ts";
import "./styles/global.css";

/** The page shell: header, the current route's sections (or the not-found page), footer. */
export function App() {
  const { pathname } = useLocation();
  const route = resolveRoute(pathname);
  // Marks <html> once hydration has committed, so tests (and anyone curious) can tell the page is interactive.
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header site={site} />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={null}>{route ? <RoutePage route={route} /> : <NotFound />}</Suspense>
      </main>
      <Footer site={site} />
    </>
  );
}

function RoutePage({ route }: { route: string }) {
  const page = use(pagePromise(route));
  useDocumentMeta(page, route);
  const { hash, key } = useLocation();
  useEffect(() => scrollToHash(hash), [route, hash, key]);
  return <PageSections sections={page.sections} />;
}

/** Keep the title, description and canonical link right after client-side navigation. */
function useDocumentMeta(page: Page, route: string) {
  useEffect(() => {
    document.title = page.title;
    document.querySelector('meta[name="description"]')?.setAttribute("content", page.description);
    document.querySelector('link[rel="canonical"]')?.setAttribute("href", `${site.url}${route === "/" ? "/" : route}`);
  }, [page, route]);
}
