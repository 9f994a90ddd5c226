import { describe, expect, it } from "vitest";
import { timeOrderedId } from "../../../src/server/time-ordered-id.mjs";

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const T0 = Date.parse("2026-11-28T09:00:00.000Z");

/** The time an id carries: its first 48 bits. */
const msOf = (id: string) => parseInt(id.replace(/-/g, "").slice(0, 12), 16);

describe("timeOrderedId", () => {
  it("is a UUID v7 carrying the given time in its first 48 bits", () => {
    const id = timeOrderedId(T0);
    expect(id).toMatch(UUID_V7);
    expect(msOf(id)).toBe(T0);
    expect(new Date(msOf(timeOrderedId(0))).toISOString()).toBe("1970-01-01T00:00:00.000Z");
  });

  it("sorts by time, as text, so an index on it grows at its end", () => {
    const ids = [T0 + 1, T0, T0 + 86_400_000, T0 + 2].map((ms) => timeOrderedId(ms));
    expect([...ids].sort()).toEqual([ids[1], ids[0], ids[3], ids[2]]);
  });

  it("draws fresh random bits for every id, past the end of its pool", () => {
    // The pool holds 256 ids' worth of bytes: 1,000 ids refill it three times.
    const ids = Array.from({ length: 1000 }, () => timeOrderedId(T0));
    expect(new Set(ids).size).toBe(1000);
    const tails = new Set(ids.map((id) => id.slice(14)));
    expect(tails.size).toBe(1000);
  });
});
