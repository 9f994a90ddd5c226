import { useContext } from "react";
import { ActionLink } from "../ui/ActionLink.tsx";
import { CardVideo } from "../ui/CardVideo.tsx";
import { Facts } from "../ui/Facts.tsx";
import { Heading, SectionIndex } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline } from "../ui/RichText.tsx";
import { cx } from "../lib/cx.ts";
import styles from "./CardGrid.module.css";
import type { BlockOf } from "./types.ts";

/**
 * A grid of cards; each card may carry its own anchor id, a picture or a silent video, facts and
 * a button. Near the top of the page, the first row's pictures are not lazy (one may be the largest paint).
 */
export function CardGrid({ id, heading, intro, columns = 3, cards }: BlockOf<"cardGrid">) {
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
            <li key={card.id ?? i} id={card.id} className={styles.card}>
              {card.video ? <CardVideo video={card.video} className={styles.image} /> : card.image ? <Picture image={card.image} aboveFold={nearTop && i < columns} className={styles.image} /> : null}
              <div className={styles.body}>
                <Heading depth={heading ? 1 : 0} className={styles.title}>
                  {card.title}
                </Heading>
                <p className={styles.text}>
                  <Inline text={card.text} />
                </p>
                <Facts facts={card.facts} />
                {card.action ? <ActionLink action={{ style: "link", ...card.action }} context={card.title} className={styles.action} /> : null}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
