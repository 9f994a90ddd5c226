import { compactYaml } from "../../content/starters.ts";
import type { PhoneCut } from "./pictures.ts";
import type { Located, SchemaIndex, SchemaNode } from "../../content/schema-index.ts";

/**
 * What the editor's form view draws, read from the same schemas as the validator: the page's
 * own fields and, for each block, its fields and the YAML of a new section of that block.
 * The form holds no validator of its own: the server checks the text after every edit.
 */
export interface FieldSpec {
  name: string;
  title: string;
  description: string;
  required: boolean;
  kind: "text" | "longtext" | "number" | "boolean" | "choice" | "group" | "list" | "picture";
  choices?: (string | number)[];
  /** A group's own fields, or the fields of each entry of a list of groups (one level: deeper groups are edited in the source view). */
  fields?: FieldSpec[];
  /** A list's new entry, as appendEntry takes it (`- label: …`); absent when its entries are not groups the form can draw. */
  starter?: string;
  /** The fewest entries the list may have. */
  minItems?: number;
  /** A picture the block draws across a phone's whole screen gets a phone version cut this way (pictures.ts). */
  phoneCut?: PhoneCut;
}

export interface BlockSpec {
  type: string;
  title: string;
  description: string;
  fields: FieldSpec[];
  /** A new section of this block, as a list entry: `- type: prose\n  heading: …`. */
  starter: string;
}

export interface FormSchema {
  page: FieldSpec[];
  blocks: BlockSpec[];
}

const LONG_TEXT = new Set(["description", "text", "intro", "body", "caption"]);

/**
 * The pictures a block draws over a phone's whole screen with `object-fit: cover` (Hero.module.css,
 * EnquiryForm.module.css), where a phone held upright would fetch a wide file to show a narrow
 * cut of it: those get a phone version, cut from the side the block shows. Pictures in cards and
 * slides keep their own shape on phones, so a phone cut would crop them wrongly.
 */
const PHONE_CUTS: Readonly<Record<string, Readonly<Record<string, PhoneCut>>>> = { hero: { image: "right" }, enquiryForm: { background: "centre" } };

/** The fields of a picture an upload writes (pictures.ts): shown as the picture, not as inputs. */
const PICTURE_FILE_FIELDS = ["src", "width", "height", "phone"];

const entryYaml = (value: unknown) => compactYaml([value]).toString({ lineWidth: 0, flowCollectionPadding: false });

function kindOf(node: SchemaNode, name: string): FieldSpec["kind"] {
  if (node["x-kind"] === "image") return "picture";
  if (node.enum) return "choice";
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === "boolean") return "boolean";
  if (type === "integer" || type === "number") return "number";
  if (type === "object" || node.properties) return "group";
  if (type === "array") return "list";
  return LONG_TEXT.has(name) || (node.maxLength ?? 0) > 200 ? "longtext" : "text";
}

function fieldsOf(index: SchemaIndex, at: Located, depth: number, skip: string[] = []): FieldSpec[] {
  const required = new Set(at.node.required ?? []);
  return Object.entries(at.node.properties ?? {})
    .filter(([name, raw]) => !skip.includes(name) && !raw.readOnly)
    .map(([name, raw]) => {
      const resolved = index.resolve(raw, at.file);
      const branch = resolved.node.oneOf || resolved.node.anyOf ? index.branchFor(resolved, {}) : resolved;
      const kind = kindOf(branch.node, name);
      const spec: FieldSpec = { name, title: resolved.node.title ?? name, description: resolved.node.description ?? "", required: required.has(name), kind };
      if (kind === "choice") spec.choices = (branch.node.enum ?? []).filter((c): c is string | number => typeof c === "string" || typeof c === "number");
      if (kind === "group" && depth > 0) spec.fields = fieldsOf(index, branch, depth - 1).filter((f) => f.kind !== "group" && f.kind !== "list");
      // A picture's own words and switches (alt, decorative, …) stay editable beside it; its file,
      // size and phone version come from an upload only, so they are not inputs.
      if (kind === "picture" && depth > 0)
        spec.fields = fieldsOf(index, branch, depth - 1, PICTURE_FILE_FIELDS).filter((f) => f.kind !== "group" && f.kind !== "list");
      if (kind === "list" && depth > 0 && branch.node.items) {
        const items = index.resolve(branch.node.items, branch.file);
        if (kindOf(items.node, name) === "group") {
          spec.fields = fieldsOf(index, items, depth - 1).filter((f) => f.kind !== "group" && f.kind !== "list");
          spec.starter = entryYaml(starterValue(index, items, 3));
        }
        spec.minItems = branch.node.minItems ?? 0;
      }
      return spec;
    });
}

const PLACEHOLDER_TEXT = "Replace this text";

/** The least a value of this schema needs to be valid in shape, with placeholder texts validate reports until they are replaced. */
function starterValue(index: SchemaIndex, at: Located, depth: number): unknown {
  const node = at.node.oneOf || at.node.anyOf ? index.branchFor(at, "").node : at.node;
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  if (type === "boolean") return false;
  if (type === "integer" || type === "number") return node.examples?.[0] ?? node.minimum ?? 1;
  if (type === "array") {
    const items = node.items ? index.resolve(node.items, at.file) : null;
    return items && depth > 0 ? Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => starterValue(index, items, depth - 1)) : [];
  }
  if (type === "object" || node.properties) {
    const out: Record<string, unknown> = {};
    for (const name of node.required ?? []) {
      const raw = node.properties?.[name];
      if (raw && depth > 0) out[name] = starterValue(index, index.resolve(raw, at.file), depth - 1);
    }
    return out;
  }
  // Texts with a pattern (addresses, picture paths) start from the schema's example, which fits it.
  return node.pattern && typeof node.examples?.[0] === "string" ? node.examples[0] : PLACEHOLDER_TEXT;
}

/** The form of a page file and of each block, from the page schema and its block schemas. */
export function formSchema(index: SchemaIndex): FormSchema {
  const pageRoot = index.resolve(index.schemas.get("page.schema.json")!, "page.schema.json");
  const sectionsRaw = pageRoot.node.properties?.sections?.items;
  const sections = sectionsRaw ? index.resolve(sectionsRaw, pageRoot.file) : null;
  const tag = sections?.node.discriminator?.propertyName ?? "type";
  const blocks = (sections?.node.oneOf ?? sections?.node.anyOf ?? []).map((raw) => {
    const block = index.resolve(raw, sections!.file);
    const type = String(block.node.properties?.[tag]?.const);
    const starter = { [tag]: type, ...(starterValue(index, block, 4) as Record<string, unknown>) };
    return {
      type,
      title: block.node.title ?? type,
      description: block.node.description ?? "",
      fields: fieldsOf(index, block, 1, [tag]).map((f) => (PHONE_CUTS[type]?.[f.name] ? { ...f, phoneCut: PHONE_CUTS[type][f.name] } : f)),
      starter: entryYaml(starter),
    };
  });
  return { page: fieldsOf(index, pageRoot, 1, ["sections", "schemaVersion"]), blocks: blocks.sort((a, b) => a.type.localeCompare(b.type)) };
}
