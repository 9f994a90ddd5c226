import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node as YamlNode } from "yaml";
import type { Segment } from "../../content/locate.ts";
import type { Located, SchemaIndex, SchemaNode } from "../../content/schema-index.ts";

/**
 * Completions and hover help for the source editor, read from the project's schemas through
 * the schema index (src/content/schema-index.ts), the same reading of `$ref`s and of the
 * sections' discriminator that the validator's messages and docs/BLOCKS.md use. Written here
 * rather than taken from a YAML language server: none reads a discriminator to offer a
 * block's own fields, and this keeps one reading of the schemas for the whole project.
 */
export interface CompletionOption {
  label: string;
  /** What is inserted: `label: ` for a key, the value for a value. */
  apply: string;
  type: "property" | "enum" | "keyword";
  detail?: string;
  info?: string;
}

export interface Completions {
  /** Offset where the word being completed starts. */
  from: number;
  options: CompletionOption[];
}

export interface Hover {
  from: number;
  to: number;
  title: string;
  text: string;
}

const ROOT_FILE = (file: string) => (file === "site/_site.yaml" ? "site.schema.json" : "page.schema.json");

interface Collection {
  node: YamlNode;
  path: Segment[];
  /** Column (0-based) of a map's keys or of a list's dashes. */
  col: number;
  start: number;
}

