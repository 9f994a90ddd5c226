import {
  boolCoreTag,
  COLLECTION_STYLE,
  constructFromEvents,
  defineScalarTag,
  EVENT_ID,
  FAILSAFE_SCHEMA,
  getScalarValue,
  NOT_RESOLVED,
  nullCoreTag,
  parseEvents,
  SCALAR_STYLE,
  Schema,
  type Event,
} from "js-yaml";

/**
 * The data of a page file that plainly has nothing for the loader to report, or `undefined`
 * when it might: then the loader parses it with the `yaml` package's Document API, which keeps
 * every value's position and finds every mistake (load.ts).
 *
 * Why a second parser: the Document API is the one source of positions and of YAML messages,
 * but building its tree costs about 2 ms for a 6 KB page, 1.5 ms of it in its syntax-tree parser
 * alone, and most files in a build have no problem to place. js-yaml 5's event parser reads the
 * same page in about 0.6 ms. Both implement YAML 1.2 and pass the YAML test suite; their core
 * schemas differ only in numbers too large for a double (below), and
 * tests/unit/content/quick-parse.test.ts holds them to the same data on every page of the site,
 * on every kind of scalar, and on pages with random changes.
 *
 * A file takes this path only if it has none of what the loader checks in the tree (load.ts):
 * a comma right after a text in [ ] or { }, or an entry of { } with no value (a comma may have
 * split a text), anchors and aliases (their count), tags and
 * directives (warnings), more than one document, a field name that is not plain text (a
 * collection, a number, true, null), a field named twice (js-yaml refuses it), a comment that
 * cuts a text off (` #` followed by a letter), tabs, or more values than a file may hold.
 * Whatever it has, the file is still read, only the slower way.
 */
export function quickParse(text: string, maxValues: number): unknown {
  if (text.includes("\t") || CUTTING_COMMENT.test(text)) return undefined;
  let events: Event[];
  try {
    events = parseEvents(text, {});
  } catch {
    return undefined;
  }
  if (!plain(events, text, maxValues)) return undefined;
  try {
    // json: false (the default) refuses a field given twice, as the loader does.
    const [data] = constructFromEvents(events, { source: text, schema: SCHEMA });
    return data;
  } catch {
    return undefined;
  }
}

/**
 * Numbers as the `yaml` package's core schema reads them (its schema/core/int.js and float.js):
 * js-yaml's core schema leaves a number too large for a double as text ("1e400"), where the
 * tree holds Infinity, and the page's checks say "found the number Infinity".
 */
const INT = [
  { test: /^0o[0-7]+$/, parse: (s: string) => parseInt(s.slice(2), 8) },
  { test: /^[-+]?[0-9]+$/, parse: (s: string) => parseInt(s, 10) },
  { test: /^0x[0-9a-fA-F]+$/, parse: (s: string) => parseInt(s.slice(2), 16) },
];
const FLOAT = [
  {
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    parse: (s: string) => (s.slice(-3).toLowerCase() === "nan" ? NaN : s[0] === "-" ? -Infinity : Infinity),
  },
  { test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/, parse: parseFloat },
  { test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/, parse: parseFloat },
];
const numberTag = (tag: string, forms: typeof INT) =>
  defineScalarTag(`tag:yaml.org,2002:${tag}`, {
    implicit: true,
    implicitFirstChars: ["-", "+", ".", ..."0123456789"],
    resolve: (source) => {
      const form = forms.find((f) => f.test.test(source));
      return form ? form.parse(source) : NOT_RESOLVED;
    },
    identify: () => false,
  });
const SCHEMA = new Schema([...FAILSAFE_SCHEMA.tags, nullCoreTag, boolCoreTag, numberTag("int", INT), numberTag("float", FLOAT)]);

/** A comment after a text whose first character is not a space: `title: Step #1` (load.ts, cutByComment). */
const CUTTING_COMMENT = /(?:^|[ \r\n])#[^\s]/;

/**
 * A plain key resolves to a string in the core schema unless it reads as null, a boolean or a
 * number; those the loader's tree keeps as such, and js-yaml's object would name them otherwise.
 */
const NOT_A_STRING_KEY = /^(?:~|null|Null|NULL|true|True|TRUE|false|False|FALSE|[-+]?[.\d].*)?$/;

/** One document, a mapping at its root, and nothing in it that only the tree can check. */
function plain(events: Event[], text: string, maxValues: number): boolean {
  let documents = 0;
  let roots = 0;
  let values = 0;
  // The open document, mappings and sequences; a mapping's `key` says whether its next node is a key.
  const open: { kind: "document" | "mapping" | "sequence"; key: boolean; flow: boolean }[] = [];
  for (const event of events) {
    if (event.type === EVENT_ID.DOCUMENT) {
      documents += 1;
      if (documents > 1 || event.directives.length > 0) return false;
      open.push({ kind: "document", key: false, flow: false });
      continue;
    }
    if (event.type === EVENT_ID.POP) {
      open.pop();
      continue;
    }
    if (event.type === EVENT_ID.ALIAS || event.anchorStart >= 0 || event.tagStart >= 0) return false;
    values += 1;
    if (values > maxValues) return false;
    const parent = open.at(-1);
    if (parent === undefined) return false;
    if (parent.kind === "document") {
      // The root: a page or the settings is a mapping (anything else the tree reports, with its place).
      roots += 1;
      if (event.type !== EVENT_ID.MAPPING) return false;
    } else if (parent.kind === "mapping") {
      if (parent.key) {
        if (event.type !== EVENT_ID.SCALAR) return false;
        const key = getScalarValue(text, event);
        if (key.length > 1024 || key === "__proto__" || (event.style === SCALAR_STYLE.PLAIN && NOT_A_STRING_KEY.test(key))) return false;
      }
      // An entry of { } with no value may be the second half of a text a comma split: { text: Paris, France } (load.ts, commaInText).
      else if (parent.flow && event.type === EVENT_ID.SCALAR && event.valueStart < 0) return false;
      parent.key = !parent.key;
    }
    if (event.type === EVENT_ID.MAPPING || event.type === EVENT_ID.SEQUENCE) {
      open.push({ kind: event.type === EVENT_ID.MAPPING ? "mapping" : "sequence", key: true, flow: event.style === COLLECTION_STYLE.FLOW });
    } else if (parent.flow && event.style === SCALAR_STYLE.PLAIN && text[event.valueEnd] === "," && !/\s/.test(text[event.valueEnd + 1] ?? " ")) {
      // A plain text that a comma ends, with no space after it: ₹1,00,000 inside [ ] or { } (load.ts, commaInText).
      return false;
    }
  }
  return documents === 1 && roots === 1;
}
