import standaloneCode from "ajv/dist/standalone/index.js";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { newAjv } from "../../src/content/ajv.ts";

/**
 * Writes src/shared/generated/enquiry-validator.ts: schema/enquiry.schema.json compiled by ajv into
 * plain code ahead of time, so the form (in the browser, under a CSP without 'unsafe-eval')
 * and the API run the very same checks, and neither compiles a schema at run time; and
 * src/shared/generated/enquiry-fields.ts, each field's title and length limit (or largest value), small enough for the
 * form to draw its inputs with while the validator loads later.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const ENQUIRY_SCHEMA_FILE = join(root, "schema/enquiry.schema.json");
export const ENQUIRY_VALIDATOR_FILE = join(root, "src/shared/generated/enquiry-validator.ts");
export const ENQUIRY_FIELDS_FILE = join(root, "src/shared/generated/enquiry-fields.ts");
const BANNER = "/* Generated from schema/enquiry.schema.json by `npm run gen:types`. Do not edit: change the schema and regenerate. */";

interface FieldSchema {
  title: string;
  maxLength?: number;
  /** A number field's largest value (the form clamps what it measures to it). */
  maximum?: number;
  /** Further rules of a field, each a pattern whose title words the message (the field's title, then it). */
  allOf?: { title: string; pattern: string }[];
}

// ajv's ESM output still loads its code-point counter with require(); this expression counts
// the same way (a surrogate pair is one character, a lone surrogate too) without CommonJS.
const UCS2LENGTH_REQUIRE = 'require("ajv/dist/runtime/ucs2length").default';
const UCS2LENGTH_INLINE = "((text) => { let count = 0; for (const _ of text) count++; return count; })";

/** The two generated files and their text. */
export function generateEnquiryModules(): { file: string; text: string }[] {
  const schema = JSON.parse(readFileSync(ENQUIRY_SCHEMA_FILE, "utf8")) as { properties: Record<string, FieldSchema> };
  // messages and verbose off: the API words its own messages from keyword and params, and the browser bundle stays small.
  const ajv = newAjv({ source: true, esm: true, messages: false, verbose: false });
  const source = standaloneCode(ajv, ajv.compile(schema))
    .replace('"use strict";export const validate = validate10;export default validate10;', "")
    .replace(UCS2LENGTH_REQUIRE, UCS2LENGTH_INLINE);
  if (source.includes("require(") || source.includes("export "))
    throw new Error("ajv's standalone output changed shape: update tools/codegen/generate-enquiry-validator.ts");
  const fields = Object.fromEntries(
    Object.entries(schema.properties).map(([name, field]) => [
      name,
      {
        title: field.title,
        ...(field.maxLength === undefined ? {} : { maxLength: field.maxLength }),
        ...(field.maximum === undefined ? {} : { maximum: field.maximum }),
        ...(field.allOf === undefined ? {} : { rules: Object.fromEntries(field.allOf.map((rule) => [rule.pattern, rule.title])) }),
      },
    ]),
  );
  const validator = [
    BANNER,
    "// @ts-nocheck: ajv's standalone output is plain JavaScript; the exports at the end carry the types.",
    'import type { ErrorObject } from "ajv";',
    'import type { Enquiry } from "./schema-types.ts";',
    "",
    source,
    "",
    "/** Checks a value against schema/enquiry.schema.json; on false, `errors` lists every problem (allErrors). */",
    "export interface EnquirySchemaValidator {",
    "  (data: unknown): data is Enquiry;",
    "  errors?: ErrorObject[] | null;",
    "}",
    "export const validateEnquirySchema = validate10 as unknown as EnquirySchemaValidator;",
    "",
  ].join("\n");
  const fieldsModule = [
    BANNER,
    'import type { Enquiry } from "./schema-types.ts";',
    "",
    "/** Each field's title (used in the API's messages), length limit (the form's maxLength) or largest value, and further rules (pattern → the message after the title), from the schema. */",
    `export const ENQUIRY_FIELDS = ${JSON.stringify(fields, null, 2)} as const satisfies Record<keyof Enquiry, { title: string; maxLength?: number; maximum?: number; rules?: Record<string, string> }>;`,
    "",
  ].join("\n");
  return [
    { file: ENQUIRY_VALIDATOR_FILE, text: validator },
    { file: ENQUIRY_FIELDS_FILE, text: fieldsModule },
  ];
}
