import { describe, expect, it } from "vitest";
import type { EnquiryFormData } from "../../../../src/app/enquiry/form-state.ts";
import { ENQUIRY_ALERTS } from "../../../../src/app/enquiry/messages.ts";
import { ENQUIRY_RULES, validateEnquiryForm } from "../../../../src/app/enquiry/validate-enquiry-form.ts";
import { VALID_FORM } from "./fixtures.ts";

type Change = Partial<EnquiryFormData>;

const INVALID: { name: string; change: Change; field: keyof EnquiryFormData; message: string }[] = [
  { name: "an empty first name", change: { firstName: "" }, field: "firstName", message: "Please enter your first name." },
  { name: "a first name of spaces", change: { firstName: "   " }, field: "firstName", message: "Please enter your first name." },
  { name: "an empty last name", change: { lastName: "" }, field: "lastName", message: "Please enter your last name." },
  { name: "an empty email", change: { email: "" }, field: "email", message: "Please enter a valid email address." },
  { name: "an email without @", change: { email: "asha.example.com" }, field: "email", message: "Please enter a valid email address." },
  { name: "an email without a dot after @", change: { email: "asha@example" }, field: "email", message: "Please enter a valid email address." },
  { name: "an email with nothing after the dot", change: { email: "asha@example." }, field: "email", message: "Please enter a valid email address." },
  { name: "an email with nothing before @", change: { email: "@example.com" }, field: "email", message: "Please enter a valid email address." },
  { name: "an email with a space inside", change: { email: "asha verma@example.com" }, field: "email", message: "Please enter a valid email address." },
  { name: "an email with two @", change: { email: "asha@@example.com" }, field: "email", message: "Please enter a valid email address." },
  {
    name: "other with an ISD code without +",
    change: { countryCode: "other", customIsdCode: "61" },
    field: "customIsdCode",
    message: "Enter a valid ISD code (e.g. +61)",
  },
  {
    name: "other with an empty ISD code",
    change: { countryCode: "other", customIsdCode: "" },
    field: "customIsdCode",
    message: "Enter a valid ISD code (e.g. +61)",
  },
  { name: "other with + alone", change: { countryCode: "other", customIsdCode: "+" }, field: "customIsdCode", message: "Enter a valid ISD code (e.g. +61)" },
  {
    name: "other with 5 digits",
    change: { countryCode: "other", customIsdCode: "+12345" },
    field: "customIsdCode",
    message: "Enter a valid ISD code (e.g. +61)",
  },
  { name: "other with a letter", change: { countryCode: "other", customIsdCode: "+6a" }, field: "customIsdCode", message: "Enter a valid ISD code (e.g. +61)" },
  { name: "a 9-digit phone", change: { phoneNumber: "987654321" }, field: "phoneNumber", message: "Please enter a valid 10-digit phone number." },
  { name: "an 11-digit phone", change: { phoneNumber: "98765432101" }, field: "phoneNumber", message: "Please enter a valid 10-digit phone number." },
  { name: "a phone with a space", change: { phoneNumber: "98765 4321" }, field: "phoneNumber", message: "Please enter a valid 10-digit phone number." },
  { name: "a phone with its + code", change: { phoneNumber: "+919876543" }, field: "phoneNumber", message: "Please enter a valid 10-digit phone number." },
  { name: "an empty phone", change: { phoneNumber: "" }, field: "phoneNumber", message: "Please enter a valid 10-digit phone number." },
  { name: "no subject", change: { subject: "" }, field: "subject", message: "Please select a subject." },
  // Emails SPEC's simple pattern lets through but the API refuses: the form refuses them with the email alert.
  ...["asha@exa_mple.com", "ä@example.com", "a..b@example.com", "asha@example.com.", `${"a".repeat(65)}@example.com`, "asha@\ud800.com"].map((email) => ({
    name: `the email ${JSON.stringify(email)}`,
    change: { email },
    field: "email" as const,
    message: "Please enter a valid email address.",
  })),
  // Names that look empty: only invisible, format or filler characters count as no name at all.
  ...["\u200b", "\u3164", "\u200b\u200d\ufeff", " \u2060 ", "\u115f\u1160", "\u00ad", "\u2800"].map((firstName) => ({
    name: `a first name of ${JSON.stringify(firstName)}`,
    change: { firstName },
    field: "firstName" as const,
    message: "Please enter your first name.",
  })),
  { name: "a last name of a zero-width space", change: { lastName: "\u200b" }, field: "lastName", message: "Please enter your last name." },
  { name: "a subject of filler characters", change: { subject: "\u3164\u3164" }, field: "subject", message: "Please select a subject." },
  {
    name: "a message with a control character",
    change: { message: "Hello\u0007" },
    field: "message",
    message: "Please remove the special characters from your message.",
  },
];

