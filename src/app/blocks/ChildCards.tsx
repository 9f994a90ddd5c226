import { useContext } from "react";
import { ActionLink } from "../ui/ActionLink.tsx";
import { Card, cardStyles } from "../ui/Card.tsx";
import { Pager } from "../ui/Pager.tsx";
import { evenGrid } from "../ui/even-grid.ts";
import { SectionIndex } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { SmartLink } from "../ui/SmartLink.tsx";
import styles from "./CardGrid.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/**
 * Cards of the pages below an address; the build fills `cards` from each child page's `card:`.
 * Near the top of the page, the first row's pictures are not lazy (one may be the largest paint).
 * A listing split into numbered pages holds one page's share of the cards and its `pagination`,
 * drawn as the list of the pages under the cards.
 */
export function ChildCards({ id, heading, intro, columns = 3, cards = [], linkLabel, action, pagination }: BlockOf<"childCards">) {
  const nearTop = useContext(SectionIndex) <= 1;
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <ul className={`${styles.grid} ${evenGrid(columns)}`}>
          {cards.map((card, i) => (
            <Card
              key={card.to}
              id={card.id}
              media={card.image ? <Picture image={card.image} aboveFold={nearTop && i < columns} className={cardStyles.image} /> : null}
              title={card.title}
              text={card.text}
              facts={card.facts}
              headingDepth={heading ? 1 : 0}
            >
              <div className={cardStyles.actions}>
                {linkLabel ? (
                  <SmartLink to={card.to} className={cardStyles.more}>
                    {linkLabel}
                    <span className="visually-hidden">{`: ${card.title}`}</span>
                  </SmartLink>
                ) : null}
                {action ? <ActionLink action={{ style: "secondary", ...action }} context={card.title} /> : null}
              </div>
            </Card>
          ))}
        </ul>
        {pagination ? <Pager place={pagination} label={heading ? `Pages of ${heading}` : "Pages of the list"} /> : null}
      </div>
    </section>
  );
}
