import { describe, expect, it } from "vitest";
import { absoluteUrl, canonicalUrl } from "../../../src/shared/canonical-url.ts";

const SITE = "https://www.nexa.example";

describe("the canonical-URL rule", () => {
  it.each([
    ["home", "/", "/", "https://www.nexa.example/"],
    ["a page", "/courses/explore", "/courses/explore", "https://www.nexa.example/courses/explore"],
    ["an alias points at its page", "/connect", "/about-us/connect", "https://www.nexa.example/about-us/connect"],
    ["the not-found page keeps the address asked for", "/no-such-page", null, "https://www.nexa.example/no-such-page"],
  ])("%s: %s → %s", (_name, address, route, expected) => {
    expect(canonicalUrl(SITE, address, route)).toBe(expected);
  });

  it.each([
    ["the home page", "/", "https://www.nexa.example/"],
    ["a picture", "/assets/brand/logo.svg", "https://www.nexa.example/assets/brand/logo.svg"],
  ])("absoluteUrl of %s", (_name, path, expected) => {
    expect(absoluteUrl(SITE, path)).toBe(expected);
  });
});
