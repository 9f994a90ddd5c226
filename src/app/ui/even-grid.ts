import styles from "./EvenGrid.module.css";

/** Columns a grid may ask for (the blocks' `columns` field). */
export type GridColumns = 1 | 2 | 3 | 4;

/** Columns in the compact desktop band (769–1024px), where four or three columns would squeeze the cards. */
export const TABLET_MAX_COLUMNS = 2;

/**
 * The classes of a grid whose items are all one width: one column on phones, at most two from
 * 769 to 1024px, `columns` from 1025px. A short last row keeps that width and is centred, rather
 * than stretching its few items wider than the rows above (7 cards in 4 columns: 4, then 3 of the
 * same size in the middle).
 */
export function evenGrid(columns: number): string {
  const desktop = Math.min(4, Math.max(1, Math.round(columns))) as GridColumns;
  const tablet = Math.min(desktop, TABLET_MAX_COLUMNS) as GridColumns;
  return `${styles.grid} ${styles[`t${tablet}`]} ${styles[`d${desktop}`]}`;
}
