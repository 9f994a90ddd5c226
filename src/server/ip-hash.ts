import { createHmac, randomBytes } from "node:crypto";

/** A keyed hash of an IP address: enough to count requests per client, not to recover the address. */
export function hashIp(ip: string, key: string): string {
  return createHmac("sha256", key).update(ip).digest("hex");
}

export function newIpHashKey(): string {
  return randomBytes(32).toString("hex");
}
