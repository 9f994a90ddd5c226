import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom";
import { aliases, routes, site } from "virtual:site";
import { App } from "./App.tsx";
import { preloadPage } from "./lib/page-cache.ts";
import { resolveRoute } from "./lib/resolve-route.ts";

export { aliases, routes, site };

export interface Rendered {
  html: string;
  title: string;
  description: string;
  /** The page's own route, or null for the not-found page. */
  route: string | null;
}

/** Render one address to HTML with its page data already loaded (no suspense at prerender). */
export async function render(url: string): Promise<Rendered> {
  const route = resolveRoute(url);
  const page = route ? await preloadPage(route) : null;
  const html = renderToString(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return {
    html,
    route,
    title: page ? page.title : `Page not found | ${site.company}`,
    description: page ? page.description : `The page you asked for does not exist on the ${site.company} website.`,
  };
}
