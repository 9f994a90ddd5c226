import type { DueDelivery } from "./outbox.ts";

/** How one try went. `permanent`: trying again cannot help (SMTP 5xx, a refused recipient). */
export type SendResult = { ok: true } | { ok: false; permanent: boolean; error: string };

/** Sends one delivery on its channel. Never throws; gives up promptly once `signal` is aborted. */
export type Sender = (delivery: DueDelivery, signal: AbortSignal) => Promise<SendResult>;

/** An error message fit for one line of `npm run enquiries -- deliveries` and the log. */
export function oneLine(text: string, max = 300): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
