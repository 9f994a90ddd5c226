// `npm run enquiries -- deliveries` and `-- retry <id>|failed` (docs/notifications.md, "For the operator").
import { fixedWidthTable, type TableColumn } from "../enquiry-export.ts";
import type { DeliveryRow, DeliveryStatus, RetryTarget } from "./outbox.ts";

/** Deliveries shown by `deliveries`: failed first, then pending, then delivered. */
export const DELIVERY_LIST_SIZE = 50;

const minute = (iso: string | null) => (iso === null ? "" : iso.slice(0, 16).replace("T", " "));

const COLUMNS: readonly TableColumn<DeliveryRow>[] = [
  { heading: "Delivery id", width: 36, value: (d) => d.id },
  { heading: "Channel", width: 7, value: (d) => d.channel },
  { heading: "Status", width: 9, value: (d) => d.status },
  { heading: "Tries", width: 5, value: (d) => String(d.attempts) },
  { heading: "Received (UTC)", width: 16, value: (d) => minute(d.created_at) },
  {
    heading: "Next try / done",
    width: 16,
    value: (d) => minute(d.status === "delivered" ? d.delivered_at : d.status === "pending" ? d.next_attempt_at : null),
  },
  { heading: "Enquiry", width: 36, value: (d) => d.session_id },
  { heading: "Last error", width: 70, value: (d) => d.last_error ?? "" },
];

export function deliveryReport(rows: readonly DeliveryRow[], counts: Record<DeliveryStatus, number>): string {
  const total = counts.pending + counts.delivered + counts.failed;
  const summary = `${counts.pending} pending, ${counts.delivered} delivered, ${counts.failed} failed; ${rows.length} of ${total} shown, failed and pending first.\n`;
  return `${fixedWidthTable(COLUMNS, rows)}${summary}`;
}

export function retryReport(target: RetryTarget, requeued: number): string {
  if (target === "failed") return `${requeued} failed ${requeued === 1 ? "delivery" : "deliveries"} queued again.\n`;
  return requeued === 1 ? `Delivery ${target.id} queued again.\n` : `No delivery has the id ${target.id}.\n`;
}
