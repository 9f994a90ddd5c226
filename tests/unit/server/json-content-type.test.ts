import { describe, expect, it } from "vitest";
import { isJsonUtf8 } from "../../../src/server/json-content-type.ts";

describe("isJsonUtf8", () => {
  it.each([
    ["application/json", true],
    ["Application/JSON", true],
    ["application/json; charset=utf-8", true],
    ['application/json;charset="UTF-8"', true],
    ["application/json; charset=utf8", true],
    ["application/json;charset=utf-8", true],
    ["application/json;charset=UTF-8", true],
    ["application/json; charset=utf-8; charset=latin1", false],
    ["application/json; charset=utf-16", false],
    ["application/json; charset=iso-8859-1", false],
    ["application/json-patch+json", false],
    ["text/plain", false],
    ["", false],
    [undefined, false],
  ])("%j → %s", (header, expected) => {
    expect(isJsonUtf8(header)).toBe(expected);
  });
});
