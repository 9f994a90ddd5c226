import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createValidators } from "../content/ajv.ts";
import type { Located, SchemaIndex, SchemaNode } from "../content/schema-index.ts";
import { compactYaml } from "../content/starters.ts";
import { DELIVERY_SETTINGS } from "../server/delivery/config.ts";
import { SETTING_NAMES, SETTINGS_SCHEMA, settingRule } from "../server/settings.ts";
import { ENQUIRIES_SETTINGS } from "./enquiries-args.ts";
import { STAFF_SETTINGS } from "./staff-args.ts";
import { writeOrCheck } from "./generated-files.ts";
import { isEntryPoint, readArgs } from "./options.ts";

/**
 * npm run docs: writes docs/BLOCKS.md, the reference of every block and field, from the
 * schemas (the same titles and descriptions editors show on hover), and docs/SETTINGS.md, the
 * server's settings, from schema/serverSettings.schema.json (the same schema that checks
 * them at start-up). `--check` only compares; a unit test fails when either file is stale.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const BLOCKS_DOC = join(root, "docs", "BLOCKS.md");
export const SETTINGS_DOC = join(root, "docs", "SETTINGS.md");

/** Shared types from defs.schema.json get their own section; fields that use them link there. */
const SHARED = ["text", "richText", "heading", "link", "linkRoute", "anchorId", "asset", "image", "video", "action", "actions", "card", "fact", "facts"];
const anchorOf = (name: string) => `shared-${name.toLowerCase()}`;

function sharedName(ref: string | undefined): string | undefined {
  const m = /defs\.schema\.json#\/definitions\/(\w+)$/.exec(ref ?? "");
  return m && SHARED.includes(m[1]!) ? m[1] : undefined;
}

const GROUP = "a group of the fields below";
const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

function range(node: SchemaNode, unit: string): string {
  const { minimum: lo, maximum: hi, minLength, maxLength, minItems, maxItems } = node;
  if (lo !== undefined && hi !== undefined) return ` from ${lo} to ${hi}`;
  if (lo !== undefined) return `, at least ${lo}`;
  if (minItems !== undefined || maxItems !== undefined)
    return minItems && maxItems
      ? `, ${minItems} to ${maxItems} ${unit}`
      : maxItems
        ? `, at most ${maxItems} ${unit}`
        : minItems && minItems > 1
          ? `, at least ${minItems} ${unit}`
          : "";
  if (maxLength !== undefined) return `, at most ${maxLength} characters${minLength && minLength > 1 ? ` (at least ${minLength})` : ""}`;
  return "";
}

