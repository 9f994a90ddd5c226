import type { Page, Site } from "../shared/generated/schema-types.ts";
import { problem, type Problem } from "./problem.ts";

/** What a page writes where the grievance officer of site/_site.yaml (privacy.grievanceOfficer) is to be named. */
export const GRIEVANCE_OFFICER_TOKEN = "{grievanceOfficer}";

/** The officer as page text: name, role and a mailto link, in the inline markup every text field takes. */
export function grievanceOfficerText(site: Site): string | null {
  const officer = site.privacy?.grievanceOfficer;
  if (!officer) return null;
  return `${officer.name}, ${officer.role ?? "Grievance Officer"}, [${officer.email}](mailto:${officer.email})`;
}

/** Replaces the token in every text of `value`, in place; whether it found one. */
function replaceIn(value: unknown, text: string): boolean {
  let found = false;
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === "string") {
        if (item.includes(GRIEVANCE_OFFICER_TOKEN)) {
          value[i] = item.split(GRIEVANCE_OFFICER_TOKEN).join(text);
          found = true;
        }
      } else if (replaceIn(item, text)) found = true;
    });
  } else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    for (const [key, item] of Object.entries(record)) {
      if (typeof item === "string") {
        if (item.includes(GRIEVANCE_OFFICER_TOKEN)) {
          record[key] = item.split(GRIEVANCE_OFFICER_TOKEN).join(text);
          found = true;
        }
      } else if (replaceIn(item, text)) found = true;
    }
  }
  return found;
}

/** Whether any text of `value` names the grievance officer: a walk, not a JSON text of it (a listing of 10,000 cards is megabytes of JSON). */
export function namesGrievanceOfficer(value: unknown): boolean {
  if (typeof value === "string") return value.includes(GRIEVANCE_OFFICER_TOKEN);
  if (Array.isArray(value)) return value.some(namesGrievanceOfficer);
  if (typeof value === "object" && value !== null) return Object.values(value).some(namesGrievanceOfficer);
  return false;
}

/**
 * Fills site facts into pages, as listings are filled from the pages below: the grievance
 * officer is kept once, in site/_site.yaml, and a page that names them (the privacy policy)
 * says {grievanceOfficer}. A page that does so while the site names no officer is a problem.
 */
export function resolveSiteFacts(site: Site, pages: readonly { file: string; data: Page }[]): Problem[] {
  const text = grievanceOfficerText(site);
  return pages.flatMap((page) => fillSiteFacts(text, page));
}

/** Site facts in one page, given the officer as page text (null: the site names none). */
export function fillSiteFacts(text: string | null, page: { file: string; data: Page }): Problem[] {
  if (text !== null) {
    replaceIn(page.data, text);
    return [];
  }
  if (!namesGrievanceOfficer(page.data)) return [];
  return [
    problem(
      page.file,
      { line: 1, col: 1 },
      `this page names the grievance officer with ${GRIEVANCE_OFFICER_TOKEN}, but site/_site.yaml sets no privacy.grievanceOfficer`,
      "add privacy: grievanceOfficer: {name: …, email: …} to site/_site.yaml",
    ),
  ];
}
