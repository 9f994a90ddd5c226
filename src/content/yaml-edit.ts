import { Composer, CST, isMap, isScalar, isSeq, parseDocument, Parser, type Document, type Node as YamlNode, type Scalar } from "yaml";

/**
 * Edits to a page's YAML that change only what they touch: every other byte (comments,
 * quoting, key order, flow or block style, the schema line) stays as it was. The form view
 * and the one-click fixes go through these, so both views edit the one text.
 *
 * A scalar's new value is written through the yaml package's CST (`CST.setScalarValue`, its
 * own way of editing a value in place); lines are added, removed and moved as whole lines at
 * the positions the parsed Document gives. Re-serialising the Document would rewrite the
 * whole file in the package's own layout (`{ a }` → `{a}`, line folding), which is what the
 * other editors of this kind do, and what this editor must not.
 */
export type YamlPath = (string | number)[];

/** The parsed document with its source tokens kept, so a value can be rewritten where it stands. */
function composed(text: string): { doc: Document.Parsed; tokens: CST.Token[] } {
  const tokens = [...new Parser().parse(text)];
  const docs = [...new Composer({ keepSourceTokens: true, uniqueKeys: false }).compose(tokens)];
  if (docs.length !== 1 || docs[0]!.errors.length > 0)
    throw new YamlEditError("Fix the mistakes shown in the source view first: the form edits a page that reads cleanly.");
  return { doc: docs[0]!, tokens };
}

/** An edit that cannot be made to this text, in words for the person editing. */
export class YamlEditError extends Error {}

/** True when YAML reads `text` back as this very string, both as a field's value and inside `{ }`. */
function readsBackAsText(text: string): boolean {
  if (text === "" || text !== text.trim() || text.includes("\n")) return false;
  return [`k: ${text}`, `{k: ${text}}`].every((source) => {
    const doc = parseDocument(source);
    return doc.errors.length === 0 && (doc.toJS() as { k?: unknown } | null)?.k === text;
  });
}

/** How a text is written as a value: plain where YAML reads it back as the same text, else in double quotes. */
export function scalarSource(value: string | number | boolean): { source: string; type: Scalar.Type } {
  if (typeof value !== "string" || readsBackAsText(value)) return { source: String(value), type: "PLAIN" };
  return { source: JSON.stringify(value), type: "QUOTE_DOUBLE" };
}

function nodeAt(doc: Document.Parsed, path: YamlPath): YamlNode | null {
  const node = doc.getIn(path, true) as YamlNode | undefined;
  return node ?? null;
}

