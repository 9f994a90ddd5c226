import { readFileSync } from "node:fs";

/** The site's design tokens, the stylesheet the browser reads too: what the build draws with the site's colours reads them here. */
export const TOKENS_CSS = new URL("../../app/styles/tokens.css", import.meta.url);

/**
 * The custom properties declared in a stylesheet's top-level `:root` rules, by name, each value as
 * written (trimmed). Rules inside `@media` and other at-rules are overrides for some windows, not
 * the token, so they are skipped; a later top-level declaration wins, as in the cascade.
 *
 * Written by hand rather than with Lightning CSS (installed for the bundles): its parse gives
 * each value as typed tokens (a colour as r, g, b numbers), and the card wants the text as written.
 * Token values hold no semicolons or braces outside quotes; quoted strings are honoured anyway.
 */
export function customProperties(css: string): Record<string, string> {
  const found: Record<string, string> = {};
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  let depth = 0;
  let prelude = "";
  let body = "";
  let quote: string | null = null;
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
      if (depth === 1) body += char;
      continue;
    }
    if (char === '"' || char === "'") {
      quote = char;
      if (depth === 1) body += char;
    } else if (char === "{") {
      depth += 1;
      if (depth === 1) body = "";
    } else if (char === "}") {
      depth -= 1;
      if (depth === 0) {
        if (prelude.trim() === ":root") Object.assign(found, declarations(body));
        prelude = "";
      }
    } else if (depth === 0) {
      // A statement at-rule (@import, @custom-media) ends at its semicolon: the next rule's prelude starts after it.
      prelude = char === ";" ? "" : prelude + char;
    } else if (depth === 1) {
      body += char;
    }
  }
  return found;
}

/** `--name: value` pairs of one rule's body. */
function declarations(body: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const declaration of body.split(/;(?=(?:[^"']|"[^"]*"|'[^']*')*$)/)) {
    const colon = declaration.indexOf(":");
    const name = declaration.slice(0, colon).trim();
    if (colon > 0 && name.startsWith("--")) found[name] = declaration.slice(colon + 1).trim();
  }
  return found;
}

/** The named tokens of `file`, or an error naming the first one it does not declare. */
export function readTokens<Name extends string>(names: readonly Name[], file: URL | string = TOKENS_CSS): Record<Name, string> {
  const declared = customProperties(readFileSync(file, "utf8"));
  const missing = names.find((name) => !declared[name]);
  if (missing) throw new Error(`${file instanceof URL ? file.pathname : file} declares no ${missing} in :root; the social cards are drawn with it`);
  return Object.fromEntries(names.map((name) => [name, declared[name]!])) as Record<Name, string>;
}
