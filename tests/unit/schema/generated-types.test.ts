import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENQUIRY_VALIDATOR_FILE, generateEnquiryModules } from "../../../tools/codegen/generate-enquiry-validator.ts";
import { GENERATED_FILE, generateTypes } from "../../../tools/codegen/generate-types.ts";

describe("src/shared/generated/schema-types.ts", () => {
  it("matches what the schemas generate (run npm run gen:types after changing a schema)", async () => {
    expect(readFileSync(GENERATED_FILE, "utf8")).toBe(await generateTypes());
  });
});

describe("src/shared/generated/enquiry-validator.ts and enquiry-fields.ts", () => {
  it.each(generateEnquiryModules())("$file matches what schema/enquiry.schema.json generates (run npm run gen:types after changing it)", ({ file, text }) => {
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("is plain code: no eval, no new Function, no CommonJS require (CSP and the browser bundle)", () => {
    const code = readFileSync(ENQUIRY_VALIDATOR_FILE, "utf8");
    expect(code).not.toMatch(/\beval\(|new Function|require\(/);
  });
});
