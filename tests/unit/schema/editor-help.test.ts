import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BLOCKS_DOC, blocksDoc } from "../../../src/cli/docs.ts";
import { createValidators } from "../../../src/content/ajv.ts";
import { formatProblem } from "../../../src/content/format-problems.ts";
import type { SchemaNode } from "../../../src/content/schema-index.ts";
import { schemaLineFor } from "../../../src/content/schema-line.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { PROJECT, siteCopyRoot } from "../fixture-site.ts";

/** Editors (redhat.vscode-yaml) show a field's title and description on hover and its examples in completion. */
const { index, blockTypes } = createValidators(join(PROJECT, "schema"));
/** The enquiry contract and the server's settings are read by programs, not by someone editing pages. */
const NOT_FOR_EDITORS = new Set(["enquiry.schema.json", "serverSettings.schema.json"]);
const EDITOR_SCHEMAS = [...index.schemas.keys()].filter((f) => !NOT_FOR_EDITORS.has(f)).sort();

/** Every field of every schema an editor reads, as [file, where, node]. */
function fields(): [string, string, SchemaNode][] {
  const out: [string, string, SchemaNode][] = [];
  const walk = (node: SchemaNode, file: string, where: string) => {
    out.push([file, where, node]);
    for (const [name, child] of Object.entries(node.properties ?? {})) walk(child, file, `${where}.${name}`);
    if (node.items) walk(node.items, file, `${where}[]`);
    for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) if (!branch.$ref) walk(branch, file, `${where}|`);
  };
  for (const file of EDITOR_SCHEMAS) {
    const schema = index.schemas.get(file)!;
    if (file !== "defs.schema.json") walk(schema, file, "");
    for (const [name, def] of Object.entries(schema.definitions ?? {})) walk(def, file, `#${name}`);
  }
  return out;
}

let cleanup = () => {};
afterEach(() => cleanup());

describe("editor help comes from the schemas", () => {
  it("every field has a title and a description, its own or its $ref's", () => {
    const missing = fields()
      .filter(([, where]) => !where.endsWith("|"))
      .filter(([file, , node]) => {
        const seen = index.resolve(node, file).node;
        return !seen.title || !seen.description;
      })
      .map(([file, where]) => `${file} ${where}`);
    expect(missing).toEqual([]);
  });

  it("every field with a format to follow (a pattern) has an example", () => {
    const missing = fields()
      .filter(([, , node]) => node.pattern !== undefined && !node.examples?.length)
      .map(([file, where]) => `${file} ${where}`);
    expect(missing).toEqual([]);
  });

  it("every schema is draft-07, has no $id, and refers to others by relative path (what the YAML language server reads)", () => {
    for (const file of EDITOR_SCHEMAS) {
      const text = readFileSync(join(PROJECT, "schema", file), "utf8");
      const json = JSON.parse(text) as Record<string, unknown>;
      expect(json.$schema, file).toBe("http://json-schema.org/draft-07/schema#");
      expect(json.$id, file).toBeUndefined();
      for (const [, ref] of text.matchAll(/"\$ref":\s*"([^"]*)"/g)) expect(ref, `${file}: ${ref}`).toMatch(/^(\.\.\/)?([\w-]+\/)?([\w.-]+\.schema\.json)?(#\/definitions\/\w+)?$/);
    }
  });

  it("every block has an example, and together they make a valid page (the starters and docs/BLOCKS.md use them)", () => {
    const made = siteCopyRoot();
    cleanup = made.cleanup;
    const sections = blockTypes.map((type) => {
      const block = index.resolve({ $ref: `blocks/${type}.schema.json` }, "page.schema.json").node;
      expect(block.examples?.length, type).toBeGreaterThan(0);
      return block.examples![0];
    });
    const page = { schemaVersion: 2, title: "Every block | Nexa AI", description: "One example of every block, from the schemas, to show that each example is valid.", sections };
    writeFileSync(join(made.root, "site", "every-block.yaml"), `${schemaLineFor("every-block.yaml")}\n${JSON.stringify(page, null, 2)}\n`);
    expect(loadSiteContent(made.root).problems.map(formatProblem)).toEqual([]);
  });

  it("VS Code maps site/_site.yaml to the site schema and the pages to the page schema, and recommends the YAML extension", () => {
    const settings = JSON.parse(readFileSync(join(PROJECT, ".vscode", "settings.json"), "utf8")) as { "yaml.schemas": Record<string, string | string[]> };
    expect(settings["yaml.schemas"]).toEqual({
      "./schema/site.schema.json": "site/_site.yaml",
      "./schema/page.schema.json": ["site/**/*.yaml", "!site/_site.yaml"],
    });
    const extensions = JSON.parse(readFileSync(join(PROJECT, ".vscode", "extensions.json"), "utf8")) as { recommendations: string[] };
    expect(extensions.recommendations).toContain("redhat.vscode-yaml");
  });

  it("every file under site/ starts with its schema line, a relative path to the right schema", () => {
    const site = join(PROJECT, "site");
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? (e.name === "assets" ? [] : walk(join(dir, e.name))) : e.name.endsWith(".yaml") ? [join(dir, e.name)] : []));
    })(site);
    expect(files.length).toBeGreaterThan(70);
    const wrong = files.filter((f) => readFileSync(f, "utf8").split("\n")[0] !== schemaLineFor(relative(site, f).split("\\").join("/")));
    expect(wrong).toEqual([]);
    expect(schemaLineFor("_site.yaml")).toBe("# yaml-language-server: $schema=../schema/site.schema.json");
    expect(schemaLineFor("courses/normal-course/data-and-ai/index.yaml")).toBe("# yaml-language-server: $schema=../../../../schema/page.schema.json");
  });

  it("docs/BLOCKS.md is what npm run docs writes from the schemas (run it after changing a schema)", () => {
    expect(readFileSync(BLOCKS_DOC, "utf8")).toBe(blocksDoc());
  });
});
