import { ActionRow } from "../ui/ActionLink.tsx";
import { Inline } from "../ui/RichText.tsx";
import styles from "./Table.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/** A table on wide screens; on phones CSS lays each row out as a card labelled by its column headings. */
export function Table({ id, heading, intro, caption, columns, rows, notes, actions }: BlockOf<"table">) {
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <table className={styles.table}>
          {caption ? <caption className={styles.caption}>{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) =>
                  c === 0 ? (
                    <th key={c} scope="row" data-label={columns[c]}>
                      {cell}
                    </th>
                  ) : (
                    <td key={c} data-label={columns[c]}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {notes?.map((note, n) => (
          <p key={n} className={styles.note}>
            <Inline text={note} />
          </p>
        ))}
        <ActionRow actions={actions} />
      </div>
    </section>
  );
}
