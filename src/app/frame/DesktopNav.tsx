import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type MouseEvent, type PointerEvent as ReactPointerEvent } from "react";
import { useLocation } from "../lib/location.tsx";
import styles from "./DesktopNav.module.css";
import { followsLink } from "./follows-link.ts";
import { hasPanel, panelId, type NavItem } from "./nav-items.ts";
import { NavLink } from "./NavLink.tsx";
import { NavPanel } from "./NavPanel.tsx";
import { useScrollLock } from "./use-scroll-lock.ts";

/**
 * Time the pointer may spend outside an item and its panel before the panel closes: room to
 * overshoot the panel's edge by a little. The item's box reaches down to its panel (no gap in
 * between, DesktopNav.module.css), so a pointer resting anywhere on either keeps it open (WCAG 1.4.13).
 */
const LEAVE_DELAY_MS = 150;

const noSubscription = () => () => undefined;

/**
 * False in the prerender and while the page hydrates, true on every render after: React draws
 * the server's value during hydration, then renders again with the browser's.
 */
const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/**
 * The desktop navigation (above 768px): top items whose panels open on hover or click
 * (WAI-ARIA disclosure navigation: buttons with aria-expanded/aria-controls, one panel at a time),
 * closing on their Close button, Escape, a click outside or the pointer leaving (SPEC §2.1), and
 * whenever the visitor goes somewhere: a link followed (the page already shown or its anchor too),
 * another address, or focus moving out of the item and its panel, so focus never lands under an open panel.
 *
 * The panels are drawn in the browser, once the page has hydrated, not in the prerendered HTML:
 * they are hidden until a button opens them, and a button does nothing before hydration, so the
 * HTML would carry every panel link of the site (about 12 KB a page) for no visitor. Until then a
 * button names no panel (aria-controls), as there is none yet.
 */
export function DesktopNav({ items, pathname }: { items: NavItem[]; pathname: string }) {
  /** The open panel, and whether hover or a click opened it: a click on a panel hover opened keeps it open. */
  const [state, setState] = useState<{ id: string; by: "hover" | "click" } | null>(null);
  const open = state?.id ?? null;
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const navRef = useRef<HTMLElement>(null);
  const leaveTimer = useRef<number | undefined>(undefined);
  useScrollLock(open !== null);
  const hydrated = useHydrated();

  /** Focus goes back to the item's button only when it was in the navigation: a panel the pointer opened never takes focus from where the visitor is typing. */
  const close = useCallback(() => {
    if (open && navRef.current?.contains(document.activeElement)) buttons.current.get(open)?.focus();
    setState(null);
  }, [open]);

  // Every new address closes it (the same page with another hash or key too); adjusted while
  // rendering, not in an effect (react.dev, "Adjusting some state when a prop changes").
  const { hash, key } = useLocation();
  const address = `${pathname}${hash}|${key}`;
  const [shownAddress, setShownAddress] = useState(address);
  if (shownAddress !== address) {
    setShownAddress(address);
    setState(null);
  }

  useEffect(() => {
    if (open === null) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") close();
    };
    const onPointer = (e: PointerEvent) => {
      if (!navRef.current?.contains(e.target as Node)) setState(null);
    };
    // Tab (or a script, or a screen reader) moving focus out of the item and its panel: to the page,
    // which the panel would cover, or to another item, whose panel is not the one shown.
    const onFocus = (e: FocusEvent) => {
      if (!buttons.current.get(open)?.parentElement?.contains(e.target as Node)) setState(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("focusin", onFocus);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("focusin", onFocus);
    };
  }, [open, close]);

  /**
   * Hover opens and closes only for a mouse or pen. A tap also fires the compatibility mouse events,
   * and some browsers send a mouseleave right after the tap's click when the opened panel changes
   * what is under the finger, which closed a panel the tap had just opened; pointer events say
   * which device moved.
   */
  const fromMouse = (e: ReactPointerEvent) => e.pointerType !== "touch";
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
  // A link followed by mouse, touch or keyboard (Enter fires click) closes the panel at once, even
  // when the address does not change: a link to the page or the anchor already shown.
  const onClick = (e: MouseEvent) => {
    if (!followsLink(e)) return;
    // A link that opens another tab leaves the visitor here: focus goes back to the item, not to a hidden link.
    if ((e.target as Element).closest("a[target='_blank']")) close();
    else setState(null);
  };

  return (
    // The click listener only watches links followed inside; the links and buttons themselves take the keyboard.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <nav ref={navRef} aria-label="Main" className={styles.desktopNav} onClick={onClick}>
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
            <li key={item.to} onPointerEnter={(e) => fromMouse(e) && enter(id)} onPointerLeave={(e) => fromMouse(e) && leave()}>
              <button
                ref={(el) => void (el ? buttons.current.set(id, el) : buttons.current.delete(id))}
                type="button"
                className={styles.item}
                aria-expanded={expanded}
                aria-controls={hydrated ? id : undefined}
                data-section-current={pathname === item.to || pathname.startsWith(item.to + "/") || undefined}
                onClick={() => toggle(id)}
              >
                {item.label}
                <span aria-hidden="true" className={styles.chevron} />
              </button>
              {hydrated ? <NavPanel item={item} id={id} open={expanded} pathname={pathname} onClose={close} /> : null}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
