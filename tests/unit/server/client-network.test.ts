import { describe, expect, it } from "vitest";
import { clientNetwork } from "../../../src/server/client-network.ts";

describe("clientNetwork: what the rate limit counts as one client", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0db8:0001:0002:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"],
    ["2001:db8:1:3::1", "2001:db8:1:3::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["not-an-address", "not-an-address"],
  ])("%s counts as %s, the first time and again", (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
    expect(clientNetwork(ip)).toBe(network);
  });
});
