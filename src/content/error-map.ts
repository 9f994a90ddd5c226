import type { ErrorObject } from "ajv";
import { didYouMean } from "./did-you-mean.ts";
import { GLUED_DASH_TEXT } from "./yaml-errors.ts";
import { pointerToPath, type Segment } from "./locate.ts";
import type { Located, SchemaIndex, SchemaNode } from "./schema-index.ts";

/** A schema error in the editor's words, pointing at a place in the document. */
export interface MappedError {
  path: Segment[];
  /** Point at the field's name rather than its value. */
  key?: boolean;
  message: string;
  hint?: string;
}

export function typeName(type: string): string {
  switch (type) {
    case "string":
      return "text";
    case "number":
      return "a number";
    case "integer":
      return "a whole number";
    case "boolean":
      return "true or false";
    case "array":
      return "a list";
    case "object":
      return "a group of fields";
    case "null":
      return "nothing";
    default:
      return type;
  }
}

export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "string") return `text "${value.length > 40 ? value.slice(0, 37) + "..." : value}"`;
  if (typeof value === "number") return `the number ${value}`;
  if (typeof value === "boolean") return `${value}`;
  return "a group of fields";
}

/** `sections[2] (cardGrid) › cards[0]` for the path of a value in a page. */
export function describePath(path: Segment[], data: unknown): string {
  const parts: string[] = [];
  let node: unknown = data;
  for (const seg of path) {
    const child = node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[seg] : undefined;
    if (typeof seg === "number") {
      const last = parts.pop() ?? "";
      const type = child && typeof child === "object" && typeof (child as { type?: unknown }).type === "string" ? ` (${(child as { type: string }).type})` : "";
      parts.push(`${last}[${seg}]${type}`);
    } else parts.push(seg);
    node = child;
  }
  return parts.join(" › ");
}

/** Text that was read as `field: value` because it held ": " — a group with one field whose value is plain. */
function colonTextOf(value: unknown): string | undefined {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
  const entries = Object.entries(value);
  if (entries.length !== 1) return undefined;
  const [key, inner] = entries[0]!;
  if (inner !== null && typeof inner === "object") return undefined;
  return `${key}: ${inner === null ? "" : String(inner)}`.trim();
}

const COLON_MESSAGE = 'this text contains ": " (a colon and a space), so it was read as a field name';
const quoteHint = (text: string) => `put the whole text in quotes: ${text.includes('"') ? `'${text.replace(/'/g, "''")}'` : `"${text}"`}`;

function typeHint(expected: string, value: unknown, examples?: unknown[]): string | undefined {
  if (expected === "number" || expected === "integer") {
    if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*(px)?\s*$/.test(value))
      return `write the number alone, without quotes or units: ${parseFloat(value)}`;
    const example = examples?.find((e) => typeof e === "number");
    return `write digits only${example !== undefined ? `, for example ${example}` : ""}`;
  }
  if (expected === "boolean" && typeof value === "string") return "write true or false, without quotes";
  if (expected === "string" && (typeof value === "number" || typeof value === "boolean")) return `put it in quotes: "${value}"`;
  if (expected === "string" && colonTextOf(value)) return quoteHint(colonTextOf(value)!);
  if (expected === "array" && typeof value === "string" && /^-\S/.test(value))
    return `${GLUED_DASH_TEXT(value.slice(1)).message}: ${GLUED_DASH_TEXT(value.slice(1)).hint}`;
  if (expected === "array" && value !== null && typeof value !== "object") return 'start each entry on its own line with "- "';
  if (expected === "object" && typeof value === "string") return "this needs fields under it, each on its own indented line";
  if (expected === "object" && Array.isArray(value)) return 'remove the "- " before the fields: here they are written as a list';
  return undefined;
}

/**
 * For `anyOf`, drop the branches whose type does not fit the value, so one mistake reads
 * as one problem. Ajv reports a failed anyOf's branch errors just before the anyOf error
 * itself (schema paths restart inside a $ref, so order and instance paths are what we use).
 * When text was one of the choices and the value is a one-field group, the cause is a
 * colon in the text: that becomes one "colon" error.
 */
