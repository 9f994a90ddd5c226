/** The parts of structured-data-testing-tool (no types of its own) that seo.spec.ts uses. */
declare module "structured-data-testing-tool" {
  export interface StructuredDataTestCase {
    test: string;
    description: string;
    error?: { message: string };
  }
  export interface StructuredDataResult {
    passed: StructuredDataTestCase[];
    failed: StructuredDataTestCase[];
    warnings: StructuredDataTestCase[];
  }
  /** Resolves when every test passes; rejects with `{ res }` (the same result) when one fails. */
  type StructuredDataTest = (html: string, options: { presets?: unknown[]; schemas?: string[] }) => Promise<StructuredDataResult>;
  const sdtt: { structuredDataTest: StructuredDataTest };
  export default sdtt;
}

declare module "structured-data-testing-tool/presets.js" {
  const presets: Record<"Google" | "Twitter" | "Facebook", unknown>;
  export default presets;
}
