import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * When a decorative video may start, for every video on the site (the home intro and the card clips):
 * never when the visitor asked for reduced motion, reduced data (`prefers-reduced-data`) or Save-Data
 * (their poster stays), and otherwise only once the page has loaded and the browser is idle, so a
 * video never competes with what the first screen needs.
 */
const QUERIES = ["(prefers-reduced-motion: reduce)", "(prefers-reduced-data: reduce)"];

type Connection = EventTarget & { saveData?: boolean };
const connection = (): Connection | undefined => (navigator as Navigator & { connection?: Connection }).connection;

/** Whether videos may play at all in this browser, now. */
export function videosAllowed(): boolean {
  return connection()?.saveData !== true && !QUERIES.some((q) => window.matchMedia(q).matches);
}

function subscribe(notify: () => void): () => void {
  const lists = QUERIES.map((q) => window.matchMedia(q));
  for (const l of lists) l.addEventListener("change", notify);
  connection()?.addEventListener("change", notify);
  return () => {
    for (const l of lists) l.removeEventListener("change", notify);
    connection()?.removeEventListener("change", notify);
  };
}

/** `videosAllowed`, kept current; true in the prerendered HTML (the video element and its button are there until hydration says otherwise). */
export function useVideosAllowed(): boolean {
  return useSyncExternalStore(subscribe, videosAllowed, () => true);
}

/** Call `start` once the page has loaded and the browser is next idle; returns a function that cancels it. */
export function whenPageIdle(start: () => void): () => void {
  let cancel = () => undefined as void;
  // Safari has no requestIdleCallback: a short delay after load stands in for it there.
  const idleCallback = window.requestIdleCallback as typeof window.requestIdleCallback | undefined;
  const onLoad = () => {
    if (idleCallback) {
      const id = window.requestIdleCallback(start, { timeout: 3000 });
      cancel = () => window.cancelIdleCallback(id);
    } else {
      const id = window.setTimeout(start, 200);
      cancel = () => window.clearTimeout(id);
    }
  };
  if (document.readyState === "complete") onLoad();
  else {
    window.addEventListener("load", onLoad, { once: true });
    cancel = () => window.removeEventListener("load", onLoad);
  }
  return () => cancel();
}

/** False in the prerendered HTML and until the page is loaded and idle, then true (at once after a client-side navigation, the page being loaded and idle then). */
export function usePageIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => whenPageIdle(() => setIdle(true)), []);
  return idle;
}