function collections(doc: ReturnType<typeof parseDocument>, lineCounter: LineCounter): Collection[] {
  const out: Collection[] = [];
  const walk = (node: unknown, path: Segment[]) => {
    if (isMap(node)) {
      const first = node.items[0]?.key as YamlNode | undefined;
      const start = first?.range?.[0] ?? node.range?.[0];
      if (start !== undefined && !node.flow) out.push({ node, path, col: lineCounter.linePos(start).col - 1, start });
      for (const pair of node.items) if (isScalar(pair.key)) walk(pair.value, [...path, String(pair.key.value)]);
    } else if (isSeq(node)) {
      const start = node.range?.[0];
      if (start !== undefined && !node.flow) out.push({ node, path, col: lineCounter.linePos(start).col - 1, start });
      node.items.forEach((item, i) => walk(item, [...path, i]));
    }
  };
  walk(doc.contents, []);
  return out;
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/** The collection, of the given kind with its keys (or dashes) at `col`, that the line at `lineStart` continues. */
function enclosing(text: string, all: Collection[], kind: "map" | "seq", col: number, lineStart: number): Collection | undefined {
  // A list may begin on this very line (its first dash is the one being typed after).
  const candidates = all
    .filter((c) => (kind === "map" ? isMap(c.node) : isSeq(c.node)) && c.col === col && c.start <= lineStart + col)
    .sort((a, b) => b.start - a.start);
  for (const c of candidates) {
    // A line in between that is indented less closes the collection.
    const between = text.slice(c.start, lineStart).split("\n").slice(1);
    if (between.every((l) => l.trim() === "" || l.trimStart().startsWith("#") || indentOf(l) >= col)) return c;
  }
  return undefined;
}

function dataOf(doc: ReturnType<typeof parseDocument>): unknown {
  try {
    return doc.toJS({ maxAliasCount: 20 }) as unknown;
  } catch {
    return null;
  }
}

function schemaAt(index: SchemaIndex, rootFile: string, data: unknown, path: Segment[]): Located | undefined {
  const along = index.along(rootFile, data, path);
  return along.length === path.length + 1 ? along[along.length - 1] : undefined;
}

const valueAt = (data: unknown, path: Segment[]): unknown =>
  path.reduce<unknown>((v, seg) => (v !== null && typeof v === "object" ? (v as Record<string | number, unknown>)[seg] : undefined), data);

function describeNode(node: SchemaNode): string {
  const parts = [node.description ?? ""];
  if (node.enum) parts.push(`One of: ${node.enum.map(String).join(", ")}.`);
  if (node.examples?.length && typeof node.examples[0] !== "object") parts.push(`For example: ${String(node.examples[0])}`);
  return parts.filter(Boolean).join("\n");
}

/** The branches of a discriminated union (the sections' blocks): tag value → the branch. */
function branchesOf(index: SchemaIndex, at: Located): { tag: string; branches: { value: string; node: SchemaNode }[] } | null {
  const tag = at.node.discriminator?.propertyName;
  const list = at.node.oneOf ?? at.node.anyOf;
  if (!tag || !list) return null;
  return {
    tag,
    branches: list
      .map((b) => index.resolve(b, at.file).node)
      .flatMap((node) => (typeof node.properties?.[tag]?.const === "string" ? [{ value: node.properties[tag].const as string, node }] : [])),
  };
}

function keyOptions(index: SchemaIndex, at: Located, present: unknown): CompletionOption[] {
  const union = branchesOf(index, at);
  if (union && !at.node.properties) {
    return [
      { label: union.tag, apply: `${union.tag}: `, type: "property", detail: "which block", info: `One of: ${union.branches.map((b) => b.value).join(", ")}.` },
    ];
  }
  const have = present !== null && typeof present === "object" && !Array.isArray(present) ? new Set(Object.keys(present)) : new Set<string>();
  const required = new Set(at.node.required ?? []);
  return Object.entries(at.node.properties ?? {})
    .filter(([name]) => !have.has(name))
    .map(([name, raw]) => {
      const node = index.resolve(raw, at.file).node;
      return {
        label: name,
        apply: `${name}: `,
        type: "property" as const,
        detail: `${node.title ?? name}${required.has(name) ? " (required)" : ""}`,
        info: describeNode(node),
      };
    });
}

function valueOptions(index: SchemaIndex, parent: Located, key: string): CompletionOption[] {
  const union = branchesOf(index, parent);
  if (union?.tag === key) return union.branches.map((b) => ({ label: b.value, apply: b.value, type: "enum", detail: b.node.title, info: b.node.description }));
  const raw = parent.node.properties?.[key];
  if (!raw) return [];
  const node = index.resolve(raw, parent.file).node;
  if (node.enum) return node.enum.map((v) => ({ label: String(v), apply: String(v), type: "enum" as const, detail: node.title }));
  if (node.const !== undefined) return [{ label: String(node.const), apply: String(node.const), type: "enum", detail: node.title }];
  if (node.type === "boolean") return ["true", "false"].map((v) => ({ label: v, apply: v, type: "keyword" as const, detail: node.title }));
  return [];
}

const KEY_LINE = /^(\s*)(-\s+)?([A-Za-z_$][\w$-]*)?$/;
const VALUE_LINE = /^(\s*)(-\s+)?([A-Za-z_$][\w$-]*):\s+([^\s#'"{[]*)$/;

/** What may be typed at `offset`: a field of the group the line is in, or a value of the field the line names. */
export function completionsAt(index: SchemaIndex, file: string, text: string, offset: number): Completions | null {
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const before = text.slice(lineStart, offset);
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, strict: false });
  const all = collections(doc, lineCounter);
  const data = dataOf(doc);
  const rootFile = ROOT_FILE(file);
  const parentPath = (indent: number, dash: string | undefined): Segment[] | undefined => {
    if (dash) {
      const seq = enclosing(text, all, "seq", indent, lineStart);
      if (!seq) return undefined;
      const inSeq = (seq.node as { items: unknown[] }).items.findIndex((item) => ((item as YamlNode | null)?.range?.[0] ?? -1) >= lineStart);
      return [...seq.path, inSeq >= 0 ? inSeq : (seq.node as { items: unknown[] }).items.length];
    }
    if (indent === 0) return [];
    return enclosing(text, all, "map", indent, lineStart)?.path;
  };

  const valueLine = VALUE_LINE.exec(before);
  if (valueLine) {
    const [, indent = "", dash, key = "", typed = ""] = valueLine;
    const path = parentPath(indent.length, dash);
    const parent = path && schemaAt(index, rootFile, data, path);
    if (!parent) return null;
    const options = valueOptions(index, parent, key);
    return options.length > 0 ? { from: offset - typed.length, options } : null;
  }
  const keyLine = KEY_LINE.exec(before);
  if (!keyLine) return null;
  const [, indent = "", dash, typed = ""] = keyLine;
  const keyPath = parentPath(indent.length, dash);
  if (!keyPath) return null;
  const at = schemaAt(index, rootFile, data, keyPath);
  if (!at) return null;
  const options = keyOptions(index, at, valueAt(data, keyPath));
  return options.length > 0 ? { from: offset - typed.length, options } : null;
}

/** Help for the field name (or block type) under `offset`: its title and description from the schemas. */
export function hoverAt(index: SchemaIndex, file: string, text: string, offset: number): Hover | null {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, strict: false });
  const data = dataOf(doc);
  const rootFile = ROOT_FILE(file);
  let found: { path: Segment[]; range: [number, number]; tagValue?: string } | null = null;
  const walk = (node: unknown, path: Segment[]) => {
    if (found) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = pair.key as YamlNode | null;
        if (!isScalar(key) || !key.range) continue;
        const name = String(key.value);
        if (offset >= key.range[0] && offset <= key.range[1]) {
          found = { path: [...path, name], range: [key.range[0], key.range[1]] };
          return;
        }
        const value = pair.value as YamlNode | null;
        if (isScalar(value) && value.range && offset >= value.range[0] && offset <= value.range[1] && name === "type") {
          found = { path, range: [value.range[0], value.range[1]], tagValue: String(value.value) };
          return;
        }
        walk(pair.value, [...path, name]);
      }
    } else if (isSeq(node)) node.items.forEach((item, i) => walk(item, [...path, i]));
  };
  walk(doc.contents, []);
  const hit = found as { path: Segment[]; range: [number, number]; tagValue?: string } | null;
  if (!hit) return null;
  if (hit.tagValue !== undefined) {
    const block = schemaAt(index, rootFile, data, hit.path);
    if (!block?.node.title) return null;
    return { from: hit.range[0], to: hit.range[1], title: `${hit.tagValue}: ${block.node.title}`, text: block.node.description ?? "" };
  }
  const parent = schemaAt(index, rootFile, data, hit.path.slice(0, -1));
  const raw = parent?.node.properties?.[hit.path[hit.path.length - 1] as string];
  if (!parent || !raw) return null;
  const node = index.resolve(raw, parent.file).node;
  return { from: hit.range[0], to: hit.range[1], title: node.title ?? String(hit.path[hit.path.length - 1]), text: describeNode(node) };
}
