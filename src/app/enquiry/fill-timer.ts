import { ENQUIRY_FIELDS } from "../../shared/generated/enquiry-fields.ts";

/**
 * The visitor's own fill time, sent with the enquiry as `fill_time_ms` (docs/api.md, "Spam"):
 * from the first input in the form to the press of Send, on the monotonic clock
 * (performance.now(), which a change of the system clock does not move). It starts at the
 * first input, not when the page loaded, and stops at the press, not when the post leaves, so
 * neither reading the page nor waiting for the proof of work counts as filling.
 */
export interface FillTimer {
  /** An input in the form: the first one of a fill starts the clock, later ones change nothing. */
  noteInput(): void;
  /** Milliseconds from the first input to now, whole, within what the API accepts; 0 when nothing was typed. */
  elapsedMs(): number;
  /** After a successful send: the next fill starts at its own first input. */
  reset(): void;
}

/** The API's largest fill time (schema/enquiry.schema.json); a form left open longer sends this. */
export const FILL_TIME_MAX_MS: number = ENQUIRY_FIELDS.fill_time_ms.maximum;

export function fillTimer(now: () => number = () => performance.now()): FillTimer {
  let firstInputAt: number | null = null;
  return {
    noteInput() {
      firstInputAt ??= now();
    },
    elapsedMs() {
      if (firstInputAt === null) return 0;
      return Math.min(FILL_TIME_MAX_MS, Math.max(0, Math.round(now() - firstInputAt)));
    },
    reset() {
      firstInputAt = null;
    },
  };
}
