import { useCallback, useEffect, useRef, useState } from "react";
import styles from "./DesktopNav.module.css";
import { hasPanel, panelId, type NavItem } from "./nav-items.ts";
import { NavLink } from "./NavLink.tsx";
import { NavPanel } from "./NavPanel.tsx";
import { useScrollLock } from "./use-scroll-lock.ts";

/** Time the pointer may spend between the button and its panel before the panel closes. */
const LEAVE_DELAY_MS = 150;

/**
 * The desktop navigation (above 768px): top items whose panels open on hover or click
 * (WAI-ARIA disclosure navigation: buttons with aria-expanded/aria-controls, one panel at a time),
 * closing on their Close button, Escape, a click outside or the pointer leaving (SPEC §2.1).
 */
export function DesktopNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  /** The open panel, and whether hover or a click opened it: a click on a panel hover opened keeps it open. */
  const [state, setState] = useState<{ id: string; by: "hover" | "click" } | null>(null);
  const open = state?.id ?? null;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const navRef = useRef<HTMLElement>(null);
  const leaveTimer = useRef<number | undefined>(undefined);
  useScrollLock(open !== null);

  const close = useCallback(
    (returnFocus: boolean) => {
      if (open && returnFocus) buttons.current.get(open)?.focus();
      setState(null);
    },
    [open],
  );

  // A new page closes it; adjusted while rendering, not in an effect (react.dev, "Adjusting some state when a prop changes").
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setState(null);
  }

  useEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close(true);
    };
    const onPointer = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, close]);

  const enter = (id: string) => {
    window.clearTimeout(leaveTimer.current);
    setState((current) => (current?.id === id ? current : { id, by: "hover" }));
  };
  const toggle = (id: string) => {
    window.clearTimeout(leaveTimer.current);
    setState((current) => (current?.id !== id || current.by === "hover" ? { id, by: "click" } : null));
  };
  const leave = () => {
    window.clearTimeout(leaveTimer.current);
    leaveTimer.current = window.setTimeout(() => setState(null), LEAVE_DELAY_MS);
  };

  return (
    <nav ref={navRef} aria-label="Main" className={styles.desktopNav}>
      <ul className={styles.items}>
        {items.map((item) => {
          if (!hasPanel(item)) {
            return (
              <li key={item.to}>
                <NavLink to={item.to} className={styles.item}>
                  {item.label}
                </NavLink>
              </li>
            );
          }
          const id = panelId(item);
          const expanded = open === id;
          return (
            <li key={item.to} onMouseEnter={() => enter(id)} onMouseLeave={leave}>
              <button
                ref={(el) => void (el ? buttons.current.set(id, el) : buttons.current.delete(id))}
                type="button"
                className={styles.item}
                aria-expanded={expanded}
                aria-controls={id}
                data-section-current={pathname === item.to || pathname.startsWith(item.to + "/") || undefined}
                onClick={() => toggle(id)}
              >
                {item.label}
                <span aria-hidden="true" className={styles.chevron} />
              </button>
              <NavPanel item={item} id={id} open={expanded} pathname={pathname} onClose={() => close(true)} />
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
