import { useContext } from "react";
import { cx } from "../lib/cx.ts";
import { inlineLinks } from "../../shared/inline-markup.ts";
import { ActionLink } from "../ui/ActionLink.tsx";
import { CardVideo } from "../ui/CardVideo.tsx";
import { Card, cardStyles } from "../ui/Card.tsx";
import { evenGrid } from "../ui/even-grid.ts";
import { SectionIndex } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import styles from "./CardGrid.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/**
 * A grid of cards; each card may carry its own anchor id, a picture or a silent video, facts and
 * a button. Near the top of the page, the first row's pictures are not lazy (one may be the largest paint).
 * A card whose button is its only link is opened by a click anywhere on it: the button's link is
 * stretched over the card (one link, nothing nested in it), and its focus ring is drawn around the card.
 */
export function CardGrid({ id, heading, intro, columns = 3, cards }: BlockOf<"cardGrid">) {
  const nearTop = useContext(SectionIndex) <= 1;
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <ul className={`${styles.grid} ${evenGrid(columns)}`}>
          {cards.map((card, i) => (
            <Card
              key={card.id ?? i}
              id={card.id}
              className={card.action && inlineLinks(card.text).length === 0 ? cardStyles.linked : undefined}
              media={
                card.video ? (
                  <CardVideo video={card.video} className={cardStyles.image} />
                ) : card.image ? (
                  <Picture image={card.image} aboveFold={nearTop && i < columns} className={cardStyles.image} />
                ) : null
              }
              title={card.title}
              text={card.text}
              facts={card.facts}
              headingDepth={heading ? 1 : 0}
            >
              {card.action ? (
                <ActionLink
                  action={{ style: "link", ...card.action }}
                  context={card.title}
                  className={cx(cardStyles.action, inlineLinks(card.text).length === 0 && cardStyles.stretched)}
                />
              ) : null}
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}
