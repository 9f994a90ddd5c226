import { Heading } from "./Heading.tsx";
import { Inline } from "./RichText.tsx";
import styles from "./SectionIntro.module.css";

/** How most blocks begin: an optional heading (the page's h1 in the first section) and an optional introduction. */
export function SectionIntro({
  heading,
  intro,
  headingClassName,
}: {
  heading?: string | undefined;
  intro?: string | undefined;
  headingClassName?: string | undefined;
}) {
  return (
    <>
      {heading ? <Heading className={headingClassName}>{heading}</Heading> : null}
      {intro ? (
        <p className={styles.intro}>
          <Inline text={intro} />
        </p>
      ) : null}
    </>
  );
}
