import type { MouseEvent } from "react";

/**
 * Whether a click (mouse, touch, or Enter on a link) follows a link in this tab: a plain primary
 * click on an `<a href>`, not one the browser opens in another tab or window (a modifier or another
 * button), where the visitor stays on the page with the menu as it was.
 */
export function followsLink(e: MouseEvent): boolean {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return false;
  return e.target instanceof Element && e.target.closest("a[href]") !== null;
}
