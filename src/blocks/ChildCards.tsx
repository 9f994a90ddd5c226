import { useContext } from "react";
import { ActionLink } from "../ui/ActionLink.tsx";
import { Facts } from "../ui/Facts.tsx";
import { Heading, SectionIndex } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline } from "../ui/RichText.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import { cx } from "../lib/cx.ts";
import styles from "./CardGrid.module.css";
import type { BlockOf } from "./types.ts";

/**
 * Cards of the pages below an address; the build fills `cards` from each child page's `card:`.
 * Near the top of the page, the first row's pictures are not lazy (one may be the largest paint).
 */
export function ChildCards({ id, heading, intro, columns = 3, cards = [], linkLabel, action }: BlockOf<"childCards">) {
  const nearTop = useContext(SectionIndex) <= 1;
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        {heading ? <Heading>{heading}</Heading> : null}
        {intro ? (
          <p className={styles.intro}>
            <Inline text={intro} />
          </p>
        ) : null}
        <ul className={cx(styles.grid, styles[`cols${columns}`])}>
          {cards.map((card, i) => (
            <li key={card.to} id={card.id} className={styles.card}>
              {card.image ? <Picture image={card.image} aboveFold={nearTop && i < columns} className={styles.image} /> : null}
              <div className={styles.body}>
                <Heading depth={heading ? 1 : 0} className={styles.title}>
                  {card.title}
                </Heading>
                <p className={styles.text}>
                  <Inline text={card.text} />
                </p>
                <Facts facts={card.facts} />
                <div className={styles.actions}>
                  {linkLabel ? (
                    <SmartLink to={card.to} className={styles.more}>
                      {linkLabel}
                      <span className="visually-hidden">{`: ${card.title}`}</span>
                    </SmartLink>
                  ) : null}
                  {action ? <ActionLink action={{ style: "secondary", ...action }} context={card.title} /> : null}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
