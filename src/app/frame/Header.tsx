import { Link } from "wouter";
import type { Site } from "../../shared/generated/schema-types.ts";
import { useLocation } from "../lib/location.tsx";
import { ActionLink } from "../ui/ActionLink.tsx";
import { MotionToggle } from "../ui/MotionToggle.tsx";
import { Picture } from "../ui/Picture.tsx";
import { DesktopNav } from "./DesktopNav.tsx";
import styles from "./Header.module.css";
import { PhoneMenu } from "./PhoneMenu.tsx";

/**
 * The sticky site header: the logo, the desktop navigation with its panels and Contact Us, or
 * (768px and less, decided by CSS) the phone menu button; and, on a page where something moves,
 * the control that pauses all of it. How the bar fits every width is
 * written down in docs/header.md.
 */
export function Header({ site }: { site: Site }) {
  const { header, company } = site;
  const { pathname } = useLocation();
  return (
    <header className={styles.header}>
      <div className={`container ${styles.bar}`}>
        <Link to="/" className={styles.logo} aria-label={`${company} home`}>
          <Picture image={{ ...header.logo, alt: "", decorative: true }} eager />
        </Link>
        <DesktopNav items={header.items} pathname={pathname} />
        <MotionToggle />
        <ActionLink action={header.contact} className={styles.contact} />
        <PhoneMenu items={header.items} contact={header.contact} pathname={pathname} />
      </div>
    </header>
  );
}