function pruneAnyOf(errors: ErrorObject[]): ErrorObject[] {
  const dropped = new Set<number>();
  const replaced = new Map<number, ErrorObject>();
  errors.forEach((anyOf, i) => {
    if (anyOf.keyword !== "anyOf") return;
    dropped.add(i);
    const run: number[] = [];
    for (let j = i - 1; j >= 0 && errors[j]!.instancePath.startsWith(anyOf.instancePath); j--) if (!dropped.has(j)) run.push(j);
    const mismatched = run.filter((j) => errors[j]!.keyword === "type" && errors[j]!.instancePath === anyOf.instancePath);
    const textWanted = mismatched.some((j) => errors[j]!.params.type === "string");
    if (textWanted && colonTextOf(anyOf.data) !== undefined) {
      run.forEach((j) => dropped.add(j));
      replaced.set(i, { ...anyOf, keyword: "colonText", params: {} });
    } else if (mismatched.length < run.length) mismatched.forEach((j) => dropped.add(j));
    else {
      const expected = [...new Set(mismatched.map((j) => typeName(String(errors[j]!.params.type))))];
      mismatched.forEach((j) => dropped.add(j));
      replaced.set(i, { ...anyOf, keyword: "type", params: { type: "", expectedNames: expected } });
    }
  });
  return errors.flatMap((e, i) => (replaced.has(i) ? [replaced.get(i)!] : dropped.has(i) ? [] : [e]));
}

/** What the person editing calls the thing a schema describes: a block by its type, else its title ("a card"). */
function nameOf(at: Located | undefined, value: unknown, isRoot: boolean): string {
  if (isRoot) return "the page";
  const type = at?.node.properties?.type?.const;
  if (typeof type === "string" && value !== null && typeof value === "object") return type;
  const title = (at?.node.title ?? "group").toLowerCase();
  return `${/^[aeiou]/.test(title) ? "an" : "a"} ${title}`;
}

/** A field that is unknown where it is, but belongs to a group above it: usually indented one level too far. */
function misplaced(field: string, path: Segment[], ctx: MapContext): { message: string; hint: string; ancestor: Segment[] } | null {
  const chain = ctx.index.along(ctx.rootFile, ctx.data, path);
  if (chain.length <= path.length) return null;
  for (let k = path.length - 1; k >= 0; k--) {
    const ancestor = chain[k]!;
    if (!ancestor.node.properties?.[field] || ancestor.node.properties[field]!.readOnly) continue;
    const ancestorPath = path.slice(0, k);
    const ancestorValue = valueAt(ctx.data, ancestorPath);
    const here = nameOf(chain[path.length], valueAt(ctx.data, path), false);
    const there = nameOf(ancestor, ancestorValue, k === 0);
    const type = ancestor.node.properties?.type?.const;
    const hint =
      k === 0
        ? "move it to the top level of the file, with no spaces before it"
        : typeof type === "string"
          ? `move it up under the section, in line with type: ${type}`
          : `move it up, in line with the other fields of ${there}`;
    return { message: `${field} belongs to ${there}, not to ${here}`, hint, ancestor: ancestorPath };
  }
  return null;
}

function valueAt(data: unknown, path: Segment[]): unknown {
  let node = data;
  for (const seg of path) node = node !== null && typeof node === "object" ? (node as Record<string | number, unknown>)[seg] : undefined;
  return node;
}

/** What mapErrors needs besides ajv's errors: the block types, the schemas and the document. */
export interface MapContext {
  blockTypes: string[];
  index: SchemaIndex;
  /** The schema the document was validated against: page.schema.json or site.schema.json. */
  rootFile: string;
  data: unknown;
}

/** The description of a field of `parent`, following a $ref to where it is written. */
function describeField(parent: SchemaNode, field: string, ctx: MapContext): string | undefined {
  const node = parent.properties?.[field];
  return node ? ctx.index.resolve(node, ctx.index.fileOf(node) ?? ctx.rootFile).node.description : undefined;
}

