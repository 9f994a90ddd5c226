import type { ErrorObject } from "ajv";
import { didYouMean } from "./did-you-mean.ts";
import { pointerToPath, type Segment } from "./locate.ts";

/** A schema error in the editor's words, pointing at a place in the document. */
export interface MappedError {
  path: Segment[];
  /** Point at the field's name rather than its value. */
  key?: boolean;
  message: string;
  hint?: string;
}

type Schema = { title?: string; description?: string; examples?: unknown[]; properties?: Record<string, Schema> };

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

function typeHint(expected: string, value: unknown): string | undefined {
  if ((expected === "number" || expected === "integer") && typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*(px)?\s*$/.test(value)) {
    return `write the number alone, without quotes or units: ${parseFloat(value)}`;
  }
  if (expected === "string" && (typeof value === "number" || typeof value === "boolean")) return `put it in quotes: "${value}"`;
  if (expected === "array" && value !== null && typeof value !== "object") return "start each entry on its own line with \"- \"";
  if (expected === "object" && typeof value === "string") return "this needs fields under it, each on its own indented line";
  if (expected === "object" && Array.isArray(value)) return 'remove the "- " before the fields: here they are written as a list';
  return undefined;
}

/**
 * For `anyOf`, drop the branches whose type does not fit the value, so one mistake reads
 * as one problem. Ajv reports a failed anyOf's branch errors just before the anyOf error
 * itself (schema paths restart inside a $ref, so order and instance paths are what we use).
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
    if (mismatched.length < run.length) mismatched.forEach((j) => dropped.add(j));
    else {
      const expected = [...new Set(mismatched.map((j) => typeName(String(errors[j]!.params.type))))];
      mismatched.forEach((j) => dropped.add(j));
      replaced.set(i, { ...anyOf, keyword: "type", params: { type: "", expectedNames: expected } });
    }
  });
  return errors.flatMap((e, i) => (replaced.has(i) ? [replaced.get(i)!] : dropped.has(i) ? [] : [e]));
}

function mapOne(e: ErrorObject, blockTypes: string[]): MappedError | null {
  const path = pointerToPath(e.instancePath);
  const parent = (e.parentSchema ?? {}) as Schema;
  const value = e.data;
  switch (e.keyword) {
    case "additionalProperties": {
      const field = String(e.params.additionalProperty);
      const allowed = Object.keys(parent.properties ?? {});
      if (/\s/.test(field)) {
        return { path: [...path, field], key: true, message: 'this text contains ": " (a colon and a space), so it was read as a field name', hint: "put the whole text in double quotes" };
      }
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
      const about = parent.properties?.[field]?.description;
      return { path, message: `missing required field "${field}"`, hint: about ? `add ${field}: ${about}` : `add a line ${field}: …` };
    }
    case "discriminator": {
      const list = `the block types are: ${blockTypes.join(", ")}`;
      if (e.params.error === "mapping") {
        const typeValue = String(e.params.tagValue);
        const guess = didYouMean(typeValue, blockTypes);
        return { path: [...path, "type"], message: `unknown block type "${typeValue}"`, hint: guess ? `did you mean "${guess}"? (${list})` : list };
      }
      return { path, message: "this section has no type", hint: `add type: with one of the block types; ${list}` };
    }
    case "type": {
      const names = (e.params as { expectedNames?: string[] }).expectedNames;
      const expected = names ? names.join(" or ") : String(e.params.type).split(",").map(typeName).join(" or ");
      return { path, message: `expected ${expected}, found ${describeValue(value)}`, hint: names ? undefined : typeHint(String(e.params.type), value) };
    }
    case "const":
      return { path, message: `must be "${String(e.params.allowedValue)}"` };
    case "enum": {
      const choices = (e.params.allowedValues as unknown[]).map(String);
      const guess = typeof value === "string" ? didYouMean(value, choices) : undefined;
      return { path, message: `${describeValue(value)} is not one of the choices`, hint: `${guess ? `did you mean "${guess}"? ` : ""}choose one of: ${choices.join(", ")}` };
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
      return { path, message: `has more than ${e.params.limit} ${Number(e.params.limit) === 1 ? "field" : "fields"}`, hint: `keep only one of: ${Object.keys(parent.properties ?? {}).join(", ")}` };
    case "minItems":
      return { path, message: `needs at least ${e.params.limit} ${Number(e.params.limit) === 1 ? "entry" : "entries"}` };
    case "maxItems":
      return { path, message: `has more than ${e.params.limit} entries`, hint: "split it into two sections" };
    case "minimum":
    case "maximum":
      return { path, message: `must be ${e.keyword === "minimum" ? "at least" : "at most"} ${e.params.limit} (now ${String(value)})` };
    case "pattern": {
      const what = parent.title ? parent.title.toLowerCase() : "value";
      const example = parent.examples?.[0];
      return { path, message: `${describeValue(value)} is not a valid ${what}`, hint: [parent.description, example !== undefined ? `for example: ${String(example)}` : ""].filter(Boolean).join(" ") || undefined };
    }
    case "format":
      return { path, message: `${describeValue(value)} is not a valid ${String(e.params.format)}` };
    case "if":
    case "oneOf":
      return null;
    default:
      return { path, message: e.message ?? "is not allowed here" };
  }
}

/** Map ajv's errors for one document to plain-language errors, one per mistake. */
export function mapErrors(errors: ErrorObject[], blockTypes: string[]): MappedError[] {
  const pruned = pruneAnyOf(errors);
  const typoOf = new Set(
    pruned
      .filter((e) => e.keyword === "additionalProperties")
      .map((e) => `${e.instancePath}|${didYouMean(String(e.params.additionalProperty), Object.keys(((e.parentSchema ?? {}) as Schema).properties ?? {})) ?? ""}`),
  );
  const mapped: MappedError[] = [];
  const seen = new Set<string>();
  for (const e of pruned) {
    if (e.keyword === "required" && typoOf.has(`${e.instancePath}|${String(e.params.missingProperty)}`)) continue;
    const m = mapOne(e, blockTypes);
    if (!m) continue;
    const id = `${m.path.join("/")}|${m.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    mapped.push(m);
  }
  return mapped;
}
