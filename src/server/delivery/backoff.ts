// When a delivery that did not go through is tried again (docs/notifications.md, "Retries").

/** Tries in all, the first included; after the last failure the delivery is marked failed. */
export const MAX_ATTEMPTS = 15;
/** The wait after the first failure. */
export const FIRST_DELAY_MS = 5_000;
/** Each wait is this many times the one before… */
export const GROWTH = 4;
/** …up to this. */
export const MAX_DELAY_MS = 60 * 60_000;
/** A wait is shortened by a random share of up to this, so deliveries that failed together spread out. */
export const JITTER = 0.2;

/**
 * The wait before the next try, after `attempts` tries (1 or more) have failed. `random` is in [0, 1).
 * `first` is the wait after the first failure: FIRST_DELAY_MS but where a test watches a retry happen.
 */
export function retryDelayMs(attempts: number, random: number = Math.random(), first = FIRST_DELAY_MS): number {
  const nominal = Math.min(MAX_DELAY_MS, first * GROWTH ** Math.max(0, attempts - 1));
  return Math.round(nominal * (1 - JITTER * random));
}