/**
 * A file written with the folder it lives in ("site/assets/logo.svg", "assets/logo.svg"): the
 * path as it is served ("/logo.svg"), which is what the hint asks for; undefined for other paths.
 */
export function servedPathOf(value: string): string | undefined {
  const m = /^(?:\.?\/)?(?:site\/)?assets\/(.+)$/.exec(value.trim());
  return m ? `/${m[1]}` : undefined;
}

const VERSION_HINT = "run npm run migrate, which updates the page to the current format";

function mapOne(e: ErrorObject, ctx: MapContext): MappedError | null {
  const path = pointerToPath(e.instancePath);
  const parent = (e.parentSchema ?? {}) as SchemaNode;
  const value = e.data;
  switch (e.keyword) {
    case "colonText":
      return { path, message: COLON_MESSAGE, hint: quoteHint(colonTextOf(value)!) };
    case "additionalProperties": {
      const field = String(e.params.additionalProperty);
      const allowed = Object.keys(parent.properties ?? {});
      if (/\s/.test(field)) {
        return { path: [...path, field], key: true, message: COLON_MESSAGE, hint: "put the whole text in double quotes" };
      }
      const wrongPlace = misplaced(field, path, ctx);
      if (wrongPlace) return { path: [...path, field], key: true, message: wrongPlace.message, hint: wrongPlace.hint };
      const guess = didYouMean(field, allowed);
      return {
        path: [...path, field],
        key: true,
        message: `unknown field "${field}"`,
        hint: guess ? `did you mean "${guess}"?` : `the fields here are: ${allowed.join(", ")}`,
      };
    }
    case "required": {
      const field = String(e.params.missingProperty);
      if (field === "schemaVersion" && path.length === 0) {
        const version = parent.properties?.schemaVersion?.const;
        return {
          path,
          message: "this page does not say which version of the page format it uses",
          hint: `${VERSION_HINT} (or add the line schemaVersion: ${String(version)} at the top)`,
        };
      }
      const about = describeField(parent, field, ctx);
      return { path, message: `missing required field "${field}"`, hint: about ? `add ${field}: … (${about})` : `add a line ${field}: …` };
    }
    case "discriminator": {
      const list = `the block types are: ${ctx.blockTypes.join(", ")}`;
      if (e.params.error === "mapping") {
        const typeValue = String(e.params.tagValue);
        const guess = didYouMean(typeValue, ctx.blockTypes);
        return { path: [...path, "type"], message: `unknown block type "${typeValue}"`, hint: guess ? `did you mean "${guess}"? (${list})` : list };
      }
      return { path, message: "this section has no type", hint: `add type: with one of the block types; ${list}` };
    }
    case "type": {
      const names = (e.params as { expectedNames?: string[] }).expectedNames;
      const expected = names ? names.join(" or ") : String(e.params.type).split(",").map(typeName).join(" or ");
      if (!names && String(e.params.type) === "string" && colonTextOf(value)) return { path, message: COLON_MESSAGE, hint: quoteHint(colonTextOf(value)!) };
      return {
        path,
        message: `expected ${expected}, found ${describeValue(value)}`,
        hint: names ? undefined : typeHint(String(e.params.type), value, parent.examples),
      };
    }
    case "const":
      if (path.length === 1 && path[0] === "schemaVersion" && typeof value === "number" && typeof e.params.allowedValue === "number") {
        return value < e.params.allowedValue
          ? {
              path,
              message: `this page is written in version ${value} of the page format; the site now uses version ${e.params.allowedValue}`,
              hint: VERSION_HINT,
            }
          : {
              path,
              message: `version ${value} of the page format does not exist yet; the site uses version ${e.params.allowedValue}`,
              hint: `write schemaVersion: ${e.params.allowedValue}`,
            };
      }
      return { path, message: `must be "${String(e.params.allowedValue)}"` };
    case "enum": {
      const choices = (e.params.allowedValues as unknown[]).map(String);
      const guess = typeof value === "string" ? didYouMean(value, choices) : undefined;
      return {
        path,
        message: `${describeValue(value)} is not one of the choices`,
        hint: `${guess ? `did you mean "${guess}"? ` : ""}choose one of: ${choices.join(", ")}`,
      };
    }
    case "minLength":
      return Number(e.params.limit) === 1
        ? { path, message: "this text is empty", hint: "write the text, or remove the line" }
        : { path, message: `too short: at least ${e.params.limit} characters (now ${String(value).length})` };
    case "maxLength":
      return { path, message: `too long: at most ${e.params.limit} characters (now ${String(value).length})`, hint: "shorten it" };
    case "minProperties":
      return { path, message: "this group has no fields" };
    case "maxProperties":
      return {
        path,
        message: `has more than ${e.params.limit} ${Number(e.params.limit) === 1 ? "field" : "fields"}`,
        hint: `keep only one of: ${Object.keys(parent.properties ?? {}).join(", ")}`,
      };
    case "minItems":
      return { path, message: `needs at least ${e.params.limit} ${Number(e.params.limit) === 1 ? "entry" : "entries"}` };
    case "maxItems":
      return { path, message: `has more than ${e.params.limit} entries`, hint: "split it into two sections" };
    case "minimum":
    case "maximum":
      return { path, message: `must be ${e.keyword === "minimum" ? "at least" : "at most"} ${e.params.limit} (now ${String(value)})` };
    case "pattern": {
      const served = typeof value === "string" && (parent as { "x-kind"?: unknown })["x-kind"] === "asset" ? servedPathOf(value) : undefined;
      if (served) return { path, message: `${describeValue(value)} names the folder site/assets, but a file's path starts after it`, hint: `write ${served}` };
      const what = parent.title ? parent.title.toLowerCase() : "value";
      const example = parent.examples?.[0];
      return {
        path,
        message: `${describeValue(value)} is not a valid ${what}`,
        hint: [parent.description, example !== undefined ? `for example: ${String(example)}` : ""].filter(Boolean).join(" ") || undefined,
      };
    }
    case "format":
      return { path, message: `${describeValue(value)} is not a valid ${String(e.params.format)}` };
    case "if":
    case "oneOf":
      return null;
    default:
      // Never pass ajv's own wording on: it is written for developers.
      return { path, message: `${describeValue(value)} is not allowed here`, hint: parent.description };
  }
}

