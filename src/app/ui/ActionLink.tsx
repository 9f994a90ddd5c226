import type { Action } from "../../shared/generated/schema-types.ts";
import { cx } from "../lib/cx.ts";
import styles from "./ActionLink.module.css";
import { SmartLink } from "./SmartLink.tsx";

/**
 * A link drawn as a button, as the page data describes it. `context` (a card's title, say) is
 * read out after the label but not shown, so a row of "Read More" links tells apart where each goes.
 */
export function ActionLink({ action, onDark, className, context }: { action: Action; onDark?: boolean; className?: string; context?: string }) {
  const look = action.style ?? "primary";
  return (
    <SmartLink to={action.to} external={action.external} className={cx(styles.action, styles[look], onDark && styles.onDark, className)}>
      {action.label}
      {context ? <span className="visually-hidden">{`: ${context}`}</span> : null}
    </SmartLink>
  );
}

export function ActionRow({ actions, onDark }: { actions: Action[] | undefined; onDark?: boolean }) {
  if (!actions || actions.length === 0) return null;
  return (
    <div className={styles.row}>
      {actions.map((action) => (
        <ActionLink key={`${action.label}|${action.to}`} action={action} onDark={onDark ?? false} />
      ))}
    </div>
  );
}
