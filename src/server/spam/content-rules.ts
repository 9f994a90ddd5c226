/**
 * Content rules: what makes a message look like advertising rather than an enquiry. Each
 * raises the spam score (spam-verdict.ts) instead of refusing, so one odd but real enquiry
 * (a few links, a name in another script) still reaches a person; several together do not.
 */

/** Links in the subject and message beyond this many raise the score, LINK_POINTS each. */
export const MAX_LINKS = 3;
export const LINK_POINTS = 2;
/** A link in a name field: nobody's name is a URL. */
export const LINK_IN_NAME_POINTS = 5;
/** Letters in a script nobody at the company reads. */
export const UNREAD_SCRIPT_POINTS = 5;

// http(s) URLs, bare www. hosts, BBCode [url] and HTML anchors: the shapes link spam comes in.
const LINK = /\bhttps?:\/\/|\bwww\.[\p{L}\p{N}-]+\.|\[url[=\]]|<a\s[^>]*href/giu;
// What every match of LINK contains, with the same flags (under `iu` a "ſ" is an "s"): most
// enquiries have none, and this finds that in a tenth of LINK's time on the request thread.
const LINK_START = /https?:\/\/|www\.|\[url|<a\s/iu;

export function countLinks(text: string): number {
  if (!LINK_START.test(text)) return 0;
  return text.match(LINK)?.length ?? 0;
}

/** Whether `name` is a Unicode script name a regular expression knows (`\p{Script=…}`). */
export function isScriptName(name: string): boolean {
  try {
    new RegExp(`\\p{Script=${name}}`, "u");
    return true;
  } catch {
    return false;
  }
}

/** A letter outside every read script (digits, punctuation and marks are never counted). */
export function unreadLetters(readScripts: readonly string[]): RegExp {
  const read = readScripts.map((script) => `\\p{Script_Extensions=${script}}`).join("");
  // Neither read nor a non-letter: one class, which V8 tests at a third of the cost of a
  // lookahead before \p{L}.
  return new RegExp(`[^${read}\\P{L}]`, "u");
}

export interface ContentFinding {
  reason: "links" | "link-in-name" | "script";
  points: number;
}

export interface ContentFields {
  first_name: string;
  last_name: string;
  subject: string;
  message?: string | undefined;
}

/** The content rules an enquiry trips, with their points. */
export function contentFindings(enquiry: ContentFields, unread: RegExp): ContentFinding[] {
  const findings: ContentFinding[] = [];
  const text = `${enquiry.subject}\n${enquiry.message ?? ""}`;
  const links = countLinks(text);
  if (links > MAX_LINKS) findings.push({ reason: "links", points: (links - MAX_LINKS) * LINK_POINTS });
  if (countLinks(`${enquiry.first_name} ${enquiry.last_name}`) > 0) findings.push({ reason: "link-in-name", points: LINK_IN_NAME_POINTS });
  if (unread.test(`${enquiry.first_name} ${enquiry.last_name}\n${text}`)) findings.push({ reason: "script", points: UNREAD_SCRIPT_POINTS });
  return findings;
}
