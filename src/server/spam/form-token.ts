import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * The signed time trap: the server issues the form a token holding the time it was issued
 * and an id, signed with HMAC-SHA256. A submission that brings it back sooner than a person
 * can fill the form, or after a day, or without one, counts towards spam. The id is the same
 * as the proof-of-work challenge's, so the two are used up together (proof-of-work.ts).
 */

/** Sooner than this after the form got its token, no person has filled it in. */
export const FORM_TOKEN_MIN_AGE_MS = 3_000;
/** Later than this, the token is stale: a page left open overnight fetches a fresh one. */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A token dated this far ahead of the server's clock is forged (allows for instances' clocks differing). */
const FUTURE_SLACK_MS = 60_000;

export interface FormToken {
  issuedAtMs: number;
  id: string;
}

export type FormTokenCheck = { ok: true; token: FormToken } | { ok: false; reason: "token-missing" | "token-invalid" | "too-fast" | "token-expired" };

const TOKEN = /^(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(secret: string, issuedAtMs: number, id: string): Buffer {
  return createHmac("sha256", secret).update(`nexa-form-token\n${issuedAtMs}\n${id}`).digest();
}

/** A new token: `<issued at, epoch ms>.<id>.<signature>`, all URL-safe. */
export function issueFormToken(secret: string, nowMs: number): { value: string; token: FormToken } {
  const id = randomBytes(16).toString("base64url");
  const issuedAtMs = Math.floor(nowMs);
  return { value: `${issuedAtMs}.${id}.${signatureOf(secret, issuedAtMs, id).toString("base64url")}`, token: { issuedAtMs, id } };
}

/** Checks a token the form sent back: its signature, then its age. */
export function checkFormToken(value: unknown, secret: string, nowMs: number): FormTokenCheck {
  if (value === undefined || value === "") return { ok: false, reason: "token-missing" };
  const match = typeof value === "string" ? TOKEN.exec(value) : null;
  if (!match) return { ok: false, reason: "token-invalid" };
  const issuedAtMs = Number(match[1]);
  const id = match[2]!;
  const given = Buffer.from(match[3]!, "base64url");
  const expected = signatureOf(secret, issuedAtMs, id);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "token-invalid" };
  const age = nowMs - issuedAtMs;
  if (age < -FUTURE_SLACK_MS) return { ok: false, reason: "token-invalid" };
  if (age < FORM_TOKEN_MIN_AGE_MS) return { ok: false, reason: "too-fast" };
  if (age > FORM_TOKEN_MAX_AGE_MS) return { ok: false, reason: "token-expired" };
  return { ok: true, token: { issuedAtMs, id } };
}
