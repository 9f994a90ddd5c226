/**
 * The inline subset editors may write in text: **strong**, *emphasis* or _emphasis_,
 * and [label](target). Anything else is plain text; there is no HTML.
 */
export type InlineToken =
  { kind: "text"; text: string } | { kind: "strong"; text: string } | { kind: "em"; text: string } | { kind: "link"; text: string; to: string };

const INLINE = /\*\*([^*]+)\*\*|\*([^*\s][^*]*)\*|(?<![\p{L}\p{N}])_([^_\s][^_]*)_(?![\p{L}\p{N}])|\[([^\]]+)\]\(([^)\s]+)\)/gu;

export function parseInline(source: string): InlineToken[] {
  const tokens: InlineToken[] = [];
  let last = 0;
  for (const m of source.matchAll(INLINE)) {
    if (m.index > last) tokens.push({ kind: "text", text: source.slice(last, m.index) });
    if (m[1] !== undefined) tokens.push({ kind: "strong", text: m[1] });
    else if (m[2] !== undefined) tokens.push({ kind: "em", text: m[2] });
    else if (m[3] !== undefined) tokens.push({ kind: "em", text: m[3] });
    else tokens.push({ kind: "link", text: m[4]!, to: m[5]! });
    last = m.index + m[0].length;
  }
  if (last < source.length) tokens.push({ kind: "text", text: source.slice(last) });
  return tokens;
}

/** The link targets written inside a text, for the link checker. */
export function inlineLinks(source: string): string[] {
  return parseInline(source).flatMap((t) => (t.kind === "link" ? [t.to] : []));
}

/** The text as a reader hears it, without markup: for meta descriptions and labels. */
export function plainText(source: string): string {
  return parseInline(source)
    .map((t) => t.text)
    .join("");
}
