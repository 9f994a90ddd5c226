import { createHmac, randomBytes } from "node:crypto";
import { boundedMemo } from "./bounded-memo.ts";

/** A keyed hash of an IP address: enough to count requests per client, not to recover the address. */
export function hashIp(ip: string, key: string): string {
  return createHmac("sha256", key).update(ip).digest("hex");
}

/** Addresses whose hash a store keeps at hand; past this many the memory starts afresh. */
export const IP_HASH_CACHE_SIZE = 4096;

/** hashIp with one key, remembering recent addresses (an HMAC per request costs more than the rest of the store's work on the request thread). */
export function ipHasher(key: string, size = IP_HASH_CACHE_SIZE): (ip: string) => string {
  return boundedMemo((ip) => hashIp(ip, key), size);
}

export function newIpHashKey(): string {
  return randomBytes(32).toString("hex");
}
