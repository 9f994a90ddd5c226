/**
 * The contact form's alert texts, word for word from SPEC §8. They are part of the
 * specification, not content, so they live here rather than in the page's YAML.
 */
export const ENQUIRY_ALERTS = {
  invalidEmail: "Please enter a valid email address.",
  invalidIsdCode: "Enter a valid ISD code (e.g. +61)",
  invalidPhone: "Please enter a valid 10-digit phone number.",
  noSubject: "Please select a subject.",
  rejected: "There was a problem submitting the form. Please try again later.",
  networkError: "Something went wrong. Please try again.",
  thanks: "Thank you for reaching out! We\u2019ll get back to you soon.",
} as const;

/**
 * Not in SPEC §8: the spec's form relied on the browser's own "required" bubble for empty
 * names. With `noValidate` these take its place, checked first as the browser did (form order).
 */
export const MISSING_NAME_ALERTS = {
  firstName: "Please enter your first name.",
  lastName: "Please enter your last name.",
} as const;
