import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router-dom";
import type { Site } from "../generated/schema-types.ts";
import { ActionLink } from "../ui/ActionLink.tsx";
import { Picture } from "../ui/Picture.tsx";
import styles from "./Header.module.css";

/** The sticky site header: logo, the top navigation and the Contact Us button; a menu button on phones. */
export function Header({ site }: { site: Site }) {
  const { header, company } = site;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setMenuOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <NavLink to="/" className={styles.logo} aria-label={`${company} home`}>
          <Picture image={{ ...header.logo, alt: "" , decorative: true }} eager />
        </NavLink>
        <button
          type="button"
          className={styles.menuButton}
          aria-expanded={menuOpen}
          aria-controls="site-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.burger} aria-hidden="true" />
          <span className="visually-hidden">Menu</span>
        </button>
        <nav id="site-nav" aria-label="Main" className={styles.nav} data-open={menuOpen}>
          <ul className={styles.items}>
            {header.items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === "/"} className={styles.item}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <ActionLink action={header.contact} className={styles.contact} />
      </div>
    </header>
  );
}
