import { ActionRow } from "../ui/ActionLink.tsx";
import { Heading } from "../ui/Heading.tsx";
import { RichText } from "../ui/RichText.tsx";
import styles from "./Prose.module.css";
import type { BlockOf } from "./types.ts";

/** A heading and running text. */
export function Prose({ id, heading, body, actions }: BlockOf<"prose">) {
  return (
    <section id={id} className={styles.section}>
      <div className={`container ${styles.inner}`}>
        {heading ? <Heading>{heading}</Heading> : null}
        <RichText body={body} />
        <ActionRow actions={actions} />
      </div>
    </section>
  );
}
