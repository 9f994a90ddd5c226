import { describe, expect, it } from "vitest";
import { boundedMemo } from "../../../src/server/bounded-memo.ts";

describe("boundedMemo", () => {
  it("works a key out once while it is remembered, and again after the memory started afresh", () => {
    const asked: string[] = [];
    const upper = boundedMemo((key) => (asked.push(key), key.toUpperCase()), 2);
    expect(["a", "b", "a", "b"].map(upper)).toEqual(["A", "B", "A", "B"]);
    expect(asked).toEqual(["a", "b"]);
    // A third key fills the memory: it starts afresh with that key alone.
    expect(upper("c")).toBe("C");
    expect(upper("a")).toBe("A");
    expect(asked).toEqual(["a", "b", "c", "a"]);
  });
});
