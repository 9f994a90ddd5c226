import { Link } from "wouter";
import { SmartLink } from "../ui/SmartLink.tsx";
import { currentProps, type PanelItem } from "./nav-items.ts";
import styles from "./NavPanel.module.css";

/**
 * One desktop dropdown panel: the item's heading and text, its overview link, and its groups of
 * links (from:-groups already capped by the content build). Drawn in the browser only, once the
 * page has hydrated (DesktopNav); the phone menu draws the same groups only while it is open.
 */
export function NavPanel({ item, id, open, pathname, onClose }: { item: PanelItem; id: string; open: boolean; pathname: string; onClose: () => void }) {
  const { panel } = item;
  return (
    <div id={id} className={`drop-in ${styles.panel}`} hidden={!open}>
      <div className={`container ${styles.inner}`}>
        <div className={styles.intro}>
          <p className={styles.heading}>{panel.heading}</p>
          {panel.text ? <p className={styles.text}>{panel.text}</p> : null}
          <Link to={item.to} className={styles.main} {...currentProps(item.to, pathname)}>
            {item.label} overview
          </Link>
        </div>
        <div className={styles.groups}>
          {panel.groups.map((group) => (
            <div key={group.heading}>
              <p className={styles.groupHeading}>{group.heading}</p>
              <ul className={styles.links}>
                {(group.links ?? []).map((link) => (
                  <li key={`${link.label}|${link.to}`}>
                    <SmartLink to={link.to} external={link.external} className={styles.link} {...currentProps(link.to, pathname)}>
                      {link.label}
                    </SmartLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
        <button type="button" className={styles.close} onClick={onClose}>
          Close<span className="visually-hidden"> {item.label} menu</span>
        </button>
      </div>
    </div>
  );
}
