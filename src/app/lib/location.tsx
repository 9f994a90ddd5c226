import { createContext, startTransition, use, useLayoutEffect, useState, type ReactNode } from "react";
import { Router } from "wouter";
import { navigate as historyNavigate } from "wouter/use-browser-location";

/**
 * The address the page shows, and client-side navigation, on wouter's Router, Link and its
 * patched history (`wouter/use-browser-location` makes pushState/replaceState dispatch events
 * of those names).
 *
 * Hand-written where wouter has nothing:
 * - `key`, one per history entry this site makes (kept in `history.state`, "default" for the
 *   rest), so following the same link twice, or going back to an entry with the same path and
 *   hash, is a new navigation: the page scrolls to its hash again (src/app/lib/scroll.ts).
 * - The address is drawn inside `startTransition`, as React Router's BrowserRouter drew it:
 *   while the next page's data loads (src/app/lib/page-cache.ts), the current page, header and menus
 *   stay as they are. wouter's own location hooks are `useSyncExternalStore`, which never waits:
 *   `<main>` would empty to its Suspense fallback on every navigation to a page not yet fetched.
 */
export interface Address {
  pathname: string;
  search: string;
  hash: string;
  key: string;
}

/** The events that announce a new address: the browser's, and those of wouter's history patch (its list is not exported). */
const LOCATION_EVENTS = ["popstate", "pushState", "replaceState", "hashchange"] as const;

const AddressContext = createContext<Address | null>(null);
/** Whether the visitor has gone anywhere since the page loaded: focus moves on a navigation, never on the first load. */
const NavigatedContext = createContext(false);

function currentAddress(): Address {
  const state: unknown = window.history.state;
  const key = state !== null && typeof state === "object" && "key" in state && typeof state.key === "string" ? state.key : "default";
  return { pathname: window.location.pathname, search: window.location.search, hash: window.location.hash, key };
}

/** An address given as text ("/x?q#y"), as the prerender renders it: no history entry, so key "default". */
function parseAddress(url: string): Address {
  const [, pathname = "/", search = "", hash = ""] = /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url) ?? [];
  return { pathname: pathname || "/", search, hash, key: "default" };
}

const sameAddress = (a: Address, b: Address) => a.pathname === b.pathname && a.search === b.search && a.hash === b.hash && a.key === b.key;
const pathOf = (a: Address) => a.pathname + a.search + a.hash;
/** As React Router made its keys: eight random base-36 characters. */
const newKey = () => Math.random().toString(36).slice(2, 10);

/** Push `to` onto the history (or replace the current entry) as a new navigation with its own key. */
function go(to: string, replace: boolean) {
  historyNavigate(to, { replace, state: { key: newKey() } });
}

/** The shown address. Outside a SiteRouter this is a programming error, said plainly. */
export function useLocation(): Address {
  const address = use(AddressContext);
  if (address === null) throw new Error("useLocation() needs a <SiteRouter> above it");
  return address;
}

/** False for the address the page was loaded at, true once any navigation has happened in this page. */
export function useNavigated(): boolean {
  return use(NavigatedContext);
}

/** Navigate from code (a form that is done): always a new history entry. */
export function useNavigate(): (to: string) => void {
  return (to) => go(to, false);
}

/**
 * wouter's location hook for its Link: the shown pathname, and a navigation that replaces the
 * current entry when the link goes to the address already shown (as React Router's Link did), so
 * clicking one anchor link twice re-scrolls without stacking history entries.
 */
function useSiteLocation(): [string, (to: string, options?: { replace?: boolean }) => void] {
  const address = useLocation();
  return [address.pathname, (to, options) => go(to, options?.replace ?? to === pathOf(address))];
}

/** The router around the app: `ssrPath` when prerendering, the browser's address otherwise. */
export function SiteRouter({ ssrPath, children }: { ssrPath?: string; children: ReactNode }) {
  const [address, setAddress] = useState(() => (ssrPath === undefined ? currentAddress() : parseAddress(ssrPath)));
  const [navigated, setNavigated] = useState(false);
  useLayoutEffect(() => {
    if (ssrPath !== undefined) return;
    const update = () => {
      const next = currentAddress();
      startTransition(() => {
        setAddress((shown) => (sameAddress(shown, next) ? shown : next));
        setNavigated(true);
      });
    };
    for (const type of LOCATION_EVENTS) window.addEventListener(type, update);
    return () => {
      for (const type of LOCATION_EVENTS) window.removeEventListener(type, update);
    };
  }, [ssrPath]);
  return (
    <AddressContext value={address}>
      <NavigatedContext value={navigated}>
        <Router hook={useSiteLocation} {...(ssrPath === undefined ? {} : { ssrPath })}>
          {children}
        </Router>
      </NavigatedContext>
    </AddressContext>
  );
}
