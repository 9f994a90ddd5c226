import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GENERATED_FILE, generateTypes } from "../../scripts/generate-types.ts";

describe("src/generated/schema-types.ts", () => {
  it("matches what the schemas generate (run npm run gen:types after changing a schema)", async () => {
    expect(readFileSync(GENERATED_FILE, "utf8")).toBe(await generateTypes());
  });
});
