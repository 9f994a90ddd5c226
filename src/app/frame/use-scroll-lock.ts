import { useEffect } from "react";

/** How many open panels and menus hold the lock: the last one to close releases it. */
let holders = 0;

/**
 * Locks page scrolling while `locked` (SPEC §2.1: while a panel or the mobile menu is open).
 * A class on <html> does it (overflow, and touch-action for iOS Safari before 16: global.css), so
 * no inline style is needed; `scrollbar-gutter: stable` keeps the layout from jumping, and the
 * scroll position is never touched, so it is exactly where it was when the lock ends.
 */
export function useScrollLock(locked: boolean): void {
  useEffect(() => {
    if (!locked) return;
    const root = document.documentElement;
    holders += 1;
    root.classList.add("scroll-locked");
    return () => {
      holders -= 1;
      if (holders === 0) root.classList.remove("scroll-locked");
    };
  }, [locked]);
}
