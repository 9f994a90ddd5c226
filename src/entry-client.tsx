import { StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { App } from "./App.tsx";
import { preloadPage } from "./lib/page-cache.ts";
import { resolveRoute } from "./lib/resolve-route.ts";

/** Load the current page's chunk first, so the first render matches the prerendered HTML. */
async function start() {
  const route = resolveRoute(window.location.pathname);
  if (route) await preloadPage(route);
  hydrateRoot(
    document.getElementById("root")!,
    <StrictMode>
      <BrowserRouter>
        <App />
      </BrowserRouter>
    </StrictMode>,
    { onRecoverableError: (error) => console.error("Hydration problem:", error) },
  );
}

void start();
