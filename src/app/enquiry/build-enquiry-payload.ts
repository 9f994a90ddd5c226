import type { Enquiry } from "../../shared/generated/schema-types.ts";
import { OTHER_CODE, type EnquiryFormData } from "./form-state.ts";

/** The chosen ISD code joined to the number: "+91" and "9876543210" make "+919876543210". */
export function phoneOf(data: EnquiryFormData): string {
  return (data.countryCode === OTHER_CODE ? data.customIsdCode : data.countryCode) + data.phoneNumber;
}

/** The body of POST /api/v1/enquiries/ (schema/enquiry.schema.json), from a form that passed validateEnquiryForm. */
export function buildEnquiryPayload(data: EnquiryFormData): Enquiry {
  return {
    first_name: data.firstName.trim(),
    last_name: data.lastName.trim(),
    email: data.email.trim(),
    phone: phoneOf(data),
    subject: data.subject,
    message: data.message,
  };
}
