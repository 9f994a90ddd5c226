import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { fixtureRoot } from "../fixture-site.ts";

let cleanup = () => {};
afterEach(() => cleanup());

function problemsOf(fixture?: string): string[] {
  const made = fixtureRoot(fixture);
  cleanup = made.cleanup;
  return loadSiteContent(made.root).problems.map(formatProblem);
}

describe("content pipeline on the fixture site", () => {
  it("finds no problem in the valid base site", () => {
    expect(problemsOf()).toEqual([]);
  });

  it.each([
    [
      "yaml-syntax-error",
      'site/broken.yaml:1:8  the quote " that opens this text is not closed on its line — end the text with " on the same line: title: "Unclosed quote"',
    ],
    [
      "tab-indentation",
      "site/tabbed.yaml:7:1  a tab is used for indentation — indent with spaces only (two per level); set your editor to insert spaces for Tab",
    ],
    ["duplicate-key", "site/twice.yaml:3:1  this field appears twice in the same place — keep one of them and delete the other"],
    ["alias-bomb", "site/bomb.yaml:1:1  too many *aliases (more than 20 expansions) — write the repeated text out instead of using &anchors and *aliases"],
    ["empty-file", "site/empty.yaml:1:1  the file is empty — a page needs at least title, description and sections"],
    [
      "list-instead-of-page",
      'site/listed.yaml:2:1  expected a group of fields, found a list — remove the "- " before the fields: here they are written as a list',
    ],
    ["not-utf8", "site/latin1.yaml:1:11  the file is not saved as UTF-8 text — save it with UTF-8 encoding in your editor"],
    [
      "unknown-block-type",
      'site/herro.yaml:6:11  sections[0] (heor) › type: unknown block type "heor" — did you mean "hero"? (the block types are: anchors, candidateForm, cardGrid, caseStudies, childCards, contactPanel, enquiryForm, hero, introVideo, linkList, logoMarquee, profiles, prose, slideshow, split, table)',
    ],
    ["misspelt-field", 'site/tittle.yaml:9:9  sections[0] (cardGrid) › cards[0]: unknown field "tittle" — did you mean "title"?'],
    [
      "missing-required-field",
      'site/no-description.yaml:2:1  missing required field "description" — add description: … (One or two sentences that search engines show under the title. Aim for 70 to 160 characters.)',
    ],
    [
      "wrong-type",
      'site/wrong-type.yaml:8:13  sections[0] (hero) › height: expected a whole number, found text "600px" — write the number alone, without quotes or units: 600',
    ],
    ["two-files-one-route", "site/dup/index.yaml:1:1  the address /dup is already the page site/dup.yaml — rename or move one of the two files"],
    ["alias-clashes-with-route", "site/clash.yaml:6:5  the alias /about is already the address of site/about.yaml — remove the alias or rename that page"],
    ["link-to-missing-page", 'site/bad-link.yaml:10:13  link "/abuot" is not a page — did you mean "/about"?'],
    ["link-to-missing-anchor", 'site/bad-anchor.yaml:9:9  link "/about#teams": the page /about has no anchor "teams" — did you mean "#team"?'],
    ["missing-asset", 'site/no-image.yaml:11:23  missing file "/logoo.svg": there is no site/assets/logoo.svg — similar files: /logo.svg, /icon.svg'],
    [
      "javascript-url",
      'site/js-link.yaml:10:13  link "javascript:alert(1)" uses "javascript:", which is not allowed — links may be a page of this site (/path) or start with https:, mailto: or tel:',
    ],
  ])("%s is reported as exactly one line", (fixture, line) => {
    expect(problemsOf(fixture)).toEqual([line]);
  });
});
