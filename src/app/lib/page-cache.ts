import { loadBlocks } from "../blocks/loaded-blocks.ts";
import type { PageEntry } from "../../shared/page-entry.ts";
import { dataPathOf } from "../../shared/data-paths.ts";

export type { PageEntry };

/** A promise React's `use` can read synchronously once settled (React reads `status`/`value`). */
type Tracked = Promise<PageEntry> & { status?: "pending" | "fulfilled" | "rejected"; value?: PageEntry; reason?: unknown };

const cache = new Map<string, Tracked>();

function track(promise: Promise<PageEntry>): Tracked {
  const tracked: Tracked = promise;
  tracked.status = "pending";
  tracked.then(
    (value) => Object.assign(tracked, { status: "fulfilled", value }),
    (reason: unknown) => Object.assign(tracked, { status: "rejected", reason }),
  );
  return tracked;
}

/** The server answered, but not with the data (a content error in the dev server, a server fault): reloading would not help. */
class HttpError extends Error {}

/** Fetch an address's data (404: not a page) and load the blocks it uses. */
export async function fetchPage(path: string): Promise<PageEntry> {
  const response = await fetch(dataPathOf(path), { headers: { accept: "application/json" } });
  if (response.status === 404) return { route: null };
  // The dev server's answer for a page whose file has problems: loaded as a whole page, the address lists them.
  if (response.status === 409) throw new Error(`${dataPathOf(path)}: the page has problems`);
  if (!response.ok) throw new HttpError(`${dataPathOf(path)}: HTTP ${response.status}`);
  const entry = (await response.json()) as PageEntry;
  if (entry.route !== null) await loadBlocks(entry.page.sections);
  return entry;
}

/**
 * What a normalized address shows (null: an address that cannot be decoded), fetched once; the
 * same promise object every time, as `use` requires. If the data or a block's chunk cannot be
 * fetched (offline, or a deploy replaced the chunks), the browser loads the address as a whole page instead.
 */
export function pagePromise(path: string | null): Promise<PageEntry> {
  const key = path ?? "";
  let entry = cache.get(key);
  if (!entry) {
    entry = track(
      path === null
        ? Promise.resolve({ route: null })
        : fetchPage(path).catch((error: unknown) => {
            if (error instanceof HttpError) throw error;
            console.error("Could not load the page, loading it again:", error);
            window.location.reload();
            return new Promise<PageEntry>(() => undefined);
          }),
    );
    cache.set(key, entry);
  }
  return entry;
}

/**
 * Make an address's entry (from the prerendered page, or the server's render) readable at once,
 * its blocks loaded, so hydration and prerender never suspend. Returns a function that forgets it.
 */
export async function primePage(path: string | null, entry: PageEntry): Promise<() => void> {
  if (entry.route !== null) await loadBlocks(entry.page.sections);
  return primeLoadedPage(path, entry);
}

/**
 * primePage for an entry whose blocks are loaded already, at once: a server render sets, reads and
 * forgets it in one turn, so two renders of one address at once (a page before and after an edit)
 * can neither read nor forget each other's entry.
 */
export function primeLoadedPage(path: string | null, entry: PageEntry): () => void {
  const key = path ?? "";
  const promise = Promise.resolve(entry) as Tracked;
  Object.assign(promise, { status: "fulfilled", value: entry });
  cache.set(key, promise);
  return () => void cache.delete(key);
}

/** Forget every address's data (the dev server's save may have changed any): the next visit to one fetches it again. */
export function forgetPages(): void {
  cache.clear();
}
