import { useCallback, useState, useSyncExternalStore } from "react";

/**
 * Whether the moving things of the site (the intro video, card videos, slideshow, logo strip) may
 * move. One control in the header pauses all of them (WCAG 2.2.2); the choice holds for the rest
 * of the visit in this tab (sessionStorage) and is read by every moving block. Reduced motion
 * stops them all too, whatever the control says.
 */
const STORAGE_KEY = "motion-paused";
const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

const listeners = new Set<() => void>();
/** The choice made in this page, for a browser that refuses storage (it then lasts until the page is left). */
let chosen: boolean | null = null;

function readPaused(): boolean {
  if (chosen !== null) return chosen;
  try {
    return window.sessionStorage.getItem(STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

function subscribePaused(notify: () => void): () => void {
  listeners.add(notify);
  return () => void listeners.delete(notify);
}

/** Pause (or let move again) everything that moves, on this page and the next ones of the visit. */
export function setMotionPaused(paused: boolean): void {
  chosen = paused;
  try {
    if (paused) window.sessionStorage.setItem(STORAGE_KEY, "true");
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage refused (a privacy setting): the choice still holds on this page.
  }
  for (const notify of listeners) notify();
}

/** The site-wide pause; false in the prerendered HTML (the stored choice is read once hydrated). */
export function useMotionPaused(): boolean {
  return useSyncExternalStore(subscribePaused, readPaused, () => false);
}

/** The reduced-motion query, or null where there is no matchMedia (jsdom, old engines: nothing asked for then). */
const reducedMotionList = (): MediaQueryList | null => (typeof window.matchMedia === "function" ? window.matchMedia(REDUCED_MOTION) : null);

function subscribeReduced(notify: () => void): () => void {
  const list = reducedMotionList();
  list?.addEventListener("change", notify);
  return () => list?.removeEventListener("change", notify);
}

/** Whether the visitor asked for reduced motion; false in the prerendered HTML (CSS stills what it can there). */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReduced,
    () => reducedMotionList()?.matches === true,
    () => false,
  );
}

/**
 * A block's own pause button under the site-wide one: the block is paused when the site-wide
 * control or reduced motion says so, until its own button says otherwise; the next change of the
 * site-wide state takes over again, so one press of the header's control always stops everything.
 */
export function useBlockPaused(): [paused: boolean, setPaused: (paused: boolean) => void] {
  const sitePaused = useMotionPaused();
  const reduced = useReducedMotion();
  const shared = sitePaused || reduced;
  const [own, setOwn] = useState<{ paused: boolean; shared: boolean } | null>(null);
  const paused = own !== null && own.shared === shared ? own.paused : shared;
  const setPaused = useCallback((next: boolean) => setOwn({ paused: next, shared }), [shared]);
  return [paused, setPaused];
}
