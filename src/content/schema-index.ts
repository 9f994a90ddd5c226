import { posix } from "node:path";
import type { Segment } from "./locate.ts";

/**
 * The schemas as one navigable whole: follow a `$ref` the way the YAML language server
 * does (the referenced schema, with the referring node's own title/description on top),
 * and find the schema that governs a value at a path in a document. Error messages,
 * the block reference (docs/BLOCKS.md) and the page starters all read the schemas here.
 */
export type SchemaNode = {
  $ref?: string;
  title?: string;
  description?: string;
  examples?: unknown[];
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: boolean;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  discriminator?: { propertyName: string };
  definitions?: Record<string, SchemaNode>;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  readOnly?: boolean;
  "x-kind"?: string;
  [key: string]: unknown;
};

/** A schema node together with the file it was read from (to resolve its relative `$ref`s). */
export interface Located {
  node: SchemaNode;
  file: string;
}

export interface SchemaIndex {
  schemas: Map<string, SchemaNode>;
  /** Follow `$ref`s from `node` (read in `file`); keys written beside the `$ref` win. */
  resolve(node: SchemaNode, file: string): Located;
  /** The schema of the value at each step of `path` in `data`: [root, after path[0], …]; shorter when the path leaves the schema. */
  along(rootFile: string, data: unknown, path: Segment[]): Located[];
  /** The file a node of one of the schemas was read from (for nodes ajv hands back in its errors). */
  fileOf(node: object): string | undefined;
  /** The branch of a oneOf/anyOf that fits `value` (by discriminator, then by type), or the node itself. */
  branchFor(at: Located, value: unknown): Located;
}

function pointerGet(node: unknown, fragment: string): SchemaNode | undefined {
  if (fragment === "" || fragment === "/") return node as SchemaNode;
  let at: unknown = node;
  for (const raw of fragment.replace(/^\//, "").split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    at = at !== null && typeof at === "object" ? (at as Record<string, unknown>)[key] : undefined;
  }
  return at as SchemaNode | undefined;
}

export function jsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

function fitsType(node: SchemaNode, value: unknown): boolean {
  if (node.const !== undefined) return node.const === value;
  if (node.type === undefined) return true;
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const actual = jsonType(value);
  return types.includes(actual) || (actual === "integer" && types.includes("number"));
}

export function createSchemaIndex(schemas: Map<string, SchemaNode>): SchemaIndex {
  const files = new WeakMap<object, string>();
  const record = (node: unknown, file: string): void => {
    if (node === null || typeof node !== "object" || files.has(node)) return;
    files.set(node, file);
    for (const child of Object.values(node)) record(child, file);
  };
  for (const [file, schema] of schemas) record(schema, file);

  const resolve = (node: SchemaNode, file: string): Located => {
    let at: Located = { node, file };
    for (let hops = 0; typeof at.node.$ref === "string" && hops < 20; hops++) {
      const [target = "", fragment = ""] = at.node.$ref.split("#");
      const targetFile = target === "" ? at.file : posix.normalize(posix.join(posix.dirname(at.file), target));
      const found = pointerGet(schemas.get(targetFile), fragment);
      if (!found) throw new Error(`${at.file}: $ref ${at.node.$ref} points at nothing`);
      const { $ref: _followed, ...own } = at.node;
      at = { node: { ...found, ...own }, file: targetFile };
    }
    return at;
  };

  const branchFor = (at: Located, value: unknown): Located => {
    const branches = at.node.oneOf ?? at.node.anyOf;
    if (!branches) return at;
    const resolved = branches.map((b) => resolve(b, at.file));
    const tag = at.node.discriminator?.propertyName;
    if (tag && value !== null && typeof value === "object") {
      const wanted = (value as Record<string, unknown>)[tag];
      const match = resolved.find((b) => b.node.properties?.[tag]?.const === wanted);
      return match ?? at;
    }
    return resolved.find((b) => fitsType(b.node, value)) ?? at;
  };

  const along = (rootFile: string, data: unknown, path: Segment[]): Located[] => {
    const root = schemas.get(rootFile);
    if (!root) return [];
    let at = branchFor(resolve(root, rootFile), data);
    let value = data;
    const out: Located[] = [at];
    for (const seg of path) {
      value = value !== null && typeof value === "object" ? (value as Record<string | number, unknown>)[seg] : undefined;
      let child: SchemaNode | undefined;
      if (typeof seg === "number") child = at.node.items;
      else child = at.node.properties?.[seg];
      if (!child) break;
      at = branchFor(resolve(child, at.file), value);
      out.push(at);
    }
    return out;
  };

  return { schemas, resolve, along, branchFor, fileOf: (node) => files.get(node) };
}
