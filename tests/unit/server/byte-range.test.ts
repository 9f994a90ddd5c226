import { describe, expect, it } from "vitest";
import { parseByteRange } from "../../../src/server/byte-range.ts";

describe("parseByteRange", () => {
  it.each([
    [undefined, undefined],
    ["bytes=0-9", { start: 0, end: 9 }],
    ["bytes=10-", { start: 10, end: 99 }],
    ["bytes=90-500", { start: 90, end: 99 }],
    ["bytes=-5", { start: 95, end: 99 }],
    ["bytes=-500", { start: 0, end: 99 }],
    ["bytes=100-", "unsatisfiable"],
    ["bytes=9-3", "unsatisfiable"],
    ["bytes=-0", "unsatisfiable"],
    ["bytes=0-1,5-6", undefined],
    ["items=0-9", undefined],
    ["bytes=-", undefined],
  ])("reads %j of a 100-byte file as %j", (header, range) => {
    expect(parseByteRange(header, 100)).toEqual(range);
  });
});
