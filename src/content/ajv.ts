import type Ajv from "ajv";
import type { ValidateFunction } from "ajv";
import type addFormats from "ajv-formats";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { filesUnder } from "../shared/files-under.ts";
import { loadPrecompiled, schemaFingerprint } from "./precompiled-validators.ts";
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

/** What the `x-kind` keyword does when a value passes through it: note the value for the cross-file checks. */
export function collectKind(kind: RefKind, value: unknown, _parent: unknown, ctx?: { instancePath: string }): boolean {
  collector?.push({ kind, pointer: ctx?.instancePath ?? "", value });
  return true;
}

// ajv is loaded only when the schemas must be compiled here: a run that finds them compiled
// ahead of time (see precompiled-validators.ts) never pays for loading it.
const require = createRequire(import.meta.url);

/** Each schema file's text, by its path under schema/. */
export function readSchemaTexts(schemaDir: string): Map<string, string> {
  const schemas = filesUnder(schemaDir, { relative: true, skip: (path, isFolder) => !isFolder && !path.endsWith(".schema.json") });
  return new Map(schemas.map((path) => [path, readFileSync(join(schemaDir, path), "utf8")]));
}

const parseSchemas = (texts: Map<string, string>) => new Map([...texts].map(([rel, text]) => [rel, JSON.parse(text) as Record<string, unknown>]));

/** Each schema as ajv holds it: the file's schema with its $id under SCHEMA_BASE (the nested nodes are the file's own). */
export function schemaRoots(schemas: Map<string, Record<string, unknown>>): Map<string, Record<string, unknown>> {
  return new Map([...schemas].map(([rel, schema]) => [rel, { ...schema, $id: SCHEMA_BASE + rel }]));
}

/** How an ajv is made: the project's keywords, formats and strictness are always on; these vary by use. */
export interface AjvOptions {
  /** Keep the generated code, for compiling ahead of time (ajv's standalone code). */
  source?: boolean;
  /** Standalone code as an ES module instead of CommonJS. */
  esm?: boolean;
  /** Error messages in each error object (default on); off where the caller words its own. */
  messages?: boolean;
  /** The schema and data in each error object (default on), which the editor-facing messages read. */
  verbose?: boolean;
  /** Missing properties get the schema's `default` (the server's settings, read by env-schema). */
  useDefaults?: boolean;
  /**
   * Check each schema against JSON Schema's meta-schema before compiling it (default on). Off
   * only for a schema under schema/ read at start-up: createAjv (every content compile, the
   * unit tests) has checked it already, and compiling the meta-schema again costs tens of ms.
   */
  validateSchema?: boolean;
}

/** A new ajv with the project's options, formats and keywords, holding no schema yet. */
export function newAjv(options: AjvOptions = {}): Ajv {
  const AjvClass = require("ajv") as typeof Ajv;
  const addFormatsTo = require("ajv-formats") as typeof addFormats;
  const ajv = new AjvClass({
    allErrors: true,
    strict: true,
    allowUnionTypes: true,
    discriminator: true,
    verbose: options.verbose ?? true,
    messages: options.messages ?? true,
    code: { source: options.source === true, esm: options.esm === true },
    useDefaults: options.useDefaults === true,
    validateSchema: options.validateSchema ?? true,
  });
  addFormatsTo(ajv);
  // Help for editors (redhat.vscode-yaml): shown on hover and in completion, never checked.
  ajv.addVocabulary(["markdownDescription", "enumDescriptions", "markdownEnumDescriptions"]);
  // The unit of a number in the server's settings (schema/serverSettings.schema.json), which
  // its messages and docs/SETTINGS.md name: "a whole number of days from 1 to 36500".
  ajv.addVocabulary(["x-unit"]);
  ajv.addKeyword({ keyword: "x-kind", schemaType: "string", errors: false, validate: collectKind });
  return ajv;
}

function ajvFor(schemas: Map<string, Record<string, unknown>>, source: boolean): { ajv: Ajv; roots: Map<string, Record<string, unknown>> } {
  const ajv = newAjv({ source });
  const roots = schemaRoots(schemas);
  for (const root of roots.values()) ajv.addSchema(root);
  return { ajv, roots };
}

/** An ajv holding every schema under schemaDir; `source: true` keeps the generated code, for compiling it ahead of time. */
export function createAjv(
  schemaDir: string,
  options: { source?: boolean } = {},
): { ajv: Ajv; schemas: Map<string, Record<string, unknown>>; roots: Map<string, Record<string, unknown>> } {
  const schemas = parseSchemas(readSchemaTexts(schemaDir));
  return { ...ajvFor(schemas, options.source === true), schemas };
}

/** The page and site validators: compiled ahead of time when that code was made from these very schemas, else compiled here. */
function compilePageAndSite(
  texts: Map<string, string>,
  schemas: Map<string, Record<string, unknown>>,
  schemaDir: string,
): { page: ValidateFunction; site: ValidateFunction } {
  const precompiled = loadPrecompiled(schemaFingerprint(texts), schemaRoots(schemas), collectKind);
  if (precompiled) return precompiled;
  const { ajv } = ajvFor(schemas, false);
  const page = ajv.getSchema(SCHEMA_BASE + "page.schema.json");
  const site = ajv.getSchema(SCHEMA_BASE + "site.schema.json");
  if (!page || !site) throw new Error(`schema/page.schema.json or schema/site.schema.json is missing in ${schemaDir}`);
  return { page, site };
}

export function createValidators(schemaDir: string): Validators {
  const texts = readSchemaTexts(schemaDir);
  const schemas = parseSchemas(texts);
  const { page, site } = compilePageAndSite(texts, schemas, schemaDir);
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
