import { loadSiteContent } from "../../../src/content/site.ts";
import type { Site } from "../../../src/shared/generated/schema-types.ts";
import { PROJECT } from "../fixture-site.ts";

/** The real site, loaded as the build loads it (header panels filled in), so tests check what visitors get. */
const content = loadSiteContent(PROJECT);
if (content.site === null || content.problems.length > 0) throw new Error("site/ does not load cleanly: run npm run validate");
export const SITE: Site = content.site;

export function sectionOf<T extends string>(route: string, type: T) {
  const page = content.pages.find((p) => p.route === route);
  const section = page?.data.sections.find((s) => s.type === type);
  if (!section) throw new Error(`no ${type} section on ${route}`);
  return section as Extract<(typeof content.pages)[number]["data"]["sections"][number], { type: T }>;
}
