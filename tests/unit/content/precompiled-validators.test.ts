import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { generateContentValidators } from "../../../tools/codegen/generate-content-validators.ts";
import { collectKind, createAjv, createValidators, readSchemaTexts, SCHEMA_BASE, schemaRoots } from "../../../src/content/ajv.ts";
import { loadPrecompiled, schemaFingerprint } from "../../../src/content/precompiled-validators.ts";
import { FIXTURES, PROJECT } from "../fixture-site.ts";

// The generated module requires ajv's runtime helpers, so it is written inside the project, where node_modules resolves.
const work = mkdtempSync(join(PROJECT, "node_modules", ".precompiled-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SCHEMA_DIR = join(PROJECT, "schema");
const file = join(work, "content-validators.cjs");
writeFileSync(file, generateContentValidators(SCHEMA_DIR));
const texts = readSchemaTexts(SCHEMA_DIR);
const roots = schemaRoots(new Map([...texts].map(([rel, text]) => [rel, JSON.parse(text) as Record<string, unknown>])));
const precompiled = loadPrecompiled(schemaFingerprint(texts), roots, collectKind, file);
const { ajv } = createAjv(SCHEMA_DIR);
const compiledHere = { page: ajv.getSchema(SCHEMA_BASE + "page.schema.json")!, site: ajv.getSchema(SCHEMA_BASE + "site.schema.json")! };
const { collect } = createValidators(SCHEMA_DIR);

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ya?ml$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

function parsed(path: string): unknown {
  try {
    return parse(readFileSync(path, "utf8"), { maxAliasCount: -1, logLevel: "error" }) as unknown;
  } catch {
    return undefined;
  }
}

/** Each page broken in the ways editors break pages: unknown field, wrong type, missing field, unknown block, over-long text. */
function broken(page: Record<string, unknown>): unknown[] {
  const sections = Array.isArray(page.sections) ? (page.sections as Record<string, unknown>[]) : [];
  const first = sections[0] ?? {};
  const everyFieldANumber = Object.fromEntries(Object.keys(first).map((k) => [k, k === "type" ? first.type : 5]));
  const { title: _title, ...untitled } = page;
  return [
    { ...page, tittle: "x" },
    { ...page, title: 7 },
    untitled,
    { ...page, sections: [{ ...first, type: "heor" }, ...sections.slice(1)] },
    { ...page, sections: [everyFieldANumber, ...sections.slice(1)] },
    { ...page, sections: [{ ...first, heading: "x".repeat(5000), extra: { a: "b: c" } }] },
    { ...page, description: { "Step one": "read" } },
    [page],
  ];
}

const documents: { name: string; kind: "page" | "site"; data: unknown }[] = [];
for (const path of [...yamlFiles(join(PROJECT, "site")), ...yamlFiles(FIXTURES)]) {
  const data = parsed(path);
  if (data === undefined) continue;
  const kind = path.endsWith("_site.yaml") ? "site" : "page";
  documents.push({ name: path, kind, data });
  if (kind === "page" && data !== null && typeof data === "object" && !Array.isArray(data)) {
    broken(data as Record<string, unknown>).forEach((b, i) => documents.push({ name: `${path} broken #${i}`, kind, data: b }));
  }
}

/** Every object node reachable from the roots the precompiled validators were given. */
const nodes = new Set<unknown>();
const walk = (node: unknown) => {
  if (node === null || typeof node !== "object" || nodes.has(node)) return;
  nodes.add(node);
  Object.values(node).forEach(walk);
};
roots.forEach(walk);

describe("page and site validators compiled ahead of time", () => {
  it("loads from the generated module", () => {
    expect(precompiled).not.toBeNull();
    expect(documents.length).toBeGreaterThan(500);
  });

  it("gives the same verdict, errors and x-kind values as compiling at run time, on every site and fixture file and broken variants", () => {
    let failing = 0;
    for (const { name, kind, data } of documents) {
      const here = collect(() => compiledHere[kind](data));
      const ahead = collect(() => precompiled![kind](data));
      expect(ahead.result, name).toBe(here.result);
      expect(precompiled![kind].errors ?? null, name).toEqual(compiledHere[kind].errors ?? null);
      expect(ahead.refs, name).toEqual(here.refs);
      if (!here.result) failing += 1;
      // error-map.ts finds a parentSchema's file by identity: it must be a node of the schemas given, not a copy.
      for (const e of precompiled![kind].errors ?? []) expect(nodes.has(e.parentSchema), `${name} ${e.schemaPath}`).toBe(true);
    }
    expect(failing).toBeGreaterThan(300);
  });

  it("is not used for schemas other than the ones it was made from", () => {
    const edited = new Map(texts);
    edited.set("page.schema.json", texts.get("page.schema.json")!.replace('"title"', '"title" '));
    expect(loadPrecompiled(schemaFingerprint(edited), roots, collectKind, file)).toBeNull();
    expect(loadPrecompiled(schemaFingerprint(texts), roots, collectKind, join(work, "missing.cjs"))).toBeNull();
  });

  it("compiles at run time when the schemas changed since, and the change takes effect", () => {
    const copy = join(work, "schema");
    cpSync(SCHEMA_DIR, copy, { recursive: true });
    const pageFile = join(copy, "page.schema.json");
    const schema = JSON.parse(readFileSync(pageFile, "utf8")) as { required: string[] };
    schema.required = [...schema.required, "aliases"];
    writeFileSync(pageFile, JSON.stringify(schema, null, 2));
    const validators = createValidators(copy);
    const home = parsed(join(PROJECT, "site", "index.yaml"));
    expect(validators.page(home)).toBe(false);
    expect(validators.page.errors?.map((e) => e.params)).toContainEqual({ missingProperty: "aliases" });
  });
});
