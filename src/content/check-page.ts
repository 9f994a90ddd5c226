import type { Page } from "../shared/generated/schema-types.ts";
import type { LoadedFile } from "./load.ts";
import { locate } from "./locate.ts";
import { problem, type Problem } from "./problem.ts";

/** The privacy policy's address: the enquiry form's notice must link to it. */
export const PRIVACY_POLICY_ROUTE = "/legal-privacy";
const PRIVACY_LINK = /\]\(\/legal-privacy(?:#[^)]*)?\)/;

/** Rules the schema cannot say: the page has a main heading, table rows fit their columns, and the enquiry form's notice links to the privacy policy. */
export function checkPageRules(file: string, loaded: LoadedFile, page: Page): Problem[] {
  const problems: Problem[] = [];
  const first = page.sections[0] as { heading?: unknown } | undefined;
  if (first && typeof first.heading !== "string") {
    problems.push(
      problem(
        file,
        locate(loaded, ["sections", 0]),
        "sections[0]: the first section has no heading",
        "add heading: …; the first section's heading is the page's main heading",
      ),
    );
  }
  page.sections.forEach((section, s) => {
    if (section.type === "enquiryForm" && !PRIVACY_LINK.test(section.privacyNotice)) {
      problems.push(
        problem(
          file,
          locate(loaded, ["sections", s, "privacyNotice"]),
          `sections[${s}] (enquiryForm) › privacyNotice: does not link to the privacy policy`,
          `add a link to it, such as [privacy policy](${PRIVACY_POLICY_ROUTE}): the law asks that the notice say where to read more and whom to contact`,
        ),
      );
    }
    if (section.type !== "table") return;
    section.rows.forEach((row, r) => {
      if (row.length !== section.columns.length) {
        problems.push(
          problem(
            file,
            locate(loaded, ["sections", s, "rows", r]),
            `sections[${s}] (table) › rows[${r}]: has ${row.length} ${row.length === 1 ? "cell" : "cells"}, but the table has ${section.columns.length} columns`,
            row.length > section.columns.length
              ? `give every row one entry per column heading; in [ ] a comma separates entries, so put a text that holds a comma in quotes`
              : "give every row one entry per column heading",
          ),
        );
      }
    });
  });
  return problems;
}
