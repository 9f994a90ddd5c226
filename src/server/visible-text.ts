import enquirySchema from "../../schema/enquiry.schema.json" with { type: "json" };
import type { Enquiry } from "./enquiry.ts";

/**
 * Characters that show nothing: Unicode's default-ignorables (zero-width space and joiners,
 * the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, variation selectors…), white space,
 * control and format characters, and the blank Braille pattern U+2800. JSON Schema has no
 * word for "at least one visible character", so the server checks it here.
 */
const NOTHING_VISIBLE = /^[\p{Default_Ignorable_Code_Point}\p{White_Space}\p{Cc}\p{Cf}\u2800]*$/u;

interface FieldSchema {
  title?: string;
}

const REQUIRED = enquirySchema.required as readonly (keyof Enquiry)[];
const PROPERTIES = enquirySchema.properties as Record<string, FieldSchema>;

/** The schema's required fields that hold only invisible characters, each with its message. */
export function invisibleRequiredFields(enquiry: Enquiry): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const field of REQUIRED) {
    const value = enquiry[field];
    if (typeof value === "string" && NOTHING_VISIBLE.test(value)) {
      fields[field] = `${PROPERTIES[field]?.title ?? field} holds only invisible characters: enter it as text.`;
    }
  }
  return fields;
}
