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
 */

/**
 * Faster than this from the first input to Send, the form was not filled by hand. Typing the
 * four required fields takes a person several seconds; a browser's autofill puts them in at
 * once, and choosing a subject and pressing Send after it still takes a person well over
 * this. A script driving a real browser fills the whole form in a few hundred milliseconds.
 */
export const FILL_TIME_MIN_MS = 1_500;

export type FillTimeCheck = { ok: true } | { ok: false; reason: "fill-time-missing" | "fill-too-fast" };

/** Checks the form's `fill_time_ms` (the contract has made it a whole number from 0 to a day, when present). */
export function checkFillTime(fillTimeMs: number | undefined): FillTimeCheck {
  if (fillTimeMs === undefined) return { ok: false, reason: "fill-time-missing" };
  if (fillTimeMs < FILL_TIME_MIN_MS) return { ok: false, reason: "fill-too-fast" };
  return { ok: true };
}
