import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import enquirySchema from "../../../schema/enquiry.schema.json" with { type: "json" };
import type { Enquiry, EnquiryFields } from "../../../src/server/enquiry.ts";
import { validateEnquiry } from "../../../src/server/enquiry-validator.ts";
import { VALID_ENQUIRY } from "./helpers.ts";

const ONE_FIELD_CASES: { field: string; value: unknown; message: string }[] = [
  { field: "first_name", value: "", message: "Enter your first name." },
  { field: "first_name", value: "   ", message: "Enter your first name." },
  { field: "first_name", value: 42, message: "First name must be text." },
  { field: "first_name", value: "\u200b", message: "Enter your first name." },
  { field: "first_name", value: "\u3164\u3164", message: "Enter your first name." },
  { field: "last_name", value: "\u200b\u200c\u2060\ufeff", message: "Enter your last name." },
  { field: "last_name", value: "\u115f\u1160\uffa0", message: "Enter your last name." },
  { field: "subject", value: "\u00ad\u2800", message: "Choose a subject." },
  { field: "email", value: "asha@exa_mple.com", message: "Enter a valid email address." },
  { field: "email", value: "ä@example.com", message: "Enter a valid email address." },
  { field: "email", value: "a..b@example.com", message: "Enter a valid email address." },
  { field: "email", value: "asha@example.com.", message: "Enter a valid email address." },
  { field: "first_name", value: "a".repeat(101), message: "First name must be at most 100 characters." },
  { field: "first_name", value: "Asha\u0000", message: "First name must not contain control characters." },
  { field: "last_name", value: "Ver\tma", message: "Last name must not contain control characters." },
  { field: "last_name", value: "Ver\nma", message: "Last name must not contain control characters." },
  { field: "email", value: "", message: "Enter your email address." },
  { field: "email", value: "asha.example.com", message: "Enter a valid email address." },
  { field: "email", value: "asha@", message: "Enter a valid email address." },
  { field: "email", value: `${"a".repeat(250)}@x.co`, message: "Email must be at most 254 characters." },
  { field: "phone", value: "", message: "Enter your phone number." },
  { field: "phone", value: "9876543210", message: "Enter the phone number as + country code and 10 digits." },
  { field: "phone", value: "+91987654", message: "Enter the phone number as + country code and 10 digits." },
  { field: "phone", value: "+91 9876543210", message: "Enter the phone number as + country code and 10 digits." },
  { field: "phone", value: "+123459876543210", message: "Enter the phone number as + country code and 10 digits." },
  { field: "phone", value: "+9198765432a0", message: "Enter the phone number as + country code and 10 digits." },
  { field: "subject", value: "", message: "Choose a subject." },
  { field: "subject", value: "s".repeat(121), message: "Subject must be at most 120 characters." },
  { field: "subject", value: "Course\u001b[31menquiry", message: "Subject must not contain control characters." },
  { field: "message", value: "m".repeat(5001), message: "Message must be at most 5000 characters." },
  { field: "message", value: "Hello\u0007", message: "Message must not contain control characters." },
  { field: "message", value: null, message: "Message must be text." },
  { field: "sender", value: "x", message: 'Unknown field "sender".' },
  { field: "fill_time_ms", value: -1, message: "Fill time must be at least 0." },
  { field: "fill_time_ms", value: 86_400_001, message: "Fill time must be at most 86400000." },
  { field: "fill_time_ms", value: 1500.5, message: "Fill time must be a whole number." },
  { field: "fill_time_ms", value: "4000", message: "Fill time must be a whole number." },
  { field: "fill_time_ms", value: null, message: "Fill time must be a whole number." },
  { field: "fill_actions", value: -1, message: "Fill actions must be at least 0." },
  { field: "fill_actions", value: 100_001, message: "Fill actions must be at most 100000." },
  { field: "fill_actions", value: 2.5, message: "Fill actions must be a whole number." },
  { field: "fill_actions", value: "12", message: "Fill actions must be a whole number." },
];

const ACCEPTED: { name: string; change: Partial<Record<keyof Enquiry, string | number>> }[] = [
  { name: "a 1-digit ISD code", change: { phone: "+19876543210" } },
  { name: "a 4-digit ISD code", change: { phone: "+12349876543210" } },
  { name: "a message with line breaks and tabs", change: { message: "Line one\n\tLine two" } },
  { name: "an empty message", change: { message: "" } },
  { name: "a subject that is not in today's list", change: { subject: "Something new" } },
  { name: "names in other scripts", change: { first_name: "आशा", last_name: "Müller-O'Brien" } },
  { name: "a name with invisible joiners between visible letters", change: { first_name: "क्\u200dष", last_name: "O\u200bBrien" } },
  { name: "a fill time of 0 (the form's when nothing was typed)", change: { fill_time_ms: 0 } },
  { name: "a fill time of a day, the most the form sends", change: { fill_time_ms: 86_400_000 } },
  { name: "no fill actions (a fill by assistive technology alone)", change: { fill_actions: 0 } },
  { name: "100000 fill actions, the most the form sends", change: { fill_actions: 100_000 } },
];

