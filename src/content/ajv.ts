import Ajv, { type ValidateFunction } from "ajv";
import addFormats from "ajv-formats";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { createSchemaIndex, type SchemaIndex, type SchemaNode } from "./schema-index.ts";

/**
 * The one ajv factory of the project: build, CLI, dev server and tests all get their
 * validators here, so every caller sees the same schemas and the same options.
 */

/** Schema files carry no $id so editors resolve their relative $refs from disk; ajv gets the same layout under this base. */
export const SCHEMA_BASE = "https://schema.nexa.local/";

/** What the `x-kind` annotation marks in a schema: fields the cross-file checks look at. */
export type RefKind = "link" | "asset" | "id" | "text" | "image";

export interface CollectedRef {
  kind: RefKind;
  /** JSON pointer into the document, e.g. /sections/2/cards/0/action/to */
  pointer: string;
  value: unknown;
}

export interface Validators {
  page: ValidateFunction;
  site: ValidateFunction;
  /** Block type names, in the order page.schema.json lists them. */
  blockTypes: string[];
  /** The same schemas, for reading titles, descriptions and the schema of a value at a path. */
  index: SchemaIndex;
  /** Runs a validator and returns the x-kind fields it passed through. */
  collect<T>(fn: () => T): { result: T; refs: CollectedRef[] };
}

let collector: CollectedRef[] | null = null;

function readSchemas(schemaDir: string): Map<string, Record<string, unknown>> {
  const schemas = new Map<string, Record<string, unknown>>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".schema.json")) {
        const rel = relative(schemaDir, full).split("\\").join("/");
        schemas.set(rel, JSON.parse(readFileSync(full, "utf8")) as Record<string, unknown>);
      }
    }
  };
  walk(schemaDir);
  return schemas;
}

export function createAjv(schemaDir: string): { ajv: Ajv; schemas: Map<string, Record<string, unknown>> } {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, discriminator: true, verbose: true });
  addFormats(ajv);
  // Help for editors (redhat.vscode-yaml): shown on hover and in completion, never checked.
  ajv.addVocabulary(["markdownDescription", "enumDescriptions", "markdownEnumDescriptions"]);
  ajv.addKeyword({
    keyword: "x-kind",
    schemaType: "string",
    errors: false,
    validate(kind: RefKind, value: unknown, _parent: unknown, ctx?: { instancePath: string }) {
      collector?.push({ kind, pointer: ctx?.instancePath ?? "", value });
      return true;
    },
  });
  const schemas = readSchemas(schemaDir);
  for (const [rel, schema] of schemas) ajv.addSchema({ ...schema, $id: SCHEMA_BASE + rel });
  return { ajv, schemas };
}

export function createValidators(schemaDir: string): Validators {
  const { ajv, schemas } = createAjv(schemaDir);
  const page = ajv.getSchema(SCHEMA_BASE + "page.schema.json");
  const site = ajv.getSchema(SCHEMA_BASE + "site.schema.json");
  if (!page || !site) throw new Error(`schema/page.schema.json or schema/site.schema.json is missing in ${schemaDir}`);
  return {
    page,
    site,
    blockTypes: blockTypesOf(schemas),
    index: createSchemaIndex(schemas as Map<string, SchemaNode>),
    collect<T>(fn: () => T) {
      collector = [];
      try {
        return { result: fn(), refs: collector };
      } finally {
        collector = null;
      }
    },
  };
}

/** Block types as page.schema.json's section union names them, read from each block schema's `type` const. */
export function blockTypesOf(schemas: Map<string, Record<string, unknown>>): string[] {
  const page = schemas.get("page.schema.json") as { properties: { sections: { items: { oneOf: { $ref: string }[] } } } };
  return page.properties.sections.items.oneOf.map(({ $ref }) => {
    const block = schemas.get($ref) as { properties: { type: { const: string } } } | undefined;
    if (!block) throw new Error(`page.schema.json refers to ${$ref}, which does not exist`);
    return block.properties.type.const;
  });
}
