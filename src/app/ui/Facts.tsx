import type { Fact } from "../../shared/generated/schema-types.ts";
import styles from "./Facts.module.css";

/** Labelled facts (duration, fee, …) as a description list. */
export function Facts({ facts }: { facts: Fact[] | undefined }) {
  if (!facts || facts.length === 0) return null;
  return (
    <dl className={styles.facts}>
      {facts.map((f) => (
        <div key={f.label} className={styles.fact}>
          <dt>{f.label}</dt>
          <dd>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
