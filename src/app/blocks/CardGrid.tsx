import { useContext } from "react";
import { ActionLink } from "../ui/ActionLink.tsx";
import { balancedGrid } from "../ui/balanced-grid.ts";
import { CardVideo } from "../ui/CardVideo.tsx";
import { Card, cardStyles } from "../ui/Card.tsx";
import { SectionIndex } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import styles from "./CardGrid.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/**
 * A grid of cards; each card may carry its own anchor id, a picture or a silent video, facts and
 * a button. Near the top of the page, the first row's pictures are not lazy (one may be the largest paint).
 */
export function CardGrid({ id, heading, intro, columns = 3, cards }: BlockOf<"cardGrid">) {
  const nearTop = useContext(SectionIndex) <= 1;
  const layout = balancedGrid(cards.length, columns);
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <ul className={`${styles.grid} ${layout.grid}`}>
          {cards.map((card, i) => (
            <Card
              key={card.id ?? i}
              id={card.id}
              className={layout.item(i)}
              media={card.video ? <CardVideo video={card.video} className={cardStyles.image} /> : card.image ? <Picture image={card.image} aboveFold={nearTop && i < columns} className={cardStyles.image} /> : null}
              title={card.title}
              text={card.text}
              facts={card.facts}
              headingDepth={heading ? 1 : 0}
            >
              {card.action ? <ActionLink action={{ style: "link", ...card.action }} context={card.title} className={cardStyles.action} /> : null}
            </Card>
          ))}
        </ul>
      </div>
    </section>
  );
}