/** Set the value at `path` (which exists) to a text, number or boolean, keeping its quoting where the new value allows. */
function rewriteScalar(text: string, path: YamlPath, value: string | number | boolean): string {
  const { doc, tokens } = composed(text);
  const node = nodeAt(doc, path);
  if (!isScalar(node) || !node.srcToken) throw new YamlEditError(`${path.join(".")} is a list or a group: edit it in the source view.`);
  if (node.value === value) return text;
  const wanted = scalarSource(value);
  const keep = typeof value === "string" && (node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE") ? node.type : undefined;
  const inFlow = node.srcToken.type !== "block-scalar" && path.length > 0 && isFlowParent(doc, path);
  // setScalarValue takes the value itself and writes it in the type asked for (quoting and escaping it).
  CST.setScalarValue(node.srcToken, String(value), { afterKey: typeof path[path.length - 1] === "string", inFlow, type: keep ?? wanted.type });
  return tokens.map((t) => CST.stringify(t)).join("");
}

function isFlowParent(doc: Document.Parsed, path: YamlPath): boolean {
  const parent = path.length === 1 ? doc.contents : (doc.getIn(path.slice(0, -1), true) as YamlNode | undefined);
  return (isMap(parent) || isSeq(parent)) && !!parent.flow;
}

const lineStartOf = (text: string, offset: number) => text.lastIndexOf("\n", offset - 1) + 1;
const lineEndOf = (text: string, offset: number) => {
  const end = text.indexOf("\n", offset);
  return end === -1 ? text.length : end + 1;
};

/** A group of fields to write at once: texts, numbers and booleans, or groups of them (a picture and its phone version). */
export interface FieldValues {
  [key: string]: string | number | boolean | FieldValues;
}

/** A group written on one line, as the site writes small groups: `{ src: /a.webp, width: 360, height: 540 }`. */
const flowSource = (values: FieldValues): string =>
  `{ ${Object.entries(values)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? flowSource(v) : scalarSource(v).source}`)
    .join(", ")} }`;

/** Add `key: value` at the end of the group at `path` (a block group on its own lines, or a `{ … }` group); a group value goes on lines of its own below its key. */
function addField(text: string, mapPath: YamlPath, key: string, value: string | number | boolean | FieldValues): string {
  const { doc } = composed(text);
  const map = mapPath.length === 0 ? doc.contents : nodeAt(doc, mapPath);
  if (!isMap(map) || !map.range) throw new YamlEditError(`${mapPath.join(".") || "The page"} is not a group of fields: edit it in the source view.`);
  const source = typeof value === "object" ? flowSource(value) : scalarSource(value).source;
  if (map.flow) {
    const close = text.lastIndexOf("}", map.range[1]);
    const padded = text[close - 1] === " ";
    const at = padded ? close - 1 : close;
    return `${text.slice(0, at)}${map.items.length > 0 ? ", " : ""}${key}: ${source}${text.slice(at)}`;
  }
  const first = map.items[0]?.key as YamlNode | undefined;
  if (!first?.range) throw new YamlEditError("This group has no fields yet: add the first in the source view.");
  const indent = first.range[0] - lineStartOf(text, first.range[0]);
  const lastValue = (map.items[map.items.length - 1]!.value ?? map.items[map.items.length - 1]!.key) as YamlNode;
  const at = lineEndOf(text, (lastValue.range?.[1] ?? first.range[1]) - 1);
  const newline = at > 0 && text[at - 1] !== "\n" ? "\n" : "";
  const pad = " ".repeat(indent);
  const lines =
    typeof value === "object"
      ? `${pad}${key}:\n${Object.entries(value)
          .map(([k, v]) => `${pad}  ${k}: ${typeof v === "object" ? flowSource(v) : scalarSource(v).source}\n`)
          .join("")}`
      : `${pad}${key}: ${source}\n`;
  return `${text.slice(0, at)}${newline}${lines}${text.slice(at)}`;
}

/** Set a field to a value: rewritten in place when present, added at the end of its group when not. */
export function setValue(text: string, path: YamlPath, value: string | number | boolean): string {
  const { doc } = composed(text);
  if (doc.hasIn(path)) return rewriteScalar(text, path, value);
  const key = path[path.length - 1];
  if (typeof key !== "string") throw new YamlEditError("Add list entries in the source view.");
  const parent = path.slice(0, -1);
  if (parent.length > 0 && !doc.hasIn(parent)) throw new YamlEditError(`Add ${parent.join(".")} in the source view first.`);
  return addField(text, parent, key, value);
}

/**
 * Set a group of fields at `path` (a picture's src, alt, width, height and phone version): each
 * field present is rewritten in place, each missing one added at the end of its group, and a
 * group that is not there yet is added whole.
 */
export function setFields(text: string, path: YamlPath, values: FieldValues): string {
  const { doc } = composed(text);
  if (!doc.hasIn(path)) {
    const key = path[path.length - 1];
    const parent = path.slice(0, -1);
    if (typeof key !== "string") throw new YamlEditError("Add list entries with the form's Add buttons.");
    if (parent.length > 0 && !doc.hasIn(parent)) throw new YamlEditError(`Add ${parent.join(".")} in the source view first.`);
    return addField(text, parent, key, values);
  }
  let out = text;
  for (const [key, value] of Object.entries(values))
    out = typeof value === "object" ? setFields(out, [...path, key], value) : setValue(out, [...path, key], value);
  return out;
}

/** The whole lines an entry of a block list takes, comments above it included, up to the next entry. */
function entrySpans(text: string, listPath: YamlPath): { start: number; end: number }[] {
  const { doc } = composed(text);
  const list = nodeAt(doc, listPath);
  if (!isSeq(list) || list.flow) throw new YamlEditError(`${listPath.join(".")} is not a list written one entry per line.`);
  // An entry starts at its dash, or at the comment lines right above it, which are about it.
  const starts = list.items.map((item) => {
    let start = lineStartOf(text, (item as YamlNode).range![0]);
    for (let above = lineStartOf(text, start - 1); start > 0 && text.slice(above, start).trimStart().startsWith("#"); above = lineStartOf(text, above - 1))
      start = above;
    return start;
  });
  const lastEnd = lineEndOf(text, Math.max(0, ((list.items[list.items.length - 1] as YamlNode | undefined)?.range?.[1] ?? 1) - 1));
  return starts.map((start, i) => ({ start, end: i + 1 < starts.length ? starts[i + 1]! : lastEnd }));
}

/** Remove entry `index` of the list at `listPath`. */
export function removeEntry(text: string, listPath: YamlPath, index: number): string {
  const spans = entrySpans(text, listPath);
  const span = spans[index];
  if (!span) throw new YamlEditError(`There is no entry ${index + 1} to remove.`);
  if (spans.length === 1)
    throw new YamlEditError(
      listPath.length === 1 && listPath[0] === "sections" ? "A page keeps at least one section." : "A list keeps at least one entry: change this one instead.",
    );
  return text.slice(0, span.start) + text.slice(span.end);
}

/** Swap entry `index` with the one before it (`by` -1) or after it (`by` 1). */
export function moveEntry(text: string, listPath: YamlPath, index: number, by: -1 | 1): string {
  const spans = entrySpans(text, listPath);
  const [a, b] = by === -1 ? [spans[index - 1], spans[index]] : [spans[index], spans[index + 1]];
  if (!a || !b) throw new YamlEditError("That entry is already at the end of the list.");
  const withNewline = (s: string) => (s.endsWith("\n") ? s : `${s}\n`);
  const first = text.slice(a.start, a.end);
  const second = text.slice(b.start, b.end);
  const tail = text.slice(b.end);
  const joined = withNewline(second) + (tail === "" && !text.endsWith("\n") ? first.replace(/\n$/, "") : withNewline(first));
  return text.slice(0, a.start) + joined + tail;
}

/**
 * Add an entry at the end of the list at `listPath`: `entry` is the entry's YAML as the list's
 * first line would hold it (`- type: prose\n  heading: …`), indented here to the list's own column.
 */
export function appendEntry(text: string, listPath: YamlPath, entry: string): string {
  const spans = entrySpans(text, listPath);
  const last = spans[spans.length - 1]!;
  const { doc } = composed(text);
  const list = nodeAt(doc, listPath) as YamlNode;
  const column = list.range![0] - lineStartOf(text, list.range![0]);
  const indented = entry
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => (line === "" ? line : " ".repeat(column) + line))
    .join("\n");
  const before = text.slice(0, last.end);
  return `${before}${before.endsWith("\n") ? "" : "\n"}${indented}\n${text.slice(last.end)}`;
}

/** The data the text holds, or null while it does not read cleanly (the source view shows why). */
export function dataOf(text: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: false });
  if (doc.errors.length > 0) return null;
  try {
    return doc.toJS({ maxAliasCount: 20 }) as unknown;
  } catch {
    return null;
  }
}

/** Offset of a 1-based line and column in the text. */
export function offsetOf(text: string, line: number, col: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", start);
    if (next === -1) return text.length;
    start = next + 1;
  }
  return Math.min(text.length, start + col - 1);
}
