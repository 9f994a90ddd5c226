import { evenGrid } from "../ui/even-grid.ts";
import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline } from "../ui/RichText.tsx";
import styles from "./Profiles.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/** People: picture, name, job title and a short description. */
/** Up to four people a row, all one size; a short last row is centred. */
const COLUMNS = 4;

export function Profiles({ id, heading, intro, people }: BlockOf<"profiles">) {
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <ul className={`${styles.grid} ${evenGrid(COLUMNS)}`}>
          {people.map((person) => (
            <li key={person.name} className={styles.person}>
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
