import { buildEnquiryPayload } from "./build-enquiry-payload.ts";
import { validateEnquiry, type FieldErrors } from "../../shared/enquiry-contract.ts";
import { OTHER_CODE, type EnquiryFormData, type FieldProblem } from "./form-state.ts";
import { ENQUIRY_ALERTS, FORM_ONLY_ALERTS } from "./messages.ts";

interface Rule extends FieldProblem {
  /** `refused` is what the API would say about the payload this form makes, field by field. */
  passes(data: EnquiryFormData, refused: FieldErrors): boolean;
}

// SPEC §5 and §9.2: the two halves of the phone number the API receives joined (their inputs' limits are in form-state.ts).
const ISD_CODE = /^\+\d{1,4}$/;
const PHONE_NUMBER = /^\d{10}$/;

/**
 * The checks in the order they run on submit: the names first (form order), then SPEC §5's
 * four in its order, then the message. Every field is held to the API's own contract
 * (src/shared/enquiry-contract.ts), so whatever the API would refuse is refused here with
 * the field's alert: an email the API refuses gets "Please enter a valid email address."
 */
export const ENQUIRY_RULES: readonly Rule[] = [
  { field: "firstName", message: FORM_ONLY_ALERTS.firstName, passes: (_, refused) => refused.first_name === undefined },
  { field: "lastName", message: FORM_ONLY_ALERTS.lastName, passes: (_, refused) => refused.last_name === undefined },
  { field: "email", message: ENQUIRY_ALERTS.invalidEmail, passes: (_, refused) => refused.email === undefined },
  { field: "customIsdCode", message: ENQUIRY_ALERTS.invalidIsdCode, passes: (d) => d.countryCode !== OTHER_CODE || ISD_CODE.test(d.customIsdCode) },
  { field: "phoneNumber", message: ENQUIRY_ALERTS.invalidPhone, passes: (d, refused) => PHONE_NUMBER.test(d.phoneNumber) && refused.phone === undefined },
  { field: "subject", message: ENQUIRY_ALERTS.noSubject, passes: (_, refused) => refused.subject === undefined },
  { field: "message", message: FORM_ONLY_ALERTS.message, passes: (_, refused) => refused.message === undefined },
];

/** The first failing check, or null when the form may be sent. */
export function validateEnquiryForm(data: EnquiryFormData): FieldProblem | null {
  const verdict = validateEnquiry(buildEnquiryPayload(data));
  const refused = verdict.ok ? {} : verdict.fields;
  const failed = ENQUIRY_RULES.find((rule) => !rule.passes(data, refused));
  return failed ? { field: failed.field, message: failed.message } : null;
}
