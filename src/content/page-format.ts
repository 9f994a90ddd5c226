import { isMap, isScalar, isSeq, parseDocument, YAMLSeq, type Document, type Node, type Pair } from "yaml";

/**
 * Content versions. Every page says which version of the page format it is written in
 * (`schemaVersion:`). When a block's shape changes, the schema's version goes up and a
 * migration here rewrites older pages in place, through the `yaml` Document API so that
 * comments, key order and quoting survive; `npm run migrate` runs them.
 */
export interface Migration {
  from: number;
  to: number;
  /** What changes, in the words of the person editing the pages. */
  summary: string;
  apply(doc: Document.Parsed): void;
}

export const MIGRATIONS: Migration[] = [
  {
    from: 0,
    to: 1,
    summary: "pages say which version of the page format they use (schemaVersion)",
    apply: () => {},
  },
  {
    from: 1,
    to: 2,
    summary: "a table's note (one text) becomes notes (a list of texts, one paragraph each)",
    apply: tableNoteToNotes,
  },
];

/** The version the schema (schema/page.schema.json, `schemaVersion.const`) requires; a test keeps the two equal. */
export const CURRENT_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.to;

export class MigrationError extends Error {}

function keyIs(pair: Pair, name: string): boolean {
  return isScalar(pair.key) && pair.key.value === name;
}

function tableNoteToNotes(doc: Document.Parsed): void {
  const sections = doc.get("sections", true);
  if (!isSeq(sections)) return;
  for (const section of sections.items) {
    if (!isMap(section) || section.get("type") !== "table" || section.has("notes")) continue;
    const pair = section.items.find((p) => keyIs(p, "note"));
    if (!pair || !isScalar(pair.key)) continue;
    const list = new YAMLSeq();
    list.flow = Boolean(section.flow);
    list.items.push(pair.value);
    pair.key.value = "notes";
    pair.value = list;
  }
}

/** The version a parsed page declares: 0 when it has none. */
export function versionOf(doc: Document.Parsed): number {
  if (!isMap(doc.contents)) throw new MigrationError("the file is not a page (its top level is not a group of fields)");
  const value = doc.get("schemaVersion");
  if (value === undefined) return 0;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    throw new MigrationError(`schemaVersion is ${JSON.stringify(value)}, not a version number`);
  if (value > CURRENT_VERSION) throw new MigrationError(`schemaVersion ${value} is newer than this site knows (${CURRENT_VERSION})`);
  return value;
}

function setVersion(doc: Document.Parsed, version: number): void {
  const map = doc.contents;
  if (!isMap(map)) return;
  const existing = map.items.find((p) => keyIs(p, "schemaVersion"));
  if (existing && isScalar(existing.value)) {
    existing.value.value = version;
    return;
  }
  // The new first line takes over the comments above the old one (the editor's schema line).
  const pair = doc.createPair("schemaVersion", version);
  const first = map.items[0]?.key as Node | undefined;
  if (first && isScalar(first) && first.commentBefore) {
    (pair.key as Node).commentBefore = first.commentBefore;
    first.commentBefore = undefined;
  }
  (map.items as Pair[]).unshift(pair);
}

/** Lines of `a` and `b` that a longest common subsequence pairs up, as [indexInA, indexInB]. */
function commonLines(a: string[], b: string[]): [number, number][] {
  const n = a.length;
  const m = b.length;
  const table = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (a[i] === b[j]) pairs.push([i++, j++]);
    else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return pairs;
}

/**
 * The printer normalises some spacing (`{a: 1}` vs `{ a: 1 }`) across the whole file. Keep
 * every line the migration did not change exactly as the editor wrote it: lines of the
 * reprinted original map one-to-one onto the original, so unchanged ones are taken from there.
 */
function keepUntouchedLines(original: string, reprinted: string, migrated: string): string {
  const source = original.split("\n");
  const before = reprinted.split("\n");
  const after = migrated.split("\n");
  if (source.length !== before.length) return migrated;
  const fromOriginal = new Map(commonLines(before, after).map(([i, j]) => [j, i]));
  return after.map((line, j) => (fromOriginal.has(j) ? source[fromOriginal.get(j)!]! : line)).join("\n");
}

const PARSE_OPTIONS = { uniqueKeys: true, strict: true, resolveKnownTags: false } as const;

function printOptions(text: string) {
  // Follow the file's own habit for spaces inside { } and [ ] (lines the migration writes anew); lineWidth 0 never folds long text.
  const padded = text.match(/[{[] \S/g)?.length ?? 0;
  const tight = text.match(/[{[][^\s\]}]/g)?.length ?? 0;
  return { lineWidth: 0, flowCollectionPadding: padded > tight } as const;
}

export interface MigrationResult {
  text: string;
  from: number;
  to: number;
  applied: Migration[];
}

/** Bring one page's YAML text up to CURRENT_VERSION. Throws MigrationError (plain words) if it cannot. */
export function migratePage(text: string): MigrationResult {
  const doc = parseDocument(text, PARSE_OPTIONS);
  if (doc.errors.length > 0) throw new MigrationError("the file has YAML mistakes; fix what npm run validate reports first");
  const from = versionOf(doc);
  const applied: Migration[] = [];
  for (let version = from; version < CURRENT_VERSION;) {
    const step = MIGRATIONS.find((m) => m.from === version);
    if (!step) throw new MigrationError(`no migration from version ${version}`);
    step.apply(doc);
    setVersion(doc, step.to);
    applied.push(step);
    version = step.to;
  }
  if (applied.length === 0) return { text, from, to: from, applied };
  const options = printOptions(text);
  const reprinted = parseDocument(text, PARSE_OPTIONS).toString(options);
  return { text: keepUntouchedLines(text, reprinted, doc.toString(options)), from, to: CURRENT_VERSION, applied };
}
