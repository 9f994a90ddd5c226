import { describe, expect, it } from "vitest";
import { countLinks, unreadLetters } from "../../../src/server/spam/content-rules.ts";

// countLinks tests a cheap pattern first and unreadLetters is one character class: each row
// here is what the full expressions they stand for find, so a shortcut that misses a shape
// (or a case fold) fails its row.
const LINK_ROWS: [string, string, number][] = [
  ["a plain enquiry", "Course enquiry\nPlease call me about the AI course.", 0],
  ["an http URL", "see http://example.com", 1],
  ["an https URL in capitals", "SEE HTTPS://EXAMPLE.COM", 1],
  ["a long s, which Unicode case folding makes an s", "httpſ://example.com", 1],
  ["a bare www host", "visit www.promo.example today", 1],
  ["a www host in capitals", "WWW.PROMO.EXAMPLE", 1],
  ["BBCode with a target", "[url=http://a.example]x[/url]", 2],
  ["BBCode without one", "[URL]a.example[/URL]", 1],
  ["an HTML anchor", '<a class="x" href="//a.example">x</a>', 1],
  ["an anchor in capitals", "<A HREF=x>", 1],
  ["three URLs", "http://a.example https://b.example www.c.example", 3],
  ["words that only look like the start", "www dot example, a url, <abbr>, https without a colon", 0],
  ["a URL glued to a word is not at a word start", "xhttp://a.example", 0],
  ["an empty text", "", 0],
];

const UNREAD_ROWS: [string, string, boolean][] = [
  ["English", "Hello, I would like the AI course.", false],
  ["Latin letters with accents", "Zoë Ünïcödé Ñandú", false],
  ["Hindi", "नमस्ते, मुझे कोर्स चाहिए", false],
  ["digits, punctuation and symbols only", "+91 98765 43210 — 100% ✓", false],
  ["Cyrillic", "Привет", true],
  ["one Greek letter among Latin", "Hello λ", true],
  ["Japanese", "日本語", true],
  ["an empty text", "", false],
];

describe("content rules", () => {
  it.each(LINK_ROWS)("countLinks: %s", (_name, text, links) => {
    expect(countLinks(text)).toBe(links);
  });

  const unread = unreadLetters(["Latin", "Devanagari"]);
  it.each(UNREAD_ROWS)("unreadLetters (Latin, Devanagari): %s", (_name, text, found) => {
    expect(unread.test(text)).toBe(found);
  });

  it("unreadLetters with Latin alone finds Hindi", () => {
    expect(unreadLetters(["Latin"]).test("नमस्ते")).toBe(true);
    expect(unreadLetters(["Latin"]).test("Hello")).toBe(false);
  });
});
