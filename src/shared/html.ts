/**
 * The one HTML escaper and the one JSON-in-HTML writer of the project: every string the build
 * writes into HTML goes through one of these two, so no second, weaker copy can drift.
 */

const ENTITY: Readonly<Record<string, string>> = { "&": "&amp;", '"': "&quot;", "<": "&lt;", ">": "&gt;" };

/** Text for an HTML attribute value (double-quoted) or element content: &, ", < and > as entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&"<>]/g, (c) => ENTITY[c]!);
}

const JSON_ESCAPE: Readonly<Record<string, string>> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON that is safe inside `<script type="application/json">` or `application/ld+json`: no `<`
 * (so no `</script>` or `<!--` can end or change the element), no `>` or `&` (no character
 * reference or comment end either), and U+2028/U+2029 escaped because JavaScript before ES2019
 * reads them as line ends. Each is a `\uXXXX` escape, so `JSON.parse` gives back the same value.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => JSON_ESCAPE[c]!);
}
