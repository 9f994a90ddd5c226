import { useEffect, useRef, useState, type MouseEvent } from "react";
import { Link } from "wouter";
import type { Action } from "../../shared/generated/schema-types.ts";
import { useLocation } from "../lib/location.tsx";
import { ActionLink } from "../ui/ActionLink.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import { followsLink } from "./follows-link.ts";
import { inertOthers } from "./inert-others.ts";
import { currentProps, hasPanel, type NavItem } from "./nav-items.ts";
import { NavLink } from "./NavLink.tsx";
import { WIDER_THAN_PHONE } from "../styles/breakpoints.ts";
import styles from "./PhoneMenu.module.css";
import { useScrollLock } from "./use-scroll-lock.ts";

/**
 * The phone menu (768px and less, decided by CSS): a menu button revealing every top item, each
 * panel's links under a disclosure, and Contact Us. The menu is only rendered while open, so a
 * page's HTML carries none of the panel links (the desktop panels are drawn after hydration too).
 *
 * Open, it is a modal dialog made of the menu button (now its close button) and the menu: focus
 * moves to its first link and cannot leave it (the rest of the page is inert), Escape or the
 * button close it and focus returns to the button; following any link closes it, the page or
 * anchor already shown included.
 */
export function PhoneMenu({ items, contact, pathname }: { items: NavItem[]; contact: Action; pathname: string }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLElement>(null);
  useScrollLock(open);

  // Every new address closes it (the same page with another hash or key too); adjusted while
  // rendering, not in an effect (react.dev, "Adjusting some state when a prop changes").
  const { hash, key } = useLocation();
  const address = `${pathname}${hash}|${key}`;
  const [shownAddress, setShownAddress] = useState(address);
  if (shownAddress !== address) {
    setShownAddress(address);
    setOpen(false);
  }

  useEffect(() => {
    if (!open || !root.current) return;
    const restore = inertOthers(root.current);
    menu.current?.querySelector<HTMLElement>("a[href], summary")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    // A window widened past the phone layout hides the menu: it must not leave the page inert.
    // (jsdom has no matchMedia.)
    const wide = typeof window.matchMedia === "function" ? window.matchMedia(WIDER_THAN_PHONE) : null;
    const onWide = () => void (wide?.matches && setOpen(false));
    document.addEventListener("keydown", onKey);
    wide?.addEventListener("change", onWide);
    return () => {
      restore();
      document.removeEventListener("keydown", onKey);
      wide?.removeEventListener("change", onWide);
    };
  }, [open]);

  const onClick = (e: MouseEvent) => {
    if (!followsLink(e)) return;
    setOpen(false);
    // A link that opens another tab leaves the visitor here: focus goes back to the menu button.
    if ((e.target as Element).closest("a[target='_blank']")) button.current?.focus();
  };

  return (
    <div ref={root} className={styles.root} {...(open ? { role: "dialog", "aria-modal": true, "aria-label": "Menu" } : {})}>
      <button
        ref={button}
        id="menu-button"
        type="button"
        className={styles.menuButton}
        aria-expanded={open}
        {...(open ? { "aria-controls": "mobile-menu" } : {})}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={open ? styles.crossIcon : styles.burger} aria-hidden="true" />
        <span className="visually-hidden">Menu</span>
      </button>
      {open ? (
        // The click listener only watches links followed inside; the links themselves take the keyboard.
        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
        <nav ref={menu} id="mobile-menu" aria-label="Main" className={`drop-in ${styles.menu}`} onClick={onClick}>
          <ul className={styles.items}>
            {items.map((item) =>
              hasPanel(item) ? (
                <li key={item.to}>
                  <details className={styles.group}>
                    <summary className={styles.item}>{item.label}</summary>
                    <ul>
                      <li>
                        <Link to={item.to} className={styles.link} {...currentProps(item.to, pathname)}>
                          {item.label} overview
                        </Link>
                      </li>
                      {item.panel.groups.flatMap((group) =>
                        (group.links ?? []).map((link) => (
                          <li key={`${group.heading}|${link.label}|${link.to}`}>
                            <SmartLink to={link.to} external={link.external} className={styles.link} {...currentProps(link.to, pathname)}>
                              {link.label}
                            </SmartLink>
                          </li>
                        )),
                      )}
                    </ul>
                  </details>
                </li>
              ) : (
                <li key={item.to}>
                  <NavLink to={item.to} className={styles.item}>
                    {item.label}
                  </NavLink>
                </li>
              ),
            )}
            <li>
              <ActionLink action={contact} className={styles.contact} />
            </li>
          </ul>
        </nav>
      ) : null}
    </div>
  );
}
