import { compile, type JSONSchema } from "json-schema-to-typescript";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createAjv } from "../../src/content/ajv.ts";
import { generateEnquiryModules } from "./generate-enquiry-validator.ts";
import { writeOrCheck } from "../../src/cli/generated-files.ts";
import { isEntryPoint, readArgs } from "../../src/cli/options.ts";

/**
 * Writes src/shared/generated/schema-types.ts from the JSON Schemas, the single source of truth
 * (and, through generate-enquiry-validator.ts, src/shared/generated/enquiry-validator.ts and enquiry-fields.ts).
 * The schemas are merged into one document whose definitions carry the TypeScript names,
 * so field titles (written for editors) do not turn into dozens of type aliases.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const GENERATED_FILE = join(root, "src/shared/generated/schema-types.ts");

type Json = Record<string, unknown>;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function nameOfRef(ref: string, from: string): string {
  const [file = "", fragment] = ref.split("#");
  if (fragment?.startsWith("/definitions/")) return pascal(fragment.slice("/definitions/".length));
  const target = file === "" ? from : file.replace(/^\.\.\//, "").replace(/^blocks\//, "blocks/");
  if (target.startsWith("blocks/")) return `${pascal(target.slice("blocks/".length, -".schema.json".length))}Block`;
  return pascal(target.replace(".schema.json", ""));
}

function rewrite(node: unknown, from: string, keepTitle: boolean): unknown {
  if (Array.isArray(node)) return node.map((n) => rewrite(n, from, false));
  if (node === null || typeof node !== "object") return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node as Json)) {
    if (k === "$ref" && typeof v === "string") out.$ref = `#/definitions/${nameOfRef(v, from)}`;
    else if ((k === "title" && !keepTitle) || k === "$schema" || k === "examples" || k === "discriminator" || k === "x-kind" || k === "definitions") continue;
    else if (k === "properties" && v && typeof v === "object")
      out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, rewrite(s, from, false)]));
    else out[k] = rewrite(v, from, false);
  }
  return out;
}

export async function generateTypes(): Promise<string> {
  const { schemas } = createAjv(join(root, "schema"));
  const definitions: Json = {};
  for (const [rel, schema] of schemas) {
    for (const [name, def] of Object.entries((schema.definitions ?? {}) as Json)) {
      definitions[pascal(name)] = { ...(rewrite(def, rel, false) as Json), title: pascal(name) };
    }
    const name = nameOfRef(rel, rel);
    if (rel !== "defs.schema.json") definitions[name] = { ...(rewrite(schema, rel, false) as Json), title: name };
  }
  const sorted = Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b)));
  const bundle = { title: "SchemaTypes", type: "object", additionalProperties: false, properties: {}, definitions: sorted } as JSONSchema;
  const ts = await compile(bundle, "SchemaTypes", {
    bannerComment: "/* Generated from schema/*.json by `npm run gen:types`. Do not edit: change the schema and regenerate. */",
    unreachableDefinitions: true,
    ignoreMinAndMaxItems: true,
    additionalProperties: false,
    strictIndexSignatures: true,
    format: true,
    style: { singleQuote: false, printWidth: 120 },
  });
  return ts.replace(/\nexport interface SchemaTypes \{\}\n/, "\n");
}

if (isEntryPoint(import.meta.url)) {
  const check = readArgs({ check: { type: "boolean", default: false } }, "usage: npm run gen:types [-- --check]").values.check;
  const outputs = [{ file: GENERATED_FILE, text: await generateTypes() }, ...generateEnquiryModules()];
  if (writeOrCheck(outputs, { check, root, command: "npm run gen:types" })) process.exit(1);
}
