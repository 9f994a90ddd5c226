import { useContext } from "react";
import { ActionRow } from "../ui/ActionLink.tsx";
import { Heading, SectionIndex } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline } from "../ui/RichText.tsx";
import { cx } from "../lib/cx.ts";
import styles from "./Hero.module.css";
import type { BlockOf } from "./types.ts";

const HEIGHTS = [300, 400, 500, 600, 700, 800] as const;

/** A banner: heading, introduction, buttons, and an optional picture behind or beside it. */
export function Hero({ id, eyebrow, heading, text, image, height, actions }: BlockOf<"hero">) {
  const tall = height ? HEIGHTS.reduce((a, b) => (Math.abs(b - height) < Math.abs(a - height) ? b : a)) : undefined;
  // Only a banner at the top of the page is worth fetching first; one further down waits its turn.
  const first = useContext(SectionIndex) === 0;
  return (
    <section id={id} className={cx(styles.hero, image ? styles.withImage : styles.plain, tall && styles[`h${tall}`])} data-height={height}>
      {image ? <Picture image={{ ...image, alt: "", decorative: true }} eager={first} className={styles.backdrop} /> : null}
      <div className={cx("container", styles.inner)}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <Heading className={styles.heading}>{heading}</Heading>
        {text ? (
          <p className={styles.text}>
            <Inline text={text} />
          </p>
        ) : null}
        <ActionRow actions={actions} onDark />
      </div>
    </section>
  );
}
