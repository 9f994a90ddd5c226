import { ActionLink, ActionRow } from "../ui/ActionLink.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Inline } from "../ui/RichText.tsx";
import styles from "./ContactPanel.module.css";
import type { BlockOf } from "./types.ts";

/** A contact panel on wide screens; on phones CSS shows a single Get in Touch button instead. */
export function ContactPanel({ id, heading, text, actions, mobileAction }: BlockOf<"contactPanel">) {
  return (
    <section id={id} className={styles.section} aria-label={heading}>
      <div className="container">
        <div className={styles.panel}>
          <div>
            <Heading className={styles.heading}>{heading}</Heading>
            {text ? (
              <p className={styles.text}>
                <Inline text={text} />
              </p>
            ) : null}
          </div>
          <ActionRow actions={actions} onDark />
        </div>
        <div className={styles.mobile}>
          <ActionLink action={mobileAction} className={styles.mobileButton} />
        </div>
      </div>
    </section>
  );
}
