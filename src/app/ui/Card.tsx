import type { ReactNode } from "react";
import type { Fact } from "../../shared/generated/schema-types.ts";
import styles from "./Card.module.css";
import { Facts } from "./Facts.tsx";
import { Heading } from "./Heading.tsx";
import { Inline } from "./RichText.tsx";

/** Class names for what a card holds: its picture or video (`image`), buttons (`action`, `actions`, `more`). */
export const cardStyles = styles;

/** One card of a grid: a picture or video, a title at the outline's depth, a short text, facts, then its buttons. */
export function Card({
  id,
  className,
  media,
  title,
  text,
  facts,
  headingDepth,
  children,
}: {
  id?: string | undefined;
  /** Extra classes of the card's <li>. */
  className?: string;
  media: ReactNode;
  title: string;
  text: string;
  facts?: Fact[] | undefined;
  headingDepth: number;
  children?: ReactNode;
}) {
  return (
    <li id={id} className={className ? `${styles.card} ${className}` : styles.card}>
      {media}
      <div className={styles.body}>
        <Heading depth={headingDepth} className={styles.title}>
          {title}
        </Heading>
        <p className={styles.text}>
          <Inline text={text} />
        </p>
        <Facts facts={facts} />
        {children}
      </div>
    </li>
  );
}