const VALID: { name: string; change: Change }[] = [
  { name: "the valid form", change: {} },
  { name: "no message", change: { message: "" } },
  { name: "a short email", change: { email: "a@b.c" } },
  { name: "other with a 1-digit ISD code", change: { countryCode: "other", customIsdCode: "+1" } },
  { name: "other with a 4-digit ISD code", change: { countryCode: "other", customIsdCode: "+1234" } },
  { name: "a bad custom ISD code while +91 is chosen", change: { countryCode: "+91", customIsdCode: "61" } },
  { name: "names in other scripts", change: { firstName: "आशा", lastName: "Müller-O'Brien" } },
  { name: "a name with a zero-width joiner inside visible letters", change: { firstName: "क्\u200dष" } },
  { name: "an email with a plus and subdomains", change: { email: "asha+gate@mail.example.co.in" } },
  { name: "an email with spaces around it", change: { email: "  asha@example.com " } },
  { name: "a message over several lines", change: { message: "Line one\n\tLine two" } },
];

// Each row breaks several rules; the first in spec order wins.
const ORDER: { name: string; change: Change; field: keyof EnquiryFormData }[] = [
  { name: "everything empty", change: { firstName: "", lastName: "", email: "", phoneNumber: "", subject: "" }, field: "firstName" },
  { name: "names given, the rest empty", change: { email: "", countryCode: "other", customIsdCode: "", phoneNumber: "", subject: "" }, field: "email" },
  { name: "bad ISD, phone and subject", change: { countryCode: "other", customIsdCode: "61", phoneNumber: "123", subject: "" }, field: "customIsdCode" },
  { name: "bad phone and no subject", change: { phoneNumber: "123456789", subject: "" }, field: "phoneNumber" },
  { name: "bad email, phone and subject", change: { email: "x", phoneNumber: "1", subject: "" }, field: "email" },
  { name: "only the last name missing, bad email", change: { lastName: "", email: "x" }, field: "lastName" },
];

describe("validateEnquiryForm", () => {
  it.each(INVALID)("refuses $name: $message on $field", ({ change, field, message }) => {
    expect(validateEnquiryForm({ ...VALID_FORM, ...change })).toEqual({ field, message });
  });

  it.each(VALID)("accepts $name", ({ change }) => {
    expect(validateEnquiryForm({ ...VALID_FORM, ...change })).toBeNull();
  });

  it.each(ORDER)("with $name, reports $field first", ({ change, field }) => {
    expect(validateEnquiryForm({ ...VALID_FORM, ...change })?.field).toBe(field);
  });

  it("checks in the order: names, then SPEC §5's email, ISD code, phone, subject, then the message", () => {
    expect(ENQUIRY_RULES.map((rule) => rule.field)).toEqual(["firstName", "lastName", "email", "customIsdCode", "phoneNumber", "subject", "message"]);
  });
});

describe("the alert texts are SPEC §8's, word for word", () => {
  it.each([
    ["invalidEmail", "Please enter a valid email address."],
    ["invalidIsdCode", "Enter a valid ISD code (e.g. +61)"],
    ["invalidPhone", "Please enter a valid 10-digit phone number."],
    ["noSubject", "Please select a subject."],
    ["rejected", "There was a problem submitting the form. Please try again later."],
    ["networkError", "Something went wrong. Please try again."],
    ["thanks", "Thank you for reaching out! We\u2019ll get back to you soon."],
  ] as const)("%s is %j", (key, text) => {
    expect(ENQUIRY_ALERTS[key]).toBe(text);
  });

  it("the thank-you has a curly apostrophe (U+2019), not a straight one", () => {
    expect(ENQUIRY_ALERTS.thanks).toContain("We’ll");
    expect(ENQUIRY_ALERTS.thanks).not.toContain("'");
  });
});
