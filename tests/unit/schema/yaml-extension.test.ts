import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { TextDocument } from "vscode-languageserver-textdocument";
import { getLanguageService } from "yaml-language-server";
import { createValidators } from "../../../src/content/ajv.ts";
import type { SchemaNode } from "../../../src/content/schema-index.ts";
import { PROJECT } from "../fixture-site.ts";

/**
 * What VS Code's YAML extension (redhat.vscode-yaml) says while a page is typed: its own
 * language server, reading the project's schemas through the file's schema line.
 */
const { index, blockTypes } = createValidators(join(PROJECT, "schema"));
const language = getLanguageService({
  schemaRequestService: async (uri: string) => readFileSync(fileURLToPath(uri), "utf8"),
  workspaceContext: { resolveRelativePath: (relativePath: string, resource: string) => new URL(relativePath, resource).href },
} as unknown as Parameters<typeof getLanguageService>[0]);
language.configure({ validate: true, hover: true, completion: true, yamlVersion: "1.2" });

const HEAD = "# yaml-language-server: $schema=../schema/page.schema.json\nschemaVersion: 2\ntitle: Case page\ndescription: A page of the fixture site for one message case.\nsections:\n";
const open = (text: string) => TextDocument.create(pathToFileURL(join(PROJECT, "site", "case.yaml")).href, "yaml", 1, text);

/** Every enum in the schemas an editor reads, as [where, node]. */
function enums(): [string, SchemaNode & { enumDescriptions?: string[] }][] {
  const out: [string, SchemaNode][] = [];
  const walk = (node: unknown, where: string) => {
    if (node === null || typeof node !== "object") return;
    if (Array.isArray((node as SchemaNode).enum)) out.push([where, node as SchemaNode]);
    for (const [k, v] of Object.entries(node)) walk(v, `${where}/${k}`);
  };
  // The enquiry contract and the server's settings are read by programs, not by someone editing pages.
  for (const [file, schema] of index.schemas) if (file !== "enquiry.schema.json" && file !== "serverSettings.schema.json") walk(schema, file);
  return out;
}

describe("the YAML extension lists the allowed choices", () => {
  it.each(["heor", "gallery", "Hero"])("a section of type %s is refused with every block type named", async (typo) => {
    const doc = open(`${HEAD}  - type: ${typo}\n    heading: Hi\n`);
    const messages = (await language.doValidation(doc, false)).filter((d) => d.range.start.line === 5 && d.range.start.character === 10).map((d) => d.message);
    expect(messages).toContain(`Value must be ${blockTypes.map((t) => `"${t}"`).join(" | ")}.`);
  });

  it("hovering a section's type shows every block with its name and what it is for", async () => {
    const hover = await language.doHover(open(`${HEAD}  - type: hero\n    heading: Hi\n`), { line: 5, character: 10 });
    const text = (hover?.contents as { value: string }).value;
    for (const type of blockTypes) {
      const block = index.schemas.get(`blocks/${type}.schema.json`)!;
      expect(text).toContain(`* \`${type}\`: **${block.title}**: ${block.description}`);
    }
  });

  it("the section type's choices are the block types, in order, each with a description", () => {
    const type = (index.schemas.get("page.schema.json") as SchemaNode).properties!.sections!.items!.properties!.type as SchemaNode & { enumDescriptions: string[]; markdownEnumDescriptions: string[] };
    expect(type.enum).toEqual(blockTypes);
    expect(type.markdownEnumDescriptions).toEqual(blockTypes.map((t) => `**${index.schemas.get(`blocks/${t}.schema.json`)!.title}**: ${index.schemas.get(`blocks/${t}.schema.json`)!.description}`));
    expect(type.enumDescriptions).toHaveLength(blockTypes.length);
  });

  it("every choice of every field has its own description", () => {
    const found = enums();
    expect(found.length).toBeGreaterThanOrEqual(6);
    for (const [where, node] of found) {
      expect(node.enumDescriptions, where).toHaveLength(node.enum!.length);
      expect(new Set(node.enumDescriptions).size, where).toBe(node.enum!.length);
    }
  });
});
