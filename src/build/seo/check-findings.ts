import type { LoadedFile } from "../../content/load.ts";
import { locate, type Segment } from "../../content/locate.ts";
import type { SiteContent } from "../../content/site.ts";
import { pageSeoOf, siteTreeOf } from "./page-seo.ts";
import { jsonLdOf, missingProperties, typesOf } from "./required.ts";

/** A structured-data finding of `npm run check`, at its line in the page's YAML. */
export interface StructuredDataFinding {
  at: { line: number; col: number };
  message: string;
  hint: string;
}

const BUILD_FAULT = "the build wrote it wrong, not the page file: tell a developer";

/**
 * What `npm run check` says about a page's structured data: course facts the build could not
 * read (at the fact or table cell), and data that the built page lacks or that misses one of
 * Google's required properties (at the card's facts for a Course, else at the title). `builtHtml`
 * is the page as built (null: not built, and only the facts are checked).
 */
export function structuredDataFindings(content: SiteContent, route: string, builtHtml: string | null, loaded: LoadedFile): StructuredDataFinding[] {
  const tree = siteTreeOf(content.site!, content.pages, content.table.primaryOf);
  const expected = pageSeoOf(tree, route);
  const findings: StructuredDataFinding[] = expected.problems.map((p) => ({
    at: locate(loaded, p.path),
    message: `structured data: ${p.message}`,
    hint: p.hint,
  }));
  if (builtHtml === null) return findings;
  const { blocks, problems } = jsonLdOf(builtHtml);
  const placeOf = (type: string): Segment[] => (type === "Course" && tree.pages.get(route)?.card?.facts ? ["card", "facts"] : ["title"]);
  for (const problem of problems) findings.push({ at: locate(loaded, ["title"]), message: `structured data: ${problem}`, hint: BUILD_FAULT });
  const found = typesOf(blocks);
  for (const type of typesOf(expected.jsonLd)) {
    if (!found.includes(type)) findings.push({ at: locate(loaded, placeOf(type)), message: `structured data: the page has no ${type}`, hint: BUILD_FAULT });
  }
  blocks.forEach((block, i) => {
    for (const missing of missingProperties(block))
      findings.push({ at: locate(loaded, placeOf(found[i]!)), message: `structured data: ${missing}`, hint: BUILD_FAULT });
  });
  return findings;
}
