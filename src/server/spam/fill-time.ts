/**
 * The visitor's own fill time: the form measures, on the browser's monotonic clock, how long
 * passed between the first input in the form and the press of Send, and sends it as
 * `fill_time_ms`. Faster than FILL_TIME_MIN_MS, nobody filled the form by hand.
 *
 * Why this and the signed time token (form-token.ts) both exist: the token's age is counted
 * by the server from when it issued the form's challenge, and the post waits for the proof
 * of work, so the token's age includes the solving time; on a slow phone or a busy machine
 * the solve alone outlasts the token's 3 s, and a headless browser filling the form in a
 * fraction of a second would pass it. The fill time counts only the filling. It is the
 * browser's word, though, and a bot can send any number; the token cannot be forged, so it
 * still proves this server issued the form, bounds its age (at least 3 s, at most a day)
 * and, with the proof of work it is bound to, makes each post cost a solve and a wait.
 *
 * Why the fill's actions as well (`fill_actions`, src/app/enquiry/fill-timer.ts): any time
 * measured in the browser is stretched by a busy machine. A headless browser stepping through
 * the fields with Playwright (focus, insert the text, choose, click Send) measured 1.6 to 7.4 s
 * at a load of 28 on two cores, each step a round trip between processes waiting for the CPU,
 * and 8.6 to 13.2 s with its renderer slowed eight times besides: the fill time alone let it
 * through. What load cannot change
 * is that its fields changed with no key, pointer or finger touching them, while a person
 * always reaches a field with one of those (the subject is required and has no default, so
 * even after a browser's autofill someone chooses it). Only assistive technology working
 * through the accessibility tree alone (voice access, switch control) fills without them, and
 * a dozen spoken or switched commands take far longer than FILL_UNTOUCHED_MAX_MS: an
 * untouched fill is held only when it was also quicker than that, so no person is held.
 */

/**
 * Faster than this from the first input to Send, the form was not filled by hand. Typing the
 * four required fields takes a person several seconds; a browser's autofill puts them in at
 * once, and choosing a subject and pressing Send after it still takes a person well over
 * this. A script driving a real browser fills the whole form in a few hundred milliseconds.
 */
export const FILL_TIME_MIN_MS = 1_500;

/**
 * An untouched fill (no hand action counted) quicker than this is a script's. A fill by
 * assistive technology alone takes a dozen spoken or switched commands of a few seconds each
 * (a field to go to, its text, the subject, Send); the slowest script fill measured, stepping
 * through the fields with its renderer slowed eight times at a load of 31 on two cores, took
 * 13.2 s.
 */
export const FILL_UNTOUCHED_MAX_MS = 20_000;

export type FillTimeCheck = { ok: true } | { ok: false; reason: "fill-time-missing" | "fill-too-fast" };

/** Checks the form's `fill_time_ms` (the contract has made it a whole number from 0 to a day, when present). */
export function checkFillTime(fillTimeMs: number | undefined): FillTimeCheck {
  if (fillTimeMs === undefined) return { ok: false, reason: "fill-time-missing" };
  if (fillTimeMs < FILL_TIME_MIN_MS) return { ok: false, reason: "fill-too-fast" };
  return { ok: true };
}

export type FillActionsCheck = { ok: true } | { ok: false; reason: "fill-untouched" };

/**
 * Checks the form's `fill_actions` beside its fill time: none counted (or none sent) in a fill
 * quicker than FILL_UNTOUCHED_MAX_MS is held. A missing fill time is its own reason already.
 */
export function checkFillActions(fillActions: number | undefined, fillTimeMs: number | undefined): FillActionsCheck {
  if (fillTimeMs === undefined || (fillActions ?? 0) > 0 || fillTimeMs >= FILL_UNTOUCHED_MAX_MS) return { ok: true };
  return { ok: false, reason: "fill-untouched" };
}
