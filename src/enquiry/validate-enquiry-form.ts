import { OTHER_CODE, type EnquiryFormData, type FieldProblem } from "./form-state.ts";
import { ENQUIRY_ALERTS, MISSING_NAME_ALERTS } from "./messages.ts";

interface Rule extends FieldProblem {
  passes(data: EnquiryFormData): boolean;
}

// SPEC §5: "text, an @, text, a dot, text".
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISD_CODE = /^\+\d{1,4}$/;
const PHONE_NUMBER = /^\d{10}$/;

/** The checks in the order they run on submit: the names first (form order), then SPEC §5's four, in its order. */
export const ENQUIRY_RULES: readonly Rule[] = [
  { field: "firstName", message: MISSING_NAME_ALERTS.firstName, passes: (d) => d.firstName.trim() !== "" },
  { field: "lastName", message: MISSING_NAME_ALERTS.lastName, passes: (d) => d.lastName.trim() !== "" },
  { field: "email", message: ENQUIRY_ALERTS.invalidEmail, passes: (d) => EMAIL.test(d.email.trim()) },
  { field: "customIsdCode", message: ENQUIRY_ALERTS.invalidIsdCode, passes: (d) => d.countryCode !== OTHER_CODE || ISD_CODE.test(d.customIsdCode) },
  { field: "phoneNumber", message: ENQUIRY_ALERTS.invalidPhone, passes: (d) => PHONE_NUMBER.test(d.phoneNumber) },
  { field: "subject", message: ENQUIRY_ALERTS.noSubject, passes: (d) => d.subject !== "" },
];

/** The first failing check, or null when the form may be sent. */
export function validateEnquiryForm(data: EnquiryFormData): FieldProblem | null {
  const failed = ENQUIRY_RULES.find((rule) => !rule.passes(data));
  return failed ? { field: failed.field, message: failed.message } : null;
}
