import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "../../../../src/app/enquiry/new-idempotency-key.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newIdempotencyKey", () => {
  it.each([
    ["all zero bytes", 0x00, "00000000-0000-4000-8000-000000000000"],
    ["all 0xff bytes", 0xff, "ffffffff-ffff-4fff-bfff-ffffffffffff"],
  ])("sets the version and variant bits on %s", (_name, byte, key) => {
    expect(newIdempotencyKey((bytes) => bytes.fill(byte))).toBe(key);
  });

  it("makes a different UUID v4 each time from the real random source", () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
