import { describe, expect, it } from "vitest";
import { buildEnquiryPayload } from "../../../../src/app/enquiry/build-enquiry-payload.ts";
import type { EnquiryFormData } from "../../../../src/app/enquiry/form-state.ts";
import { VALID_FORM } from "./fixtures.ts";

const PHONES: { name: string; change: Partial<EnquiryFormData>; phone: string }[] = [
  { name: "+91 joined to the number", change: {}, phone: "+919876543210" },
  { name: "the custom ISD code when other is chosen", change: { countryCode: "other", customIsdCode: "+61" }, phone: "+619876543210" },
  { name: "a 4-digit custom ISD code", change: { countryCode: "other", customIsdCode: "+1268" }, phone: "+12689876543210" },
  { name: "+91 even when a custom ISD code was typed before", change: { countryCode: "+91", customIsdCode: "+61" }, phone: "+919876543210" },
];

describe("buildEnquiryPayload", () => {
  it("maps the form to the API's snake_case fields", () => {
    expect(buildEnquiryPayload(VALID_FORM)).toEqual({
      first_name: "Asha",
      last_name: "Verma",
      email: "asha.verma@example.com",
      phone: "+919876543210",
      subject: "Course enquiry",
      message: "About the next GATE batch.",
    });
  });

  it.each(PHONES)("phone: $name → $phone", ({ change, phone }) => {
    expect(buildEnquiryPayload({ ...VALID_FORM, ...change }).phone).toBe(phone);
  });

  it("sends an empty message as an empty string, and trims names and email", () => {
    const payload = buildEnquiryPayload({ ...VALID_FORM, firstName: " Asha ", lastName: "Verma ", email: " asha@example.com", message: "" });
    expect(payload).toMatchObject({ first_name: "Asha", last_name: "Verma", email: "asha@example.com", message: "" });
  });

  it("sends the subject's value, not its label", () => {
    expect(buildEnquiryPayload({ ...VALID_FORM, subject: "Special Live AI Courses" }).subject).toBe("Special Live AI Courses");
  });
});
