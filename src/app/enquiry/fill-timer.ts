import { ENQUIRY_FIELDS } from "../../shared/generated/enquiry-fields.ts";

/**
 * The visitor's own fill, sent with the enquiry (docs/api.md, "Spam"):
 *
 * - `fill_time_ms`: from the first input in the form to the press of Send, on the monotonic
 *   clock (performance.now(), which a change of the system clock does not move). It starts at
 *   the first input, not when the page loaded, and stops at the press, not when the post
 *   leaves, so neither reading the page nor waiting for the proof of work counts as filling.
 * - `fill_actions`: how many times a hand acted on the form's fields: a key pressed, a
 *   pointer, mouse or finger put down, a composition (a phone's keyboard, an input method)
 *   started, a paste or a drop, counted only when the browser itself says the event came from
 *   the visitor (`isTrusted`). The Send button is not a field: pressing it is not filling.
 *
 * Why the count as well as the time: a time is stretched by a busy machine. A headless browser
 * stepping through the fields (focus, insert the text, choose the subject, click Send) fills
 * the form quickly on an idle machine, but each step is a round trip between processes that
 * wait for the CPU, so at a load of 28 on two cores the same fill measured 1.6 to 7.4 s and
 * passed the fill time. Its fields change with no key or pointer ever
 * touching them, however busy the machine, while every person reaches a field with a key, a
 * pointer or a finger (the subject is required and has no default, so even after a browser's
 * autofill someone chooses it). Only assistive technology working through the accessibility
 * tree (voice access, a switch) can fill without those events, and it is slow: the server
 * holds an untouched fill only when it was also quick (src/server/spam/fill-time.ts).
 */
export interface FillTimer {
  /** An input in the form: the first one of a fill starts the clock, later ones change nothing. */
  noteInput(): void;
  /** An event in the form: counted when it is a visitor's hand acting on a field (`isHandAction`). */
  noteEvent(event: HandEvent): void;
  /** Milliseconds from the first input to now, whole, within what the API accepts; 0 when nothing was typed. */
  elapsedMs(): number;
  /** The hand actions counted since the fill began, within what the API accepts. */
  actions(): number;
  /** After a successful send: the next fill starts at its own first input, with no actions. */
  reset(): void;
}

/** What the count reads of an event: its type, whether the browser made it for the visitor, and where. */
export interface HandEvent {
  type: string;
  isTrusted: boolean;
  target: EventTarget | null;
}

/** The API's largest fill time (schema/enquiry.schema.json); a form left open longer sends this. */
export const FILL_TIME_MAX_MS: number = ENQUIRY_FIELDS.fill_time_ms.maximum;
/** The API's largest count (schema/enquiry.schema.json); a longer fill sends this. */
export const FILL_ACTIONS_MAX: number = ENQUIRY_FIELDS.fill_actions.maximum;

/**
 * The events a hand makes: keys, pointers (with mouse and touch for browsers that fire those
 * alone), the start of a composition (a phone's keyboard and input methods may send no key),
 * paste and drop. Listened for on the form in the capture phase, so a field's own handler
 * cannot hide one.
 */
export const HAND_EVENTS = ["keydown", "pointerdown", "mousedown", "touchstart", "compositionstart", "paste", "drop"] as const;

function isButton(target: EventTarget | null): boolean {
  // Duck-typed rather than `instanceof Element`, so the rule reads the same in any realm.
  const element = target as { closest?: (selector: string) => unknown } | null;
  return typeof element?.closest === "function" && element.closest("button") !== null;
}

/** Whether `event` is a visitor's hand acting on a field: one of HAND_EVENTS, trusted, not on a button. */
export function isHandAction(event: HandEvent): boolean {
  return (HAND_EVENTS as readonly string[]).includes(event.type) && event.isTrusted && !isButton(event.target);
}

export function fillTimer(now: () => number = () => performance.now()): FillTimer {
  let firstInputAt: number | null = null;
  let actions = 0;
  return {
    noteInput() {
      firstInputAt ??= now();
    },
    noteEvent(event) {
      if (isHandAction(event)) actions = Math.min(FILL_ACTIONS_MAX, actions + 1);
    },
    elapsedMs() {
      if (firstInputAt === null) return 0;
      return Math.min(FILL_TIME_MAX_MS, Math.max(0, Math.round(now() - firstInputAt)));
    },
    actions() {
      return actions;
    },
    reset() {
      firstInputAt = null;
      actions = 0;
    },
  };
}
