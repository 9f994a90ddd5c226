// The webhook signature (docs/notifications.md, "Checking the signature"):
//   X-Nexa-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
import { createHmac, timingSafeEqual } from "node:crypto";

export const SIGNATURE_HEADER = "x-nexa-signature";

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
}

/** The header value for this body, signed at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, rawBody: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

/**
 * What a receiver does: true when `header` signs `rawBody` with `secret` and its time is
 * within `toleranceSeconds` of `nowSeconds` (an old signature replayed is refused).
 */
export function verifySignature(secret: string, rawBody: string, header: string | undefined, nowSeconds: number, toleranceSeconds = 300): boolean {
  const fields = new Map((header ?? "").split(",").map((part) => part.trim().split("=", 2) as [string, string]));
  const t = Number(fields.get("t"));
  const v1 = fields.get("v1") ?? "";
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(v1)) return false;
  return timingSafeEqual(Buffer.from(v1, "hex"), Buffer.from(hmacHex(secret, t, rawBody), "hex"));
}
