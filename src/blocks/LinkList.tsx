import { ActionLink } from "../ui/ActionLink.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Inline } from "../ui/RichText.tsx";
import styles from "./LinkList.module.css";
import type { BlockOf } from "./types.ts";

/** A row of buttons, such as Quick Search. */
export function LinkList({ id, heading, intro, links }: BlockOf<"linkList">) {
  return (
    <section id={id} className={styles.section} aria-label={heading ? undefined : "Links"}>
      <div className="container">
        {heading ? <Heading className={styles.heading}>{heading}</Heading> : null}
        {intro ? (
          <p className={styles.intro}>
            <Inline text={intro} />
          </p>
        ) : null}
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
