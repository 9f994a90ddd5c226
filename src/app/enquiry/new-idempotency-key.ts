type FillRandom = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;

/**
 * A random UUID v4 for the Idempotency-Key header. Built on getRandomValues, which (unlike
 * crypto.randomUUID) also exists on pages served over plain http.
 */
export function newIdempotencyKey(fillRandom: FillRandom = (bytes) => crypto.getRandomValues(bytes)): string {
  const bytes = fillRandom(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
