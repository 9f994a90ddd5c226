import { Link } from "wouter";
import { cx } from "../lib/cx.ts";
import { listingPageRoute, neighbourPages, type ListingPlace } from "../../shared/listing-pages.ts";
import styles from "./Pager.module.css";

/** One entry of the page list: a page's number, or a gap ("…") standing for the numbers left out. */
export type PagerItem = { kind: "page"; n: number; phone: boolean } | { kind: "gap"; desktop: boolean };

/**
 * Which numbers the page list shows: the first and last page, and the pages near the current one
 * (two either side; one on phones, where the list must fit 320 px), with a gap where numbers are
 * left out. A list of every number would grow with the listing, which is what splitting it avoids.
 * Numbers shown on wide screens only are marked `phone: false`; a gap that only phones need
 * (where those numbers are hidden) is marked `desktop: false`.
 */
export function pagerItems(page: number, pages: number): PagerItem[] {
  const near = (n: number, reach: number) => n === 1 || n === pages || Math.abs(n - page) <= reach;
  const shown = [1];
  for (let n = Math.max(2, page - 2); n <= Math.min(pages, page + 2); n++) shown.push(n);
  if (shown.at(-1) !== pages) shown.push(pages);
  const items: PagerItem[] = [];
  let previous = 0;
  let lastOnPhone = 0;
  let gapSinceLastOnPhone = false;
  for (const n of shown) {
    if (n - previous > 1) {
      items.push({ kind: "gap", desktop: true });
      gapSinceLastOnPhone = true;
    }
    const phone = near(n, 1);
    if (phone) {
      if (n - lastOnPhone > 1 && !gapSinceLastOnPhone) items.push({ kind: "gap", desktop: false });
      lastOnPhone = n;
      gapSinceLastOnPhone = false;
    }
    items.push({ kind: "page", n, phone });
    previous = n;
  }
  return items;
}

/**
 * The list of a split listing's pages, under its cards: Previous, the numbers, Next. Every entry
 * is a link (the current page's too, marked aria-current), so the keyboard reaches each one.
 */
export function Pager({ place, label }: { place: ListingPlace; label: string }) {
  const { page, pages, first } = place;
  const { prev, next } = neighbourPages(place);
  return (
    <nav className={styles.pager} aria-label={label}>
      {prev ? (
        <Link to={prev} rel="prev" className={cx(styles.step, styles.previous)}>
          <span aria-hidden="true">‹</span>Previous<span className="visually-hidden"> page</span>
        </Link>
      ) : null}
      <ul className={styles.numbers}>
        {pagerItems(page, pages).map((item, i) =>
          item.kind === "gap" ? (
            <li key={`gap-${i}`} className={cx(styles.gap, !item.desktop && styles.phoneOnly)} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.n} className={item.phone ? undefined : styles.wideOnly}>
              <Link to={listingPageRoute(first, item.n)} className={styles.number} aria-current={item.n === page ? "page" : undefined}>
                <span className="visually-hidden">Page </span>
                {item.n}
              </Link>
            </li>
          ),
        )}
      </ul>
      {next ? (
        <Link to={next} rel="next" className={cx(styles.step, styles.next)}>
          Next<span className="visually-hidden"> page</span>
          <span aria-hidden="true">›</span>
        </Link>
      ) : null}
    </nav>
  );
}
