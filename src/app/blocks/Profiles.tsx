import { balancedGrid } from "../ui/balanced-grid.ts";
import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline } from "../ui/RichText.tsx";
import styles from "./Profiles.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/** People: picture, name, job title and a short description. */
/** Up to four people a row, balanced so nobody stands alone on the last one. */
const COLUMNS = 4;

export function Profiles({ id, heading, intro, people }: BlockOf<"profiles">) {
  const layout = balancedGrid(people.length, COLUMNS);
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <ul className={`${styles.grid} ${layout.grid}`}>
          {people.map((person, i) => (
            <li key={person.name} className={`${styles.person} ${layout.item(i)}`}>
              <Picture image={person.image} className={styles.photo} />
              <Heading depth={heading ? 1 : 0} className={styles.name}>
                {person.name}
              </Heading>
              <p className={styles.title}>{person.title}</p>
              <p className={styles.description}>
                <Inline text={person.description} />
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
