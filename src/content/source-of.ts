import { plainText } from "../shared/inline-markup.ts";
import type { LoadedFile } from "./load.ts";
import { yaml } from "./yaml-package.ts";

/**
 * Where in a page's YAML a piece of the rendered page comes from, found by its values:
 * an element's id, picture file, link target, label or text. Used by `npm run check` to
 * point a finding about the HTML at the line an editor can change.
 */
export interface RenderedElement {
  id?: string;
  src?: string;
  href?: string;
  /** aria-label or alt text */
  label?: string;
  text?: string;
}

interface Value {
  raw: string;
  /** The text as shown: markup removed, spaces collapsed. */
  shown: string;
  /** `shown` in lower case, for a looser match. */
  plain: string;
  line: number;
  col: number;
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const normalise = (s: string) => collapse(s).toLowerCase();

function valuesOf(loaded: LoadedFile): Value[] {
  const values: Value[] = [];
  yaml().visit(loaded.doc, {
    Scalar(key, node) {
      // Field names are not rendered; only values are.
      if (key === "key") return;
      if (typeof node.value !== "string" && typeof node.value !== "number") return;
      const raw = String(node.value);
      const pos = loaded.lineCounter.linePos(node.range?.[0] ?? 0);
      const shown = collapse(plainText(raw));
      values.push({ raw, shown, plain: shown.toLowerCase(), line: pos.line, col: pos.col });
    },
  });
  return values;
}

/** The position of the YAML value that produced `element`, or undefined when nothing matches. */
export function sourceOf(loaded: LoadedFile, element: RenderedElement): { line: number; col: number } | undefined {
  const values = valuesOf(loaded);
  const exact = (wanted: string | undefined, pick: (v: Value) => string = (v) => v.raw) => (wanted ? values.find((v) => pick(v) === wanted) : undefined);
  const hrefPath = element.href?.replace(/^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?/, "");
  const found =
    exact(element.id) ??
    exact(element.src) ??
    exact(hrefPath) ??
    exact(element.label && collapse(element.label), (v) => v.shown) ??
    exact(element.text && collapse(element.text), (v) => v.shown) ??
    exact(element.label && normalise(element.label), (v) => v.plain) ??
    exact(element.text && normalise(element.text), (v) => v.plain) ??
    // A longer text drawn from several values (a card's title and text): the longest value it contains.
    (element.text
      ? values.filter((v) => v.plain.length >= 8 && normalise(element.text!).includes(v.plain)).sort((a, b) => b.plain.length - a.plain.length)[0]
      : undefined);
  return found ? { line: found.line, col: found.col } : undefined;
}
