/* Generated from schema/enquiry.schema.json by `npm run gen:types`. Do not edit: change the schema and regenerate. */
import type { Enquiry } from "./schema-types.ts";

/** Each field's title (used in the API's messages), length limit (the form's maxLength) or largest value, and further rules (pattern → the message after the title), from the schema. */
export const ENQUIRY_FIELDS = {
  "first_name": {
    "title": "First name",
    "maxLength": 100,
    "rules": {
      "^[^\\u202a-\\u202e\\u2066-\\u2069]*$": "must not contain characters that reverse or reorder text (U+202A to U+202E, U+2066 to U+2069)"
    }
  },
  "last_name": {
    "title": "Last name",
    "maxLength": 100,
    "rules": {
      "^[^\\u202a-\\u202e\\u2066-\\u2069]*$": "must not contain characters that reverse or reorder text (U+202A to U+202E, U+2066 to U+2069)"
    }
  },
  "email": {
    "title": "Email",
    "maxLength": 254
  },
  "phone": {
    "title": "Phone",
    "maxLength": 20
  },
  "subject": {
    "title": "Subject",
    "maxLength": 120
  },
  "message": {
    "title": "Message",
    "maxLength": 5000
  },
  "form_token": {
    "title": "Form token",
    "maxLength": 200
  },
  "altcha": {
    "title": "Proof of work",
    "maxLength": 4000
  },
  "fill_time_ms": {
    "title": "Fill time",
    "maximum": 86400000
  },
  "fill_actions": {
    "title": "Fill actions",
    "maximum": 100000
  },
  "nx_check": {
    "title": "Honeypot",
    "maxLength": 5000
  }
} as const satisfies Record<keyof Enquiry, { title: string; maxLength?: number; maximum?: number; rules?: Record<string, string> }>;
