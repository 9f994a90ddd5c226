/**
 * Where focus goes when the visitor arrives somewhere by a client-side navigation (WCAG 2.4.3), as
 * a full page load would put it: at the start of what they asked for. A link with a hash puts it
 * on its target; any other link on the page's main heading (an h1 with tabindex="-1"). The browser
 * shows a focus ring there only when the visitor was using the keyboard (:focus-visible). A new
 * page's title is also announced once, through the polite live region the app draws.
 */
export const ANNOUNCER_ID = "route-announcer";

/** The route whose title was last announced, so going to an anchor of the same page says nothing. */
let announcedRoute: string | null = null;

function focusWithoutScroll(el: HTMLElement): void {
  // Not focusable by itself (a section, a heading): focusable by script for this visit of it only.
  if (el.tabIndex < 0 && !el.hasAttribute("tabindex")) {
    el.setAttribute("tabindex", "-1");
    el.addEventListener("blur", () => el.removeAttribute("tabindex"), { once: true });
  }
  // The scrolling is scrollToHash's (smooth, below the sticky header).
  el.focus({ preventScroll: true });
}

/** Move focus to the hash's target or the main heading, and announce the title if the route is new. */
export function arrive(route: string, hash: string, title: string): void {
  const id = hash.startsWith("#") ? decodeURIComponent(hash.slice(1)) : "";
  const target = (id ? document.getElementById(id) : null) ?? document.querySelector<HTMLElement>("main h1");
  if (target) focusWithoutScroll(target);
  if (route === announcedRoute) return;
  announcedRoute = route;
  const announcer = document.getElementById(ANNOUNCER_ID);
  // Emptied first, so a title that is the same as the last one announced is still a change to announce.
  if (announcer) {
    announcer.textContent = "";
    window.setTimeout(() => void (announcer.textContent = title), 100);
  }
}

/** The route the page was loaded at: its title was announced by the page load itself. */
export function landedOn(route: string): void {
  announcedRoute ??= route;
}
