import { describe, expect, it } from "vitest";
import { inlineLinks, parseInline, plainText } from "../../../src/shared/inline-markup.ts";

describe("inline markup", () => {
  it.each([
    ["plain", [{ kind: "text", text: "plain" }]],
    [
      "a **bold** word",
      [
        { kind: "text", text: "a " },
        { kind: "strong", text: "bold" },
        { kind: "text", text: " word" },
      ],
    ],
    [
      "an *emphasised* word",
      [
        { kind: "text", text: "an " },
        { kind: "em", text: "emphasised" },
        { kind: "text", text: " word" },
      ],
    ],
    [
      "an _emphasised_ word",
      [
        { kind: "text", text: "an " },
        { kind: "em", text: "emphasised" },
        { kind: "text", text: " word" },
      ],
    ],
    ["snake_case_name stays", [{ kind: "text", text: "snake_case_name stays" }]],
    [
      "see [us](/connect).",
      [
        { kind: "text", text: "see " },
        { kind: "link", text: "us", to: "/connect" },
        { kind: "text", text: "." },
      ],
    ],
    ["<b>not html</b>", [{ kind: "text", text: "<b>not html</b>" }]],
  ])("%s", (source, tokens) => expect(parseInline(source)).toEqual(tokens));

  it("lists link targets and strips markup", () => {
    expect(inlineLinks("[a](/x) and [b](https://example.com)")).toEqual(["/x", "https://example.com"]);
    expect(plainText("**Bold** and [link](/x)")).toBe("Bold and link");
  });
});
