import { pages } from "virtual:site";
import type { Page } from "../generated/schema-types.ts";

/** A promise React's `use` can read synchronously once settled (React reads `status`/`value`). */
type Tracked = Promise<Page> & { status?: "pending" | "fulfilled" | "rejected"; value?: Page; reason?: unknown };

const cache = new Map<string, Tracked>();

/** The page's data, loading its chunk once; the same promise object every time, as `use` requires. */
export function pagePromise(route: string): Promise<Page> {
  let entry = cache.get(route);
  if (!entry) {
    const load = pages[route];
    if (!load) throw new Error(`no page for ${route}`);
    const promise: Tracked = load().then((m) => m.default);
    promise.status = "pending";
    promise.then(
      (value) => Object.assign(promise, { status: "fulfilled", value }),
      (reason: unknown) => Object.assign(promise, { status: "rejected", reason }),
    );
    cache.set(route, promise);
    entry = promise;
  }
  return entry;
}

/** Load a page before rendering it, so hydration and prerender never suspend. */
export async function preloadPage(route: string): Promise<Page> {
  const promise = pagePromise(route) as Tracked;
  const page = await promise;
  promise.status = "fulfilled";
  promise.value = page;
  return page;
}