/** Map ajv's errors for one document to plain-language errors, one per mistake. */
export function mapErrors(errors: ErrorObject[], ctx: MapContext): MappedError[] {
  const pruned = pruneAnyOf(errors);
  const explained = new Set<string>();
  for (const e of pruned) {
    if (e.keyword !== "additionalProperties") continue;
    const field = String(e.params.additionalProperty);
    const typo = didYouMean(field, Object.keys(((e.parentSchema ?? {}) as SchemaNode).properties ?? {}));
    if (typo) explained.add(`${e.instancePath}|${typo}`);
    const wrongPlace = misplaced(field, pointerToPath(e.instancePath), ctx);
    if (wrongPlace) explained.add(`${wrongPlace.ancestor.map((s) => `/${s}`).join("")}|${field}`);
  }
  const mapped: MappedError[] = [];
  const seen = new Set<string>();
  for (const e of pruned) {
    // A missing field that was written, misspelt or one level too deep, is that one mistake.
    if (e.keyword === "required" && explained.has(`${e.instancePath}|${String(e.params.missingProperty)}`)) continue;
    // The section's type enum (there for editors) and the discriminator say the same; the discriminator says it better.
    if (e.keyword === "enum" && pruned.some((d) => d.keyword === "discriminator" && `${d.instancePath}/type` === e.instancePath)) continue;
    const m = mapOne(e, ctx);
    if (!m) continue;
    const id = `${m.path.join("/")}|${m.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    mapped.push(m);
  }
  return mapped;
}
