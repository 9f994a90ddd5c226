import { ActionLink } from "../ui/ActionLink.tsx";
import styles from "./LinkList.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/** A row of buttons, such as Quick Search. */
export function LinkList({ id, heading, intro, links }: BlockOf<"linkList">) {
  return (
    <section id={id} className={styles.section} aria-label={heading ? undefined : "Links"}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={`${link.label}|${link.to}`}>
              <ActionLink action={{ style: "secondary", ...link }} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
