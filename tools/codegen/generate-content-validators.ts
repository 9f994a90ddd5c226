import standaloneCode from "ajv/dist/standalone/index.js";
import { _Code } from "ajv/dist/compile/codegen/code.js";
import type { ValueScopeName } from "ajv/dist/compile/codegen/scope.js";
import { renameSync, writeFileSync } from "node:fs";
import { collectKind, createAjv, readSchemaTexts, SCHEMA_BASE } from "../../src/content/ajv.ts";
import { PRECOMPILED_FILE, schemaFingerprint } from "../../src/content/precompiled-validators.ts";

/**
 * Writes ajv's standalone code for the page and site schemas (see
 * src/content/precompiled-validators.ts), run by `node src/cli/launch.mjs --build`.
 *
 * ajv's standalone output writes each schema it refers to as a JSON copy. The error messages
 * need the schema objects themselves (error-map.ts asks the schema index which file a
 * parentSchema came from), so every such reference is rewritten to the same node of the schemas
 * the module is given at load time; the x-kind keyword's function is given the same way.
 */

/** `roots.get("blocks/hero.schema.json")["properties"]["title"]` for every object node of every schema. */
function locators(roots: Map<string, Record<string, unknown>>): WeakMap<object, string> {
  const found = new WeakMap<object, string>();
  const walk = (node: unknown, expr: string) => {
    if (node === null || typeof node !== "object" || found.has(node)) return;
    found.set(node, expr);
    for (const [key, child] of Object.entries(node)) walk(child, `${expr}[${JSON.stringify(key)}]`);
  };
  for (const [rel, root] of roots) walk(root, `roots.get(${JSON.stringify(rel)})`);
  return found;
}

/** The generated module's text for the schemas in schemaDir. */
export function generateContentValidators(schemaDir: string): string {
  const { ajv, roots } = createAjv(schemaDir, { source: true });
  const ids = { page: SCHEMA_BASE + "page.schema.json", site: SCHEMA_BASE + "site.schema.json" };
  for (const id of Object.values(ids)) if (!ajv.getSchema(id)) throw new Error(`${id} is missing in ${schemaDir}`);
  const where = locators(roots);
  // ajv keeps the values its code refers to in its scope; only there can their code be set.
  const values = (ajv.scope as unknown as { _values: Record<string, Map<unknown, ValueScopeName>> })._values;
  for (const name of values.schema?.values() ?? []) {
    // Nodes outside schema/ (ajv's own meta-schema) get no code: standaloneCode throws if the output needs one.
    const expr = name.value && typeof name.value.ref === "object" ? where.get(name.value.ref as object) : undefined;
    name.value!.code = expr === undefined ? undefined : new _Code(expr);
  }
  for (const name of values.keyword?.values() ?? []) {
    if (name.value?.ref !== collectKind) throw new Error(`ajv refers to an unknown keyword function: ${String(name)}`);
    name.value.code = new _Code("keyword");
  }
  const code = standaloneCode(ajv, ids);
  const texts = readSchemaTexts(schemaDir);
  return [
    '"use strict";',
    "// Generated from schema/ by tools/codegen/generate-content-validators.ts (node src/cli/launch.mjs --build). Do not edit.",
    `exports.fingerprint = ${JSON.stringify(schemaFingerprint(texts))};`,
    "exports.create = function create(roots, keyword) {",
    "const exports = {};",
    "// ajv calls a keyword's function with itself as `this`; collectKind does not use it.",
    "const self = undefined;",
    code,
    "return exports;",
    "};",
    "",
  ].join("\n");
}

/** Writes the module beside its place and renames it in, so a process starting meanwhile never reads half a file. */
export function writeContentValidators(schemaDir: string, file = PRECOMPILED_FILE): void {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, generateContentValidators(schemaDir));
  renameSync(temp, file);
}
