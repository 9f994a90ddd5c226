import { ActionLink } from "../ui/ActionLink.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { RichText } from "../ui/RichText.tsx";
import styles from "./Anchors.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/** Sections with anchor ids and, above them, a list of links that jump to each. */
export function Anchors({ id, heading, intro, navLabel = "On this page", sections }: BlockOf<"anchors">) {
  return (
    <div id={id} className={styles.block}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <nav className={styles.nav} aria-label={navLabel}>
          <p className={styles.navLabel} aria-hidden="true">
            {navLabel}
          </p>
          <ul>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.heading}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      {sections.map((s) => (
        <section key={s.id} id={s.id} className={styles.section} aria-labelledby={`${s.id}-heading`}>
          {s.altIds?.map((alt) => (
            <span key={alt} id={alt} className={styles.altAnchor} aria-hidden="true" />
          ))}
          <div className={`container ${s.image ? styles.split : ""}`}>
            <div className={styles.text}>
              <Heading depth={heading ? 1 : 0} id={`${s.id}-heading`}>
                {s.heading}
              </Heading>
              <RichText body={s.body} />
              {s.action ? <ActionLink action={s.action} /> : null}
            </div>
            {s.image ? <Picture image={s.image} className={styles.image} /> : null}
          </div>
        </section>
      ))}
    </div>
  );
}
