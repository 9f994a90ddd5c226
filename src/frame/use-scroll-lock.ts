import { useEffect } from "react";

/**
 * Locks page scrolling while `locked` (SPEC §2.1: while a panel or the mobile menu is open).
 * A class on <html> does it, so no inline style is needed; `scrollbar-gutter: stable` in
 * global.css keeps the layout from jumping, and the scroll position is left where it was.
 */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    root.classList.add("scroll-locked");
    return () => root.classList.remove("scroll-locked");
  }, [locked]);
}
