import { useCallback, useEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import type { Site } from "../generated/schema-types.ts";
import { ActionLink } from "../ui/ActionLink.tsx";
import { Picture } from "../ui/Picture.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import styles from "./Header.module.css";
import { useScrollLock } from "./use-scroll-lock.ts";

type Item = Site["header"]["items"][number];
const panelId = (item: Item) => `panel-${item.label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
/** Time the pointer may spend between the button and its panel before the panel closes. */
const LEAVE_DELAY_MS = 150;

/** aria-current="page" only for a link to exactly this page (links to its anchors are not "the page"). */
function currentProps(to: string, pathname: string) {
  return to === pathname ? { "aria-current": "page" as const } : {};
}

/**
 * The sticky site header. Desktop: top items whose panels open on hover or click (WAI-ARIA
 * disclosure navigation: buttons with aria-expanded/aria-controls, one panel at a time).
 * Phones (≤ 768px, decided by CSS): a menu button revealing every item and its panel's links.
 */
export function Header({ site }: { site: Site }) {
  const { header, company } = site;
  const { pathname } = useLocation();
  /** The open panel, and whether hover or a click opened it: a click on a panel hover opened keeps it open. */
  const [state, setState] = useState<{ id: string; by: "hover" | "click" } | null>(null);
  const open = state?.id ?? null;
  const [menuOpen, setMenuOpen] = useState(false);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const navRef = useRef<HTMLElement>(null);
  const leaveTimer = useRef<number | undefined>(undefined);
  useScrollLock(open !== null || menuOpen);

  const close = useCallback(
    (returnFocus: boolean) => {
      if (open && returnFocus) buttons.current.get(open)?.focus();
      setState(null);
    },
    [open],
  );

  // A new page closes the open panel and the phone menu; adjusted while rendering, not in an
  // effect (react.dev, "Adjusting some state when a prop changes").
  const [shownPath, setShownPath] = useState(pathname);
  if (shownPath !== pathname) {
    setShownPath(pathname);
    setState(null);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (open === null && !menuOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      if (open !== null) close(true);
      if (menuOpen) {
        setMenuOpen(false);
        document.getElementById("menu-button")?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (open !== null && !navRef.current?.contains(e.target as Node)) close(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open, menuOpen, close]);

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
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.logo} aria-label={`${company} home`}>
          <Picture image={{ ...header.logo, alt: "", decorative: true }} eager />
        </Link>
        <nav ref={navRef} aria-label="Main" className={styles.desktopNav}>
          <ul className={styles.items}>
            {header.items.map((item) => {
              if (!item.panel) {
                return (
                  <li key={item.to}>
                    <NavLink to={item.to} end className={styles.item}>
                      {item.label}
                    </NavLink>
                  </li>
                );
              }
              const id = panelId(item);
              const expanded = open === id;
              return (
                <li key={item.to} className={styles.hasPanel} onMouseEnter={() => enter(id)} onMouseLeave={leave}>
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
                  <div id={id} className={styles.panel} hidden={!expanded}>
                    <div className={`container ${styles.panelInner}`}>
                      <div className={styles.panelIntro}>
                        <p className={styles.panelHeading}>{item.panel.heading}</p>
                        {item.panel.text ? <p className={styles.panelText}>{item.panel.text}</p> : null}
                        <Link to={item.to} className={styles.panelMain} {...currentProps(item.to, pathname)}>
                          {item.label} overview
                        </Link>
                      </div>
                      <div className={styles.groups}>
                        {item.panel.groups.map((group) => (
                          <div key={group.heading} className={styles.group}>
                            <p className={styles.groupHeading}>{group.heading}</p>
                            <ul>
                              {(group.links ?? []).map((link) => (
                                <li key={`${link.label}|${link.to}`}>
                                  <SmartLink to={link.to} external={link.external} className={styles.panelLink} {...currentProps(link.to, pathname)}>
                                    {link.label}
                                  </SmartLink>
                                </li>
                              ))}
                            </ul>
                          </div>
                        ))}
                      </div>
                      <button type="button" className={styles.close} onClick={() => close(true)}>
                        Close<span className="visually-hidden"> {item.label} menu</span>
                      </button>
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </nav>
        <ActionLink action={header.contact} className={styles.contact} />
        <button
          id="menu-button"
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((o) => !o)}
        >
          <span className={menuOpen ? styles.crossIcon : styles.burger} aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
      </div>
      <nav id="mobile-menu" aria-label="Main" className={styles.mobileMenu} hidden={!menuOpen}>
        <ul className={styles.mobileItems}>
          {header.items.map((item) =>
            item.panel ? (
              <li key={item.to}>
                <details className={styles.mobileGroup}>
                  <summary className={styles.mobileItem}>{item.label}</summary>
                  <ul>
                    <li>
                      <Link to={item.to} className={styles.mobileLink} {...currentProps(item.to, pathname)}>
                        {item.label} overview
                      </Link>
                    </li>
                    {item.panel.groups.flatMap((group) =>
                      (group.links ?? []).map((link) => (
                        <li key={`${group.heading}|${link.label}|${link.to}`}>
                          <SmartLink to={link.to} external={link.external} className={styles.mobileLink} {...currentProps(link.to, pathname)}>
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
                <NavLink to={item.to} end className={styles.mobileItem}>
                  {item.label}
                </NavLink>
              </li>
            ),
          )}
          <li>
            <ActionLink action={header.contact} className={styles.mobileContact} />
          </li>
        </ul>
      </nav>
    </header>
  );
}