/** What a field holds, in words: "text, at most 60 characters", "a list of [Image](#shared-image)", "one of: 2, 3, 4". */
function kindOf(raw: SchemaNode, at: Located, index: SchemaIndex): string {
  const shared = sharedName(raw.$ref);
  if (shared) return `[${index.resolve(raw, at.file).node.title ?? shared}](#${anchorOf(shared)})`;
  const node = index.resolve(raw, at.file).node;
  if (node.const !== undefined) return `always \`${String(node.const)}\``;
  if (node.enum) return `one of: ${node.enum.map((v) => `\`${String(v)}\``).join(", ")}`;
  if (node.anyOf) return node.anyOf.map((b) => kindOf(b, { node, file: at.file }, index)).join(" or ");
  const types = Array.isArray(node.type) ? node.type : [node.type ?? "object"];
  return types
    .map((type) => {
      switch (type) {
        case "string":
          return `text${range(node, "")}`;
        case "integer":
          return `whole number${range(node, "")}`;
        case "number":
          return `number${range(node, "")}`;
        case "boolean":
          return "`true` or `false`";
        case "array": {
          const item = node.items ? kindOf(node.items, { node, file: at.file }, index) : "values";
          return `a list of ${item === GROUP ? "entries with the fields below" : item}${range(node, "entries")}`;
        }
        default:
          return GROUP;
      }
    })
    .join(" or ");
}

interface Row {
  path: string;
  required: boolean;
  kind: string;
  about: string;
  example?: unknown;
}

/** The fields of an object schema, with the fields of nested groups (not shared types) below them as `parent.child`. */
function rows(at: Located, index: SchemaIndex, prefix = ""): Row[] {
  const out: Row[] = [];
  const required = new Set(at.node.required ?? []);
  for (const [name, raw] of Object.entries(at.node.properties ?? {})) {
    const child = index.resolve(raw, at.file);
    const node = child.node;
    out.push({
      path: `${prefix}${name}`,
      required: required.has(name),
      kind: kindOf(raw, at, index),
      about: node.description ?? node.title ?? "",
      ...(node.examples?.[0] !== undefined && typeof node.examples[0] !== "object" ? { example: node.examples[0] } : {}),
    });
    if (sharedName(raw.$ref)) continue;
    if (node.properties) out.push(...rows(child, index, `${prefix}${name}.`));
    const item = node.items && !sharedName(node.items.$ref) ? index.resolve(node.items, child.file) : undefined;
    if (item?.node.properties) out.push(...rows(item, index, `${prefix}${name}[].`));
  }
  return out;
}

function table(list: Row[]): string[] {
  return [
    "| field | required | holds | what it is for |",
    "|---|---|---|---|",
    ...list.map(
      (r) =>
        `| \`${r.path}\` | ${r.required ? "yes" : ""} | ${cell(r.kind.replace(/a list of a list of/g, "a list of lists of"))} | ${cell(r.about)}${r.example !== undefined ? ` Example: \`${cell(String(r.example))}\`` : ""} |`,
    ),
  ];
}

function yamlExample(value: unknown, asSection: boolean): string[] {
  const text = compactYaml(asSection ? [value] : value)
    .toString({ lineWidth: 0, flowCollectionPadding: false })
    .trimEnd();
  return ["```yaml", ...(asSection ? ["sections:", ...text.split("\n").map((l) => `  ${l}`)] : text.split("\n")), "```"];
}

export function blocksDoc(): string {
  const { index, blockTypes } = createValidators(join(root, "schema"));
  const page = index.schemas.get("page.schema.json")!;
  const defs = index.schemas.get("defs.schema.json")!;
  const site = index.schemas.get("site.schema.json")!;
  const refs = page.properties!.sections!.items!.oneOf!.map((b) => b.$ref!);
  const out: string[] = [
    "# Blocks and fields",
    "",
    "<!-- Generated from schema/ by `npm run docs`. Do not edit: change the schema's titles and descriptions, then run npm run docs. -->",
    "",
    "Every field a page file can use, read from the same schemas that check the pages and that",
    "give hover help in the editor. How to use them, with worked examples, is in [EDITING.md](EDITING.md).",
    "Fields marked *yes* must be there; the others may be left out.",
    "",
    "- [A page](#a-page)",
    ...blockTypes.map((t, i) => `- [\`${t}\`: ${index.schemas.get(refs[i]!)!.title}](#block-${t.toLowerCase()})`),
    "- [Shared field types](#shared-field-types)",
    "- [Site settings (site/_site.yaml)](#site-settings)",
    "",
    '<a id="a-page"></a>',
    "",
    "## A page",
    "",
    page.description ?? "",
    "",
    ...table(
      rows(
        { node: { ...page, properties: Object.fromEntries(Object.entries(page.properties!).filter(([k]) => k !== "sections")) }, file: "page.schema.json" },
        index,
      ),
    ),
    `| \`sections\` | yes | a list of blocks | ${cell(page.properties!.sections!.description ?? "")} |`,
    "",
  ];
  blockTypes.forEach((type, i) => {
    const at = index.resolve({ $ref: refs[i]! }, "page.schema.json");
    out.push(
      `<a id="block-${type.toLowerCase()}"></a>`,
      "",
      `## \`${type}\`: ${at.node.title}`,
      "",
      at.node.description ?? "",
      "",
      ...table(rows(at, index)),
      "",
    );
    const example = at.node.examples?.[0];
    if (example !== undefined) out.push("For example:", "", ...yamlExample(example, true), "");
  });
  out.push('<a id="shared-field-types"></a>', "", "## Shared field types", "", defs.description ?? "", "");
  for (const name of SHARED) {
    const at = index.resolve({ $ref: `defs.schema.json#/definitions/${name}` }, "defs.schema.json");
    out.push(`<a id="${anchorOf(name)}"></a>`, "", `### ${at.node.title}`, "", at.node.description ?? "", "");
    if (at.node.properties) out.push(...table(rows(at, index)), "");
    else
      out.push(
        `Holds ${kindOf({ $ref: `defs.schema.json#/definitions/${name}` }, { node: defs, file: "defs.schema.json" }, index).replace(/^\[[^\]]*\]\([^)]*\)$/, "see above")}.`,
        "",
      );
    const example = at.node.examples?.[0];
    if (example !== undefined && typeof example === "object") out.push("For example:", "", ...yamlExample(example, false), "");
    else if (example !== undefined) out.push(`For example: \`${String(example)}\``, "");
  }
  out.push(
    '<a id="site-settings"></a>',
    "",
    "## Site settings",
    "",
    site.description ?? "",
    "",
    ...table(rows({ node: site, file: "site.schema.json" }, index)),
    "",
  );
  return out.join("\n");
}

const code = (value: string | number) => `\`${value}\``;

/** docs/SETTINGS.md: one row per environment variable, in the schema's order. */
export function settingsDoc(): string {
  const rows = SETTING_NAMES.map((name) => {
    const schema = SETTINGS_SCHEMA.properties[name];
    const holds = `${settingRule(schema, code)}${schema.writeOnly ? " (a secret: never printed)" : ""}`;
    const example = schema.examples?.[0];
    const about = `${schema.description}${example !== undefined ? ` Example: ${code(example)}` : ""}`;
    return `| \`${name}\` | ${schema.default !== undefined ? code(schema.default) : "unset"} | ${cell(holds)} | ${cell(about)} |`;
  });
  const names = (list: readonly string[]) => list.map(code).join(", ");
  return [
    "# Server settings",
    "",
    "<!-- Generated from schema/serverSettings.schema.json by `npm run docs`. Do not edit: change the schema's descriptions, then run npm run docs. -->",
    "",
    SETTINGS_SCHEMA.description,
    "",
    `\`npm run enquiries\` reads ${names(ENQUIRIES_SETTINGS)} the same way, and \`-- not-spam\` the delivery settings (${names(DELIVERY_SETTINGS)}) too.`,
    `\`npm run staff\` reads ${names(STAFF_SETTINGS)}, and \`-- invite\` the delivery settings, to email the link when SMTP is configured.`,
    "",
    "| variable | default | holds | what it is for |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}

if (isEntryPoint(import.meta.url)) {
  const { values } = readArgs({ check: { type: "boolean", default: false } }, "usage: npm run docs [-- --check]");
  const docs = [
    { file: BLOCKS_DOC, text: blocksDoc() },
    { file: SETTINGS_DOC, text: settingsDoc() },
  ];
  if (writeOrCheck(docs, { check: values.check, root, command: "npm run docs" })) process.exit(1);
}
