import { Link } from "wouter";
import styles from "./NotFound.module.css";

/** Shown for an address that is no page; the server sends it with status 404. */
export function NotFound() {
  return (
    <section className={`container ${styles.notFound}`}>
      <p className={styles.code}>404</p>
      <h1 tabIndex={-1}>This page does not exist</h1>
      <p>The address may be mistyped, or the page may have moved.</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </section>
  );
}
