import { describe, expect, it } from "vitest";
import { hashIp, ipHasher } from "../../../src/server/ip-hash.ts";

const KEY = "k3y";

describe("ipHasher", () => {
  it.each(["127.0.0.1", "::1", "203.0.113.7"])("gives %s the same hash as hashIp with its key, first and again", (ip) => {
    const hashOf = ipHasher(KEY);
    expect(hashOf(ip)).toBe(hashIp(ip, KEY));
    expect(hashOf(ip)).toBe(hashIp(ip, KEY));
    expect(hashOf(ip)).not.toBe(hashIp(ip, "another key"));
  });

  it("stays right past its size, when it starts afresh", () => {
    const hashOf = ipHasher(KEY, 2);
    const ips = ["10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.1", "10.0.0.4", "10.0.0.2"];
    expect(ips.map(hashOf)).toEqual(ips.map((ip) => hashIp(ip, KEY)));
  });
});
