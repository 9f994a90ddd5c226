import type { EnquiryFormData } from "../../../../src/app/enquiry/form-state.ts";

/** A form that passes every check; tests change one field at a time. Frozen so no test can alter it. */
export const VALID_FORM: Readonly<EnquiryFormData> = Object.freeze({
  firstName: "Asha",
  lastName: "Verma",
  email: "asha.verma@example.com",
  countryCode: "+91",
  phoneNumber: "9876543210",
  subject: "Course enquiry",
  message: "About the next GATE batch.",
  customIsdCode: "",
});
