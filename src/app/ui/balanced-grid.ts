import styles from "./BalancedGrid.module.css";

/** The grid is 12 tracks wide above 768px; an item spans 12 / (items on its row). */
const TRACKS = 12;

/**
 * How many of the 12 tracks each of `count` items spans in rows of `columns`, so that no item is
 * alone on the last row: a short last row shares the full width among its items, and a last row
 * of one borrows from the row above (2 columns: the last three share a row; 3 or 4 columns: the
 * last columns + 1 split into two rows). Nothing is dropped and nothing is left as a hole.
 */
export function balancedSpans(count: number, columns: number): number[] {
  const spans = Array<number>(count).fill(TRACKS / columns);
  const rest = count % columns;
  if (columns === 1 || rest === 0 || count === 1) return spans;
  const rows = rest === 1 ? (columns === 2 ? [3] : [Math.ceil((columns + 1) / 2), Math.floor((columns + 1) / 2)]) : [rest];
  let at = count - rows.reduce((a, b) => a + b, 0);
  for (const size of rows) for (let i = 0; i < size; i++) spans[at++] = TRACKS / size;
  return spans;
}

/** Columns in the compact desktop band (769–1024px), where four or three columns would squeeze the cards. */
const TABLET_MAX_COLUMNS = 2;

/** The grid's class, and each item's classes for its spans from 769 to 1024px and from 1025px. */
export function balancedGrid(count: number, columns: number): { grid: string; item: (i: number) => string } {
  const tablet = balancedSpans(count, Math.min(columns, TABLET_MAX_COLUMNS));
  const desktop = balancedSpans(count, columns);
  return {
    grid: styles.grid!,
    item: (i) => `${styles[`t${tablet[i]}`]} ${styles[`d${desktop[i]}`]}`,
  };
}
