import { createHmac, randomBytes } from "node:crypto";

/** A keyed hash of an IP address: enough to count requests per client, not to recover the address. */
export function hashIp(ip: string, key: string): string {
  return createHmac("sha256", key).update(ip).digest("hex");
}

/** Addresses whose hash a store keeps at hand; past this many the memory starts afresh. */
export const IP_HASH_CACHE_SIZE = 4096;

/**
 * hashIp with one key, remembering recent addresses: a visitor's requests, and everything
 * behind one proxy, come from few addresses, and an HMAC per request costs more than the rest
 * of the store's work on the request thread. Holds only addresses the server saw anyway, in
 * memory, never logged; bounded, so a flood of addresses cannot grow it.
 */
export function ipHasher(key: string, size = IP_HASH_CACHE_SIZE): (ip: string) => string {
  let known = new Map<string, string>();
  return (ip) => {
    let hash = known.get(ip);
    if (hash === undefined) {
      hash = hashIp(ip, key);
      if (known.size >= size) known = new Map();
      known.set(ip, hash);
    }
    return hash;
  };
}

export function newIpHashKey(): string {
  return randomBytes(32).toString("hex");
}
