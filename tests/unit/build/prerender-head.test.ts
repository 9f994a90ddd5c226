import { describe, expect, it } from "vitest";
import { headersFile, hoistPreloads } from "../../../src/build/prerender.ts";

describe("prerender: what goes in <head> and in dist/_headers", () => {
  it("moves React's leading image preloads out of the markup, and nothing else", () => {
    const html =
      '<link rel="preload" as="image" href="/a.svg" fetchPriority="high"/><link rel="preload" as="image" href="/b.jpg"/><a href="#main">Skip</a><link rel="preload" as="image" href="/late.svg"/>';
    expect(hoistPreloads(html)).toEqual({
      preloads: ['<link rel="preload" as="image" href="/a.svg" fetchPriority="high" />', '<link rel="preload" as="image" href="/b.jpg" />'],
      body: '<a href="#main">Skip</a><link rel="preload" as="image" href="/late.svg"/>',
    });
    expect(hoistPreloads("<main></main>")).toEqual({ preloads: [], body: "<main></main>" });
  });

  it("writes the server's headers for every path, with HSTS, and lets pages reach the API base's origin", () => {
    const file = headersFile("https://api.nexa.example/v1/");
    expect(file).toContain("\n/*\n  Content-Security-Policy: default-src 'self'; script-src 'self'; style-src 'self';");
    expect(file).toContain("connect-src 'self' https://api.nexa.example;");
    expect(file).toContain("\n  Strict-Transport-Security: max-age=31536000; includeSubDomains\n");
    expect(file).toContain("\n  X-Content-Type-Options: nosniff\n");
    expect(file).toContain("\n/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n");
    expect(headersFile(undefined)).toContain("connect-src 'self';");
  });
});
