import type { EnquiryStore } from "./store.ts";

export const RATE_LIMIT_WINDOW_MS = 10 * 60 * 1000;
export const DEFAULT_RATE_LIMIT = 5;

export interface RateLimit {
  /** Enquiries allowed per IP per window; 0 turns the limit off. */
  max: number;
  windowMs: number;
}

export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Counts the IP's stored enquiries in the sliding window. The count lives in the store,
 * so every server instance sharing a database shares the limit.
 */
export async function checkRateLimit(
  store: EnquiryStore,
  ip: string,
  limit: RateLimit,
  nowMs: number,
): Promise<RateLimitDecision> {
  if (limit.max <= 0) return { allowed: true };
  const recent = await store.recentFromIp(ip, nowMs - limit.windowMs);
  if (recent.count < limit.max) return { allowed: true };
  const freedAt = (recent.oldestAt ?? nowMs) + limit.windowMs;
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - nowMs) / 1000)) };
}
