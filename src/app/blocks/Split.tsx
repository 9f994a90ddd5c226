import { ActionRow } from "../ui/ActionLink.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { RichText } from "../ui/RichText.tsx";
import { cx } from "../lib/cx.ts";
import styles from "./Split.module.css";
import type { BlockOf } from "./types.ts";

/** Text with a picture beside it on wide screens, stacked on phones (CSS decides, so prerendered HTML is right). */
export function Split({ id, heading, body, image, imageSide = "right", actions }: BlockOf<"split">) {
  return (
    <section id={id} className={styles.section}>
      <div className={cx("container", styles.split, imageSide === "left" && styles.imageLeft)}>
        <div className={styles.text}>
          <Heading>{heading}</Heading>
          <RichText body={body} />
          <ActionRow actions={actions} />
        </div>
        <div className={cx(styles.media, image.hideOnMobile && "hide-on-mobile")}>
          <Picture image={image} className={styles.image} />
        </div>
      </div>
    </section>
  );
}
