import { describe, expect, it } from "vitest";
import { escapeHtml, jsonForHtml } from "../../../src/shared/html.ts";

describe("escapeHtml", () => {
  it.each([
    ["ampersand", "R&D", "R&amp;D"],
    ["double quote", 'say "hi"', "say &quot;hi&quot;"],
    ["less-than", "a<b", "a&lt;b"],
    ["greater-than", "a>b", "a&gt;b"],
    ["closing tag", "</title><script>", "&lt;/title&gt;&lt;script&gt;"],
    ["an entity stays text", "&amp;", "&amp;amp;"],
    ["single quote untouched (attributes are double-quoted)", "it's", "it's"],
    ["plain text untouched", "Nexa AI — courses", "Nexa AI — courses"],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe("jsonForHtml", () => {
  it.each([
    ["less-than", { t: "<" }, '{"t":"\\u003c"}'],
    ["greater-than", { t: ">" }, '{"t":"\\u003e"}'],
    ["ampersand", { t: "&" }, '{"t":"\\u0026"}'],
    ["line separator U+2028", { t: "\u2028" }, '{"t":"\\u2028"}'],
    ["paragraph separator U+2029", { t: "\u2029" }, '{"t":"\\u2029"}'],
    ["script end", { t: "</script>" }, '{"t":"\\u003c/script\\u003e"}'],
    ["comment start", ["<!--"], '["\\u003c!--"]'],
    ["plain JSON unchanged", { a: [1, "b"] }, '{"a":[1,"b"]}'],
  ])("%s", (_name, value, expected) => {
    expect(jsonForHtml(value)).toBe(expected);
  });

  it.each([
    ["every escaped character", { t: "<>&\u2028\u2029</script><!--" }],
    ["nested", { a: [{ b: "x&y" }], n: 1.5, z: null }],
  ])("JSON.parse gives back the value: %s", (_name, value) => {
    expect(JSON.parse(jsonForHtml(value))).toEqual(value);
  });

  it("leaves none of <, >, &, U+2028, U+2029 in its output", () => {
    expect(jsonForHtml({ t: "<>&\u2028\u2029" })).not.toMatch(/[<>&\u2028\u2029]/);
  });
});
