// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { deliveryConfigFromEnv } from "../../../src/server/delivery/config.ts";
import { enquiryEmail } from "../../../src/server/delivery/email-message.ts";
import type { StoredEnquiry } from "../../../src/server/store.ts";
import { escapeHtml } from "../../../src/shared/html.ts";

/**
 * The email's HTML part escapes what the visitor typed with the project's one escaper
 * (src/shared/html.ts), which replaced the escape-html package there. Both wrote &, ", < and >
 * as the same entities; escape-html also wrote ' as &#39;, which only a single-quoted attribute
 * needs, and the email puts visitor text only in element content. So the email reads the same:
 * every field, parsed back by an HTML parser, is exactly the text typed.
 */

const email = deliveryConfigFromEnv({
  ENQUIRY_NOTIFY_SMTP_URL: "smtp://127.0.0.1:2525",
  ENQUIRY_NOTIFY_TO: "sales@nexa.example",
  ENQUIRY_NOTIFY_FROM: "Nexa website <noreply@nexa.example>",
}).email!;

// Written out rather than helpers.ts's VALID_ENQUIRY: helpers.ts opens stores, which read files by
// import.meta.url, and this file runs in jsdom for its HTML parser.
const enquiry = (fields: Partial<StoredEnquiry>): StoredEnquiry => ({
  first_name: "Asha",
  last_name: "Verma",
  email: "asha.verma@example.com",
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "I would like to know about the next GATE batch.",
  id: 7,
  session_id: "5a0c2f6e-1d3b-4c8e-9f27-3b1e8d4a6c90",
  created_at: "2026-11-24T09:30:00.000Z",
  ...fields,
});

/** The HTML part's table, as the text of each row's cell by its label, and the message paragraph's text. */
function shown(html: string): { cells: Record<string, string>; message: string } {
  const document = new DOMParser().parseFromString(html, "text/html");
  const cells = Object.fromEntries(
    [...document.querySelectorAll("tr")].map((row) => [row.querySelector("th")!.textContent, row.querySelector("td")!.textContent]),
  );
  const paragraph = [...document.querySelectorAll("p")].find((p) => p.querySelector("strong")?.textContent === "Message:")!;
  return { cells, message: paragraph.textContent!.replace(/^Message:\n/, "") };
}

describe("the enquiry email's HTML escaping", () => {
  it.each([
    ["&", "&amp;"],
    ["<", "&lt;"],
    [">", "&gt;"],
    ['"', "&quot;"],
    ["'", "'"],
    ["&amp;", "&amp;amp;"],
    ["plain text, é and 日本", "plain text, é and 日本"],
  ])("writes %j as %j", (typed, written) => {
    expect(escapeHtml(typed)).toBe(written);
  });

  it.each([
    ["an apostrophe", { last_name: "O'Brien", email: "o'brien&co+tag@example.com" }],
    ["markup", { first_name: '<img src=x onerror="alert(1)">', subject: "</td></tr></table><h1>big</h1>" }],
    ["entities typed as text", { first_name: "&amp; &lt;", subject: "&#39; &quot;" }],
    ["a message of several lines", { message: `<script>alert('x')</script>\n<a href="javascript:alert(1)">click</a>\nfine & "quoted"` }],
  ])("shows %s exactly as typed", (_, typed) => {
    const stored = enquiry(typed);
    const { cells, message } = shown(String(enquiryEmail(email, "d-1", stored).html));
    expect(cells).toEqual({
      Name: `${stored.first_name} ${stored.last_name}`,
      Email: stored.email,
      Phone: stored.phone,
      Subject: stored.subject,
      Received: "2026-11-24 09:30:00 UTC",
    });
    expect(message).toBe(stored.message);
  });
});
