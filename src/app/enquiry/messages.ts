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
 * Not in SPEC §8. The spec's form relied on the browser's own "required" bubble for empty
 * names; with `noValidate` these take its place, checked first as the browser did (form
 * order). A name of only spaces or invisible characters counts as empty, as the API says.
 * The message needs one only for what the API refuses and a textarea lets through (pasted
 * control characters).
 */
export const FORM_ONLY_ALERTS = {
  firstName: "Please enter your first name.",
  lastName: "Please enter your last name.",
  message: "Please remove the special characters from your message.",
} as const;
