import ipaddr from "ipaddr.js";
import { boundedMemo } from "./bounded-memo.ts";

/** An address as the rate limit counts it (clientNetwork), worked out each time. */
function networkOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === "ipv4") return address.toString();
  const parts = (address as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(":")}::/64`;
}

/** Addresses whose network is kept at hand: parsing one costs microseconds on every enquiry. */
const NETWORK_CACHE_SIZE = 4096;

/**
 * What the rate limit counts as one client: an IPv4 address, or the /64 network of an IPv6
 * address. One home or phone connection is given a whole /64 (RFC 6177) and can pick any of
 * its 2^64 addresses, so counting single IPv6 addresses would be no limit at all. An IPv4
 * address written as IPv6 (`::ffff:192.0.2.1`, a dual-stack socket) counts as the IPv4 one.
 * Text that is not an address (a test's placeholder) is counted as it is.
 */
export const clientNetwork: (ip: string) => string = boundedMemo(networkOf, NETWORK_CACHE_SIZE);
