import type { Site } from "../../shared/generated/schema-types.ts";
import { SmartLink } from "../ui/SmartLink.tsx";
import styles from "./Footer.module.css";

/** The footer: site links, social profiles (new tab) and the small print. */
export function Footer({ site }: { site: Site }) {
  const { footer, company } = site;
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <p className={styles.company}>{company}</p>
          {footer.tagline ? <p className={styles.tagline}>{footer.tagline}</p> : null}
        </div>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            {footer.links.map((link) => (
              <li key={link.to}>
                <SmartLink to={link.to} external={link.external}>
                  {link.label}
                </SmartLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul className={styles.social} aria-label="Social media">
          {footer.social.map((s) => (
            <li key={s.to}>
              <a href={s.to} target="_blank" rel="noopener noreferrer" aria-label={`${s.label} (opens in a new tab)`} className={styles.socialLink}>
                <img src={s.icon} alt="" width={24} height={24} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="container">
        <p className={styles.copyright}>{footer.copyright}</p>
      </div>
    </footer>
  );
}
