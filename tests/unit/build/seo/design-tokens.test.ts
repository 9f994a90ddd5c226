import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CARD_COLOURS } from "../../../../src/build/seo/card-image.ts";
import { customProperties, readTokens, TOKENS_CSS } from "../../../../src/build/seo/design-tokens.ts";

const work = mkdtempSync(join(tmpdir(), "nexa-tokens-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("reading design tokens from a stylesheet", () => {
  it.each([
    ["one rule", ":root { --a: #00a3b8; --b: 4px }", { "--a": "#00a3b8", "--b": "4px" }],
    ["spaces and a last semicolon", ":root{\n  --a:  red ;\n}", { "--a": "red" }],
    [
      "a value with commas, quotes and a semicolon in a string",
      ':root { --font: "A;B", Arial, sans-serif; --c: 1 }',
      { "--font": '"A;B", Arial, sans-serif', "--c": "1" },
    ],
    [
      "a value with a function",
      ":root { --shadow: 0 1px 2px rgb(7 26 51 / 6%), 0 8px 24px rgb(7 26 51 / 8%) }",
      { "--shadow": "0 1px 2px rgb(7 26 51 / 6%), 0 8px 24px rgb(7 26 51 / 8%)" },
    ],
    ["comments, a commented-out token among them", "/* the tokens */\n:root { /* --x: 1; */ --a: 1; }", { "--a": "1" }],
    ["an override inside @media is not the token", ":root { --h: 4rem } @media (min-width: 769px) { :root { --h: 6rem } }", { "--h": "4rem" }],
    ["a later top-level rule wins", ":root { --a: 1 } :root { --a: 2 }", { "--a": "2" }],
    ["other selectors and plain properties are not tokens", "html { --a: 1; color: red } :root { color: red; --b: 2 }", { "--b": "2" }],
    ["statement at-rules before the rule", '@import "./media.css";\n@custom-media --phone (max-width: 768px);\n:root { --a: 1 }', { "--a": "1" }],
    ["no :root at all", "a { color: red }", {}],
  ])("%s", (_, css, tokens) => {
    expect(customProperties(css)).toEqual(tokens);
  });

  it("names the file and the token a stylesheet lacks", () => {
    const file = join(work, "tokens.css");
    writeFileSync(file, ":root { --color-navy-900: #071a33 }");
    expect(readTokens(["--color-navy-900"], file)).toEqual({ "--color-navy-900": "#071a33" });
    expect(() => readTokens(["--color-navy-900", "--color-accent"], file)).toThrow(
      `${file} declares no --color-accent in :root; the social cards are drawn with it`,
    );
  });
});

describe("the social card's colours", () => {
  it("are the site's tokens (src/app/styles/tokens.css)", () => {
    const tokens = customProperties(readFileSync(TOKENS_CSS, "utf8"));
    expect(CARD_COLOURS).toEqual({
      background: tokens["--color-navy-900"],
      line: tokens["--color-navy-700"],
      accent: tokens["--color-accent"],
      text: tokens["--color-on-navy"],
      muted: tokens["--color-on-navy-muted"],
    });
    expect(CARD_COLOURS).toEqual({ background: "#071a33", line: "#13335f", accent: "#00a3b8", text: "#ffffff", muted: "#c3d0e4" });
  });
});
