import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline, RichText } from "../ui/RichText.tsx";
import styles from "./CaseStudies.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

const PARTS = [
  ["overview", "Overview"],
  ["challenges", "Challenges"],
  ["solution", "Solution"],
  ["results", "Results"],
] as const;

/** Client stories: title, two pictures, overview, challenges, solution, results and a testimonial. */
export function CaseStudies({ id, heading, intro, studies }: BlockOf<"caseStudies">) {
  return (
    <div id={id} className={styles.block}>
      {heading || intro ? (
        <div className="container">
          <SectionIntro heading={heading} intro={intro} />
        </div>
      ) : null}
      {studies.map((study) => (
        <article key={study.id} id={study.id} className={styles.study} aria-labelledby={`${study.id}-title`}>
          <div className="container">
            <Heading depth={heading ? 1 : 0} id={`${study.id}-title`} className={styles.title}>
              {study.title}
            </Heading>
            <div className={styles.images}>
              <Picture image={study.image} />
              <Picture image={study.image2} />
            </div>
            <div className={styles.parts}>
              {PARTS.map(([key, label]) => (
                <section key={key} className={styles.part}>
                  <Heading depth={heading ? 2 : 1}>{label}</Heading>
                  <RichText body={study[key]} />
                </section>
              ))}
            </div>
            <figure className={styles.testimonial}>
              <blockquote>
                <p>
                  <Inline text={study.testimonial.quote} />
                </p>
              </blockquote>
              <figcaption>
                <strong>{study.testimonial.author}</strong>
                {study.testimonial.role ? <span>, {study.testimonial.role}</span> : null}
              </figcaption>
            </figure>
          </div>
        </article>
      ))}
    </div>
  );
}
