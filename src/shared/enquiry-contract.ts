import type { ErrorObject } from "ajv";
import { ENQUIRY_FIELDS } from "./generated/enquiry-fields.ts";
import { validateEnquirySchema } from "./generated/enquiry-validator.ts";
import type { Enquiry } from "./generated/schema-types.ts";

/**
 * The enquiry contract: what POST /api/v1/enquiries/ accepts. schema/enquiry.schema.json,
 * compiled ahead of time (src/shared/generated/enquiry-validator.ts), plus the two rules a JSON
 * Schema cannot say. The API answers with it and the contact form checks with it, so the
 * form never sends what the API would refuse.
 */

/** Field name → one plain-English message for the person who filled in the form. */
export type FieldErrors = Record<string, string>;

export type EnquiryValidation = { ok: true; enquiry: Enquiry } | { ok: false; error: string; fields: FieldErrors };

type FieldName = keyof typeof ENQUIRY_FIELDS;

const MISSING: Readonly<Record<string, string>> = {
  email: "Enter your email address.",
  first_name: "Enter your first name.",
  last_name: "Enter your last name.",
  phone: "Enter your phone number.",
  subject: "Choose a subject.",
};

const BAD_PATTERN: Readonly<Record<string, string>> = {
  phone: "Enter the phone number as + country code and 10 digits.",
};

// Lower rank wins when one field has several errors ("" fails minLength, the visible-text rule and format).
const KEYWORD_RANK: Readonly<Record<string, number>> = {
  required: 0,
  type: 1,
  minLength: 2,
  not: 2,
  maxLength: 3,
  minimum: 3,
  maximum: 3,
  format: 4,
  pattern: 5,
};

/** The message of a field's own pattern rule (its `allOf` in the schema), if `pattern` is one. */
function ruleMessage(field: string, pattern: unknown): string | undefined {
  const rules = field in ENQUIRY_FIELDS ? (ENQUIRY_FIELDS[field as FieldName] as { rules?: Record<string, string> }).rules : undefined;
  const title = typeof pattern === "string" ? rules?.[pattern] : undefined;
  return title === undefined ? undefined : `${labelOf(field)} ${title}.`;
}

function labelOf(field: string): string {
  return field in ENQUIRY_FIELDS ? ENQUIRY_FIELDS[field as FieldName].title : field;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// Browsers and clients differ on line endings; store one kind, and judge emptiness after trimming.
function normalizeValue(field: string, value: unknown): unknown {
  if (typeof value !== "string") return value;
  const trimmed = value.trim();
  return field === "message" ? trimmed.replace(/\r\n?/g, "\n") : trimmed;
}

/** Trims every string field and unifies line endings in the message; other values pass through. */
function normalizeEnquiryInput(body: unknown): unknown {
  if (!isPlainObject(body)) return body;
  const normalized: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(body)) normalized[field] = normalizeValue(field, value);
  return normalized;
}

function fieldOf(error: ErrorObject): string {
  if (error.keyword === "required") return String(error.params.missingProperty);
  if (error.keyword === "additionalProperties") return String(error.params.additionalProperty);
  return error.instancePath.split("/")[1] ?? "";
}

function messageFor(field: string, error: ErrorObject): string {
  const label = labelOf(field);
  switch (error.keyword) {
    case "additionalProperties":
      return `Unknown field "${field}".`;
    case "required":
    case "minLength":
    case "not": // the schema's "only invisible characters" rule: it looks empty, so it is missing
      return MISSING[field] ?? `Enter ${label.toLowerCase()}.`;
    case "maxLength":
      return `${label} must be at most ${String(error.params.limit)} characters.`;
    case "minimum":
      return `${label} must be at least ${String(error.params.limit)}.`;
    case "maximum":
      return `${label} must be at most ${String(error.params.limit)}.`;
    case "type":
      // Every visitor's field is text; the form's measured fill time is the one number.
      return error.params.type === "integer" ? `${label} must be a whole number.` : `${label} must be text.`;
    case "format":
      return "Enter a valid email address.";
    case "pattern":
      return ruleMessage(field, error.params.pattern) ?? BAD_PATTERN[field] ?? `${label} must not contain control characters.`;
    default:
      return `${label} is not valid.`;
  }
}

function rankOf(error: ErrorObject): number {
  return KEYWORD_RANK[error.keyword] ?? 9;
}

/** One message per field: the most basic problem first (missing before too long before badly formed). */
function fieldErrorsFrom(errors: readonly ErrorObject[]): FieldErrors {
  const best = new Map<string, ErrorObject>();
  for (const error of errors) {
    const field = fieldOf(error);
    const current = best.get(field);
    if (!current || rankOf(error) < rankOf(current)) best.set(field, error);
  }
  const fields: FieldErrors = {};
  for (const [field, error] of best) fields[field] = messageFor(field, error);
  return fields;
}

// A UTF-16 surrogate without its partner ("\ud800" in JSON) cannot be stored as UTF-8 text.
const LONE_SURROGATE = /\p{Cs}/u;

// RFC 5321 §4.5.3.1: at most 64 characters before the @, 63 per part of the domain.
function emailPartsFit(email: string): boolean {
  const at = email.lastIndexOf("@");
  return (
    at <= 64 &&
    email
      .slice(at + 1)
      .split(".")
      .every((label) => label.length <= 63)
  );
}

/** What the schema cannot say; only for fields the schema found no fault with. */
function furtherFieldErrors(input: Record<string, unknown>, fields: FieldErrors): FieldErrors {
  const found: FieldErrors = {};
  for (const [field, value] of Object.entries(input)) {
    if (fields[field] !== undefined || typeof value !== "string") continue;
    if (LONE_SURROGATE.test(value)) found[field] = `${labelOf(field)} contains characters that are not valid text.`;
    else if (field === "email" && !emailPartsFit(value)) found[field] = "Enter a valid email address.";
  }
  return found;
}

/** Validates a parsed JSON body against schema/enquiry.schema.json; unknown fields are errors. */
export function validateEnquiry(body: unknown): EnquiryValidation {
  if (!isPlainObject(body)) {
    return { ok: false, error: "The request body must be a JSON object.", fields: {} };
  }
  const input = normalizeEnquiryInput(body) as Record<string, unknown>;
  const schemaFields = validateEnquirySchema(input) ? {} : fieldErrorsFrom(validateEnquirySchema.errors ?? []);
  const fields = { ...schemaFields, ...furtherFieldErrors(input, schemaFields) };
  if (Object.keys(fields).length === 0) return { ok: true, enquiry: input as unknown as Enquiry };
  return { ok: false, error: "Some fields are missing or not valid.", fields };
}
