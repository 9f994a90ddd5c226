import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { EnquiryForm } from "../../../../src/app/blocks/EnquiryForm.tsx";
import { SiteRouter } from "../../../../src/app/lib/location.tsx";
import type { BlockOf } from "../../../../src/app/blocks/types.ts";
import type { Page } from "../../../../src/shared/generated/schema-types.ts";
import { escapeHtml } from "../../../../src/shared/html.ts";
import enquirySchema from "../../../../schema/enquiry.schema.json" with { type: "json" };
import { PROJECT } from "../../fixture-site.ts";

// The real page, so the test checks what visitors get, not a copy of it.
const page = parse(readFileSync(join(PROJECT, "site/about-us/connect.yaml"), "utf8")) as Page;
const block = page.sections.find((section): section is BlockOf<"enquiryForm"> => section.type === "enquiryForm")!;
const html = renderToString(
  <SiteRouter ssrPath="/connect">
    <EnquiryForm {...block} />
  </SiteRouter>,
);

// SPEC §9.2: value, and the shown label where it differs.
const SUBJECTS: [value: string, label: string][] = [
  ["Services for clients", "Services for clients"],
  ["Course enquiry", "Course enquiry"],
  ["Project Collaboration (For other companies)", "Project Collaboration (For other companies)"],
  ["Special Live AI Courses", "Job Guarantee Course enquiry"],
  ["Internship enquiry short", "Short Term Internships enquiry"],
  ["Internship enquiry long", "Long Term Internships enquiry"],
  ["Our product Services", "Our product Services"],
  ["Outsourcing", "Outsourcing"],
  ["Helping Startup", "Helping Startup"],
  ["Career opportunities", "Career opportunities"],
  ["Media inquiries", "Media inquiries"],
  ["Sponsorships", "Sponsorships"],
];

/** The <option>s of the <select name="…">, in order. */
function optionsOf(name: string): { value: string; label: string; disabled: boolean }[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option([^>]*)>(.*?)<\/option>/g)].map(([, attrs = "", label = ""]) => ({
    value: /value="([^"]*)"/.exec(attrs)?.[1] ?? "",
    label,
    disabled: /\sdisabled=""/.test(attrs),
  }));
}

/** The opening tag of the control named `name`. */
function controlTag(name: string): string {
  return new RegExp(`<(input|select|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? "";
}

describe("EnquiryForm on /connect (site/about-us/connect.yaml)", () => {
  it("the heading is the page's h1: Connect With Us, with the intro paragraph", () => {
    expect(html).toMatch(/<h1[^>]*>Connect With Us<\/h1>/);
    expect(html).toContain("Tell us what you are working on.");
  });

  it("draws the full-screen background picture as decoration", () => {
    expect(html).toMatch(/<img src="\/connect\/background.svg" alt="" width="1920" height="1080"/);
  });

  it("offers the 12 subjects of SPEC §9.2 with their exact values and labels, after a disabled placeholder", () => {
    const [placeholder, ...subjects] = optionsOf("subject");
    expect(placeholder).toEqual({ value: "", label: "Select a subject", disabled: true });
    expect(subjects.map(({ value, label }) => [value, label])).toEqual(SUBJECTS.map(([value, label]) => [escapeHtml(value), escapeHtml(label)]));
    expect(subjects.every((s) => !s.disabled)).toBe(true);
  });

  it("starts with the placeholder subject and +91 selected", () => {
    expect(html).toMatch(/<option value="" disabled="" selected="">Select a subject<\/option>/);
    // The empty first option is what HTML asks of a required select; it is hidden and disabled, never a choice.
    expect(optionsOf("countryCode").map(({ value, label, disabled }) => [value, label, disabled])).toEqual([
      ["", "Country code", true],
      ["+91", "+91 (India)", false],
      ["other", "Other", false],
    ]);
    expect(html).toMatch(/<option value="" disabled="" hidden="">Country code<\/option><option value="\+91" selected="">/);
  });

  it.each([
    ["firstName", "First name", /type="text"[^>]*required=""/],
    ["lastName", "Last name", /type="text"[^>]*required=""/],
    ["email", "Email", /type="email"[^>]*required=""/],
    ["countryCode", "Country code", /required=""/],
    ["phoneNumber", "Phone number", /type="text" inputMode="numeric" autoComplete="tel-national" required="" maxLength="10"/],
    ["subject", "Subject", /required=""/],
    ["message", "Message (optional)", /rows="5"/],
  ])("%s has the visible label %j and its attributes", (name, label, attributes) => {
    const tag = controlTag(name);
    expect(tag).toMatch(attributes);
    const id = /id="([^"]+)"/.exec(tag)?.[1];
    expect(html).toContain(`<label for="${id}" class=`);
    expect(html).toMatch(new RegExp(`<label for="${id}"[^>]*>${escapeHtml(label).replace(/[()+]/g, "\\$&")}</label>`));
  });

  it.each([
    ["firstName", "first_name"],
    ["lastName", "last_name"],
    ["email", "email"],
    ["message", "message"],
  ] as const)("%s takes at most the schema's maxLength for %s", (name, property) => {
    expect(controlTag(name)).toContain(`maxLength="${enquirySchema.properties[property].maxLength}"`);
  });

  it("ends with the one-line privacy notice under the button, linking to /legal-privacy, and no new field", () => {
    expect(html).toMatch(
      /<\/button><p class="[^"]+">We use these details only to answer your enquiry and keep them for two years; our <a href="\/legal-privacy"[^>]*>privacy policy<\/a> says how to see or erase them and whom to contact\.<\/p><\/form>/,
    );
    expect([...html.matchAll(/<(?:input|select|textarea)[^>]*name="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "nx_check", // the honeypot, hidden from people and from assistive technology: not a field a visitor fills
      "firstName",
      "lastName",
      "email",
      "countryCode",
      "phoneNumber",
      "subject",
      "message",
    ]);
  });

  // People, screen readers, keyboards and password managers never meet it: only a bot that fills every input does.
  it("hides the honeypot from people, the tab order, the accessibility tree and password managers", () => {
    const wrapper = /<div class="([^"]+)" aria-hidden="true"><label for="[^"]+">Leave this empty<\/label>(<input[^>]*>)<\/div>/.exec(html);
    expect(wrapper?.[2]).toBe(controlTag("nx_check"));
    expect(wrapper?.[1]).toMatch(/honeypot/);
    const attributes = Object.fromEntries([...controlTag("nx_check").matchAll(/\s([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]]));
    // HTML's attribute names are case-insensitive (React writes autoComplete and tabIndex).
    expect(attributes).toEqual({
      id: expect.stringMatching(/nx_check$/),
      name: "nx_check",
      type: "text",
      tabindex: "-1",
      autocomplete: "off",
      value: "",
      "data-1p-ignore": "",
      "data-lpignore": "true",
      "data-bwignore": "",
      "data-form-type": "other",
    });
  });

  it("the message is the only optional field", () => {
    expect(controlTag("message")).not.toContain("required");
  });

  it("the custom ISD field appears only once other is chosen", () => {
    expect(controlTag("customIsdCode")).toBe("");
  });

  it("uses the form's own checks (noValidate), with no problem shown at first", () => {
    expect(html).toMatch(/<form[^>]*novalidate=""/i);
    expect(html).not.toContain("aria-invalid");
  });

  it("prerenders the button disabled, so nothing is sent before the page is interactive", () => {
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Submit<\/button>/);
  });
});
