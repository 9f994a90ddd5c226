import { ActionRow } from "../ui/ActionLink.tsx";
import { Inline } from "../ui/RichText.tsx";
import styles from "./Table.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/**
 * The longest cell, in characters, of a column that never wraps ("₹12000 + GST", "1 year 2 months"):
 * broken over two lines such a value reads as two, and a column of them costs the long text
 * beside it little width.
 */
export const SHORT_CELL_MAX = 16;

/** A table on wide screens; on phones CSS lays each row out as a card labelled by its column headings. */
export function Table({ id, heading, intro, caption, columns, rows, notes, actions }: BlockOf<"table">) {
  const short = columns.map((_, c) => rows.every((row) => String(row[c] ?? "").length <= SHORT_CELL_MAX));
  const cellClass = (c: number) => (short[c] ? styles.short : undefined);
  return (
    <section id={id} className={styles.section}>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <table className={styles.table}>
          {caption ? <caption className={styles.caption}>{caption}</caption> : null}
          <thead>
            <tr>
              {columns.map((column, c) => (
                <th key={column} scope="col" className={cellClass(c)}>
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
                    <th key={c} scope="row" data-label={columns[c]} className={cellClass(c)}>
                      {cell}
                    </th>
                  ) : (
                    <td key={c} data-label={columns[c]} className={cellClass(c)}>
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