describe("validateEnquiry", () => {
  it.each(ONE_FIELD_CASES)("says $message for $field = $value", ({ field, value, message }) => {
    expect(validateEnquiry({ ...VALID_ENQUIRY, [field]: value })).toEqual({
      ok: false,
      error: "Some fields are missing or not valid.",
      fields: { [field]: message },
    });
  });

  it.each(["first_name", "last_name", "email", "phone", "subject"])("requires %s", (field) => {
    const input: Record<string, unknown> = { ...VALID_ENQUIRY };
    delete input[field];
    const result = validateEnquiry(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? {} : Object.keys(result.fields)).toEqual([field]);
  });

  it.each(ACCEPTED)("accepts $name", ({ change }) => {
    expect(validateEnquiry({ ...VALID_ENQUIRY, ...change }).ok).toBe(true);
  });

  it.each([[], "text", 3, null, true])("refuses a body that is not an object: %j", (body) => {
    expect(validateEnquiry(body)).toEqual({ ok: false, error: "The request body must be a JSON object.", fields: {} });
  });

  it("returns the trimmed enquiry and leaves the input alone", () => {
    const input = { ...VALID_ENQUIRY, email: " asha.verma@example.com\n" };
    expect(validateEnquiry(input)).toEqual({ ok: true, enquiry: VALID_ENQUIRY });
    expect(input.email).toBe(" asha.verma@example.com\n");
  });
});

describe("schema/enquiry.schema.json", () => {
  const properties = enquirySchema.properties as Record<string, Record<string, unknown>>;

  it("has the visitor's fields, all required but message, and the form's five optional spam defences", () => {
    const sample: Required<EnquiryFields> = { ...VALID_ENQUIRY };
    const defences: Required<Omit<Enquiry, keyof EnquiryFields>> = { form_token: "", altcha: "", fill_time_ms: 0, fill_actions: 0, nx_check: "" };
    expect(Object.keys(properties).sort()).toEqual([...Object.keys(sample), ...Object.keys(defences)].sort());
    expect([...enquirySchema.required].sort()).toEqual(
      Object.keys(sample)
        .filter((f) => f !== "message")
        .sort(),
    );
  });

  it("is draft-07 and closed", () => {
    expect(enquirySchema.$schema).toBe("http://json-schema.org/draft-07/schema#");
    expect(enquirySchema.additionalProperties).toBe(false);
  });

  const textFields = Object.keys(properties).filter((field) => properties[field]!.type === "string");

  it("has text fields and two numbers, the form's fill time and fill actions", () => {
    expect(Object.keys(properties).filter((field) => !textFields.includes(field))).toEqual(["fill_time_ms", "fill_actions"]);
  });

  it.each(textFields)("gives %s a title, a description and a maxLength", (field) => {
    expect(properties[field]).toMatchObject({
      title: expect.any(String),
      description: expect.any(String),
      maxLength: expect.any(Number),
    });
  });

  it("bounds the fill time: a whole number of milliseconds from 0 to a day", () => {
    expect(properties.fill_time_ms).toMatchObject({ title: "Fill time", description: expect.any(String), type: "integer", minimum: 0, maximum: 86_400_000 });
  });

  it("bounds the fill actions: a whole number from 0 to 100000", () => {
    expect(properties.fill_actions).toMatchObject({ title: "Fill actions", description: expect.any(String), type: "integer", minimum: 0, maximum: 100_000 });
  });
});

describe("src/server/enquiry-validator.ts", () => {
  // Follows the value imports (not `import type`) from the server's validator through the project's files.
  function runtimeImports(file: string, seen = new Set<string>()): Set<string> {
    if (seen.has(file)) return seen;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, specifier = ""] of source.matchAll(/^(?:import|export) (?!type )[^;]*?from "([^"]+)"/gms)) {
      seen.add(specifier);
      if (specifier.startsWith(".")) runtimeImports(join(dirname(file), specifier), seen);
    }
    return seen;
  }

  it("loads only the precompiled enquiry schema: no ajv, no page schemas", () => {
    const loaded = [...runtimeImports(fileURLToPath(new URL("../../../src/server/enquiry-validator.ts", import.meta.url)))];
    expect(loaded.some((path) => path.endsWith("src/shared/generated/enquiry-validator.ts"))).toBe(true);
    expect(loaded.filter((path) => /^ajv|src\/content\/|\.\.\/content\//.test(path))).toEqual([]);
  });
});
