import { useEffect, useRef, useState } from "react";
import { Link } from "wouter";
import type { Action } from "../../shared/generated/schema-types.ts";
import { ActionLink } from "../ui/ActionLink.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import { currentProps, hasPanel, type NavItem } from "./nav-items.ts";
import { NavLink } from "./NavLink.tsx";
import styles from "./PhoneMenu.module.css";
import { useScrollLock } from "./use-scroll-lock.ts";

/**
 * The phone menu (768px and less, decided by CSS): a menu button revealing every top item, each
 * panel's links under a disclosure, and Contact Us. The menu is only rendered while open, so a
 * page's HTML carries each panel link once (in the desktop panels), not a second copy for phones.
 */
export function PhoneMenu({ items, contact, pathname }: { items: NavItem[]; contact: Action; pathname: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useScrollLock(open);

  // A new page closes it; adjusted while rendering, not in an effect (react.dev, "Adjusting some state when a prop changes").
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <>
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
        <nav id="mobile-menu" aria-label="Main" className={`drop-in ${styles.menu}`}>
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
    </>
  );
}
