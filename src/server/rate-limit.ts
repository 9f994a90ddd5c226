import type { InsertLimit } from "./store.ts";

export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;

export interface RateLimit {
  /** Enquiries allowed per IP per window; 0 turns the limit off. */
  max: number;
  windowMs: number;
}

/**
 * The limit the store checks inside the insert's own transaction (a sliding window of stored
 * enquiries per IP), or undefined when off. Counted in the database, so every server
 * instance sharing it shares the limit, and restarts keep it.
 */
export function insertLimit(limit: RateLimit, nowMs: number): InsertLimit | undefined {
  return limit.max > 0 ? { max: limit.max, sinceMs: nowMs - limit.windowMs } : undefined;
}

/** Seconds until the oldest counted enquiry leaves the window (at least 1). */
export function retryAfterSeconds(oldestAt: number, limit: RateLimit, nowMs: number): number {
  return Math.max(1, Math.ceil((oldestAt + limit.windowMs - nowMs) / 1000));
}
