import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { MAX_ALIAS_COUNT } from "../../../src/content/load.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { FIXTURES, fixtureRoot, PROJECT } from "../fixture-site.ts";

/**
 * The mistakes people really make when editing a page, each with the exact line the
 * validator prints. Every case is one file laid over the fixture site (tests/fixtures/base-site).
 */
let cleanup = () => {};
afterEach(() => cleanup());

const LINE1 = "# yaml-language-server: $schema=../schema/page.schema.json";
const HEAD = `${LINE1}\nschemaVersion: 2\n`;
const META = "title: Case page\ndescription: A page of the fixture site for one message case.\n";
/** A page whose first lines are right, so the lines below are what the case is about (line 5 is `sections:`). */
const page = (sections: string) => `${HEAD}${META}sections:\n${sections}`;

function problemsWith(files: Record<string, string>): string[] {
  const made = fixtureRoot();
  cleanup = made.cleanup;
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(made.root, "site", file)), { recursive: true });
    writeFileSync(join(made.root, "site", file), text);
  }
  return loadSiteContent(made.root).problems.map(formatProblem);
}

const BLOCKS =
  "anchors, candidateForm, cardGrid, caseStudies, childCards, contactPanel, enquiryForm, hero, introVideo, linkList, logoMarquee, profiles, prose, slideshow, split, table";

const ENQUIRY_FORM = (notice: string) =>
  page(
    "  - type: enquiryForm\n    heading: Write to us\n" +
      "    labels: {firstName: First, lastName: Last, email: Email, countryCode: Code, india: India, other: Other, customIsdCode: ISD, phoneNumber: Phone, subject: Subject, message: Message}\n" +
      "    subjectPlaceholder: Pick one\n    subjects: [{value: Course enquiry}]\n    submitLabel: Send\n" +
      `    privacyNotice: ${notice}\n`,
  );

const CASES: [string, Record<string, string>, string[]][] = [
  // YAML itself
  [
    "tab indentation",
    { "case.yaml": page("  - type: prose\n    heading: Tabs\n    body:\n\t- Text.\n") },
    ["site/case.yaml:9:1  a tab is used for indentation — indent with spaces only (two per level); set your editor to insert spaces for Tab"],
  ],
  [
    "a field indented less than the one above it",
    { "case.yaml": `${HEAD}${META}card:\n    title: Card\n  text: Its text.\nsections: []\n` },
    [
      'site/case.yaml:7:1  the indentation of this line does not line up with the lines above — indent it 4 spaces to line up with "title" on line 6, or 0 spaces to line up with "card" on line 5',
    ],
  ],
  [
    "a field indented one space too far",
    { "case.yaml": page("  - type: prose\n     heading: Too far\n    body: [Text.]\n") },
    [
      'site/case.yaml:7:1  this line is indented further than the field above it — indent it 4 spaces to line up with "type" on line 6, or 0 spaces to line up with "sections" on line 5',
    ],
  ],
  [
    "a field indented one space too little in a list",
    { "case.yaml": page("  - type: prose\n   heading: Too little\n    body: [Text.]\n") },
    [
      'site/case.yaml:7:1  the indentation of this line does not line up with the lines above — indent it 4 spaces to line up with "type" on line 6, or 0 spaces to line up with "sections" on line 5',
    ],
  ],
  [
    "an unquoted colon in a text",
    { "case.yaml": page("  - type: prose\n    heading: Fees: what is included\n    body: [Text.]\n") },
    [
      'site/case.yaml:7:14  this text contains ": " (a colon and a space), which YAML reads as the start of a new field — put the whole text in quotes: heading: "Fees: what is included"',
    ],
  ],
  [
    "an unquoted colon in a paragraph",
    { "case.yaml": page("  - type: prose\n    heading: Fees\n    body:\n      - Note: GST is extra\n") },
    [
      'site/case.yaml:9:9  sections[0] (prose) › body[0]: this text contains ": " (a colon and a space), so it was read as a field name — put the whole text in quotes: "Note: GST is extra"',
    ],
  ],
  [
    "an unquoted colon inside { }",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    actions:\n      - {label: Fees: now, to: /about}\n") },
    ['site/case.yaml:9:17  a text inside { } or [ ] contains ": " (a colon and a space), or a line break — put that text in quotes'],
  ],
  [
    "a text that runs on to a line with a colon",
    {
      "case.yaml": `${HEAD}title: Case page\ndescription: A page of the fixture site for one message case,\nwith a colon: here.\nsections: [{type: prose, heading: Hi, body: [a]}]\n`,
    },
    ['site/case.yaml:5:1  this text contains ": " (a colon and a space), so it was read as a field name — put the whole text in double quotes'],
  ],
  [
    "no space after a colon",
    { "case.yaml": `${HEAD}title:Case page\ndescription: A page of the fixture site for one message case.\nsections: []\n` },
    ["site/case.yaml:3:1  a colon after a field name must be followed by a space — write title: Case page"],
  ],
  [
    "more text after a closing quote",
    { "case.yaml": `${HEAD}title: "Hello" world\n` },
    ["site/case.yaml:3:16  there is more text after the closing quote — quote the whole text: title: '\"Hello\" world'"],
  ],
  [
    "a # in a text",
    { "case.yaml": page("  - type: prose\n    heading: Step #1 of 3\n    body: [Text.]\n") },
    ['site/case.yaml:7:14  the text after " #" was left out: YAML reads " #" as the start of a comment — put the whole text in quotes: "Step #1 of 3"'],
  ],
  [
    "no space after the dash of a list entry read as text",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    actions:\n      -[a, b]\n") },
    [
      'site/case.yaml:9:7  sections[0] (hero) › actions: expected a list, found text "-[a, b]" — the "-" that starts a list entry must be followed by a space: write - [a, b]',
    ],
  ],
  [
    "no space after the dash of a section",
    { "case.yaml": page("  -type: hero\n   heading: Hi\n") },
    ['site/case.yaml:6:3  the "-" that starts a list entry must be followed by a space — write - type: hero'],
  ],
  [
    "no space after the dash of a button",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    actions:\n      -label: About\n       to: /about\n") },
    ['site/case.yaml:9:7  the "-" that starts a list entry must be followed by a space — write - label: About'],
  ],
  [
    "a number with commas in a one-line list",
    { "case.yaml": page("  - type: table\n    heading: Places\n    columns: [Place, People]\n    rows:\n      - [Pune, 1,200,000 people]\n") },
    [
      'site/case.yaml:10:17  the commas in 1,200,000 people split the text into 3 pieces: inside [ ] a comma separates entries — put the text in quotes: "1,200,000 people"',
    ],
  ],
  [
    "a text with a comma in a one-line table row",
    { "case.yaml": page("  - type: table\n    heading: Places\n    columns: [Place, People]\n    rows:\n      - [Paris, France, '12']\n") },
    [
      "site/case.yaml:10:9  sections[0] (table) › rows[0]: has 3 cells, but the table has 2 columns — give every row one entry per column heading; in [ ] a comma separates entries, so put a text that holds a comma in quotes",
    ],
  ],
  [
    "a text with a comma in a one-line group",
    { "case.yaml": page("  - type: cardGrid\n    cards:\n      - {title: Where, text: Paris, France}\n") },
    [
      'site/case.yaml:8:35  the comma in Paris, France splits the text in two: inside { } a comma separates entries — put the text in quotes: text: "Paris, France"',
    ],
  ],
  [
    "a fee with two commas in a one-line group",
    {
      "case.yaml": `${HEAD}${META}card:\n  title: A\n  text: B\n  facts:\n    - {label: Fee, value: ₹40,000 + GST, $700}\nsections: [{type: prose, heading: Hi, body: [a]}]\n`,
    },
    [
      'site/case.yaml:9:30  the commas in ₹40,000 + GST, $700 split the text into 3 pieces: inside { } a comma separates entries — put the text in quotes: value: "₹40,000 + GST, $700"',
    ],
  ],
  [
    "an unclosed quote with a later quoted text",
    { "case.yaml": page("  - type: hero\n    heading: 'Fees for 2026\n    text: 'Fees include GST.'\n") },
    ["site/case.yaml:7:14  the quote ' that opens this text is not closed on its line — end the text with ' on the same line: heading: 'Fees for 2026'"],
  ],
  [
    "a tab among the spaces of a list entry",
    { "case.yaml": page("  - type: prose\n    heading: Tabs\n    body:\n      - a\n  \t  - b\n") },
    ["site/case.yaml:10:3  a tab is used for indentation — indent with spaces only (two per level); set your editor to insert spaces for Tab"],
  ],
  [
    "a picture path under assets/",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    image: {src: assets/logo.svg, alt: The logo, width: 140, height: 40}\n") },
    [
      'site/case.yaml:8:18  sections[0] (hero) › image › src: text "assets/logo.svg" names the folder site/assets, but a file\'s path starts after it — write /logo.svg',
    ],
  ],
  [
    "a card without its dash",
    { "case.yaml": page("  - type: cardGrid\n    cards:\n      - title: A\n        text: B\n        title: C\n        text: D\n") },
    [
      'site/case.yaml:10:9  this line starts a new entry of cards, but it has no "- " in front — start the entry of cards with "- " (a dash and a space), the dash right under the one on line 8: - title: C',
    ],
  ],
  [
    "a field given twice that does not start an entry",
    { "case.yaml": page("  - type: prose\n    heading: A\n    heading: B\n    body: [a]\n") },
    ["site/case.yaml:8:5  this field appears twice in the same place — keep one of them and delete the other"],
  ],
  // fields in the wrong place
  [
    "a block's field under one of its cards",
    { "case.yaml": page("  - type: cardGrid\n    heading: Cards\n    cards:\n      - title: A\n        text: B\n        columns: 3\n") },
    [
      "site/case.yaml:11:9  sections[0] (cardGrid) › cards[0]: columns belongs to cardGrid, not to a card — move it up under the section, in line with type: cardGrid",
    ],
  ],
  [
    "the hero's height under its button",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    actions:\n      - label: Contact\n        to: /about\n        height: 600\n") },
    [
      "site/case.yaml:11:9  sections[0] (hero) › actions[0]: height belongs to hero, not to a button or link — move it up under the section, in line with type: hero",
    ],
  ],
  [
    "a required field one level too deep is one mistake",
    { "case.yaml": page("  - type: hero\n    actions:\n      - label: Contact\n        to: /about\n        heading: Hi\n") },
    [
      "site/case.yaml:10:9  sections[0] (hero) › actions[0]: heading belongs to hero, not to a button or link — move it up under the section, in line with type: hero",
    ],
  ],
  [
    "a page field under a section",
    {
      "case.yaml": `${HEAD}title: Case page\nsections:\n  - type: prose\n    heading: Hi\n    body: [Text.]\n    description: A page of the fixture site for one message case.\n`,
    },
    ["site/case.yaml:8:5  sections[0] (prose): description belongs to the page, not to prose — move it to the top level of the file, with no spaces before it"],
  ],
  [
    "an unknown field, misspelt",
    { "case.yaml": page("  - type: hero\n    headign: Hi\n") },
    ['site/case.yaml:7:5  sections[0] (hero): unknown field "headign" — did you mean "heading"?'],
  ],
  [
    "an unknown field",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    subtitle: More\n") },
    ['site/case.yaml:8:5  sections[0] (hero): unknown field "subtitle" — the fields here are: type, id, eyebrow, heading, text, image, height, actions'],
  ],
  [
    "an unknown block type, misspelt",
    { "case.yaml": page("  - type: heor\n    heading: Hi\n") },
    [`site/case.yaml:6:11  sections[0] (heor) › type: unknown block type "heor" — did you mean "hero"? (the block types are: ${BLOCKS})`],
  ],
  [
    "an unknown block type",
    { "case.yaml": page("  - type: gallery\n    heading: Hi\n") },
    [`site/case.yaml:6:11  sections[0] (gallery) › type: unknown block type "gallery" — the block types are: ${BLOCKS}`],
  ],
  // wrong kinds of value
  [
    "text with a unit where a number belongs",
    { "case.yaml": page("  - type: hero\n    heading: Tall\n    height: 600px\n") },
    ['site/case.yaml:8:13  sections[0] (hero) › height: expected a whole number, found text "600px" — write the number alone, without quotes or units: 600'],
  ],
  [
    "words where a number belongs",
    { "case.yaml": page("  - type: hero\n    heading: Tall\n    height: six hundred\n") },
    ['site/case.yaml:8:13  sections[0] (hero) › height: expected a whole number, found text "six hundred" — write digits only, for example 600'],
  ],
  [
    "a number where text belongs",
    { "case.yaml": page("  - type: hero\n    heading: 2025\n") },
    ['site/case.yaml:7:14  sections[0] (hero) › heading: expected text, found the number 2025 — put it in quotes: "2025"'],
  ],
  [
    "yes where true or false belongs",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    actions:\n      - {label: Go, to: 'https://example.com', external: yes}\n") },
    ['site/case.yaml:9:58  sections[0] (hero) › actions[0] › external: expected true or false, found text "yes" — write true or false, without quotes'],
  ],
  [
    "a missing required field of the page",
    { "case.yaml": `${HEAD}title: Case page\nsections: [{type: prose, heading: Hi, body: [a]}]\n` },
    [
      'site/case.yaml:2:1  missing required field "description" — add description: … (One or two sentences that search engines show under the title. Aim for 70 to 160 characters.)',
    ],
  ],
  [
    "a missing required field of a card",
    { "case.yaml": page("  - type: cardGrid\n    cards:\n      - title: A\n") },
    [
      'site/case.yaml:8:9  sections[0] (cardGrid) › cards[0]: missing required field "text" — add text: … (Plain text. You may write **bold**, _emphasis_ and [a link](/connect). Put it in quotes if it contains a colon followed by a space.)',
    ],
  ],
  // links, anchors, images, ids and addresses
  [
    "a misspelt link",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    actions: [{label: About, to: /abuot}]\n") },
    ['site/case.yaml:8:34  link "/abuot" is not a page — did you mean "/about"?'],
  ],
  [
    "a link to no page",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    actions: [{label: Shop, to: /shop/basket}]\n") },
    ['site/case.yaml:8:33  link "/shop/basket" is not a page — check the address against the files under site/'],
  ],
  [
    "a misspelt anchor",
    { "case.yaml": page("  - type: prose\n    heading: Hi\n    body: ['See [the team](/about#teams).']\n") },
    ['site/case.yaml:8:12  link "/about#teams": the page /about has no anchor "teams" — did you mean "#team"?'],
  ],
  [
    "an anchor the page does not have",
    { "case.yaml": page("  - type: prose\n    heading: Hi\n    body: ['See [our history](/about#history).']\n") },
    ['site/case.yaml:8:12  link "/about#history": the page /about has no anchor "history" — its anchors are: contact, team'],
  ],
  [
    "a missing image",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    image: {src: /logoo.svg, alt: The logo, width: 140, height: 40}\n") },
    ['site/case.yaml:8:18  missing file "/logoo.svg": there is no site/assets/logoo.svg — similar files: /logo.svg, /icon.svg'],
  ],
  [
    "an image without alt text",
    { "case.yaml": page("  - type: hero\n    heading: Hi\n    image: {src: /logo.svg, alt: '', width: 140, height: 40}\n") },
    ["site/case.yaml:8:34  this image has no alt text — describe the picture in one sentence, or set decorative: true if it is only decoration"],
  ],
  [
    "an id used twice",
    { "case.yaml": page("  - type: prose\n    id: intro\n    heading: A\n    body: [a]\n  - type: prose\n    id: intro\n    heading: B\n    body: [b]\n") },
    ['site/case.yaml:11:9  the id "intro" is used twice on this page — it is already used on line 7; each id must be unique on its page'],
  ],
  [
    "two files for one address",
    {
      "dup.yaml": page("  - {type: prose, heading: One, body: [a]}\n"),
      "dup/index.yaml": page("  - {type: prose, heading: Two, body: [b]}\n").replace("../schema", "../../schema"),
    },
    ["site/dup/index.yaml:1:1  the address /dup is already the page site/dup.yaml — rename or move one of the two files"],
  ],
  [
    "an alias that is another page's address",
    { "case.yaml": `${HEAD}${META}aliases: [/about]\nsections: [{type: prose, heading: Hi, body: [a]}]\n` },
    ["site/case.yaml:5:11  the alias /about is already the address of site/about.yaml — remove the alias or rename that page"],
  ],
  // editor help and versions
  [
    "no schema line",
    { "case.yaml": `schemaVersion: 2\n${META}sections: [{type: prose, heading: Hi, body: [a]}]\n` },
    [
      "site/case.yaml:1:1  the file does not start with the schema line, so editors cannot show help or spot mistakes as you type — make line 1: # yaml-language-server: $schema=../schema/page.schema.json (npm run migrate adds it)",
    ],
  ],
  [
    "a schema line for another folder",
    { "deep/case.yaml": `${HEAD}${META}sections: [{type: prose, heading: Hi, body: [a]}]\n` },
    [
      'site/deep/case.yaml:1:1  the schema line points to "../schema/page.schema.json", which is not the page schema from this folder — make line 1: # yaml-language-server: $schema=../../schema/page.schema.json',
    ],
  ],
  [
    "a schema line below the first line",
    { "case.yaml": `# A page\n${HEAD}${META}sections: [{type: prose, heading: Hi, body: [a]}]\n` },
    [
      "site/case.yaml:2:1  the schema line must be the very first line of the file — move it to the top; make line 1: # yaml-language-server: $schema=../schema/page.schema.json",
    ],
  ],
  [
    "no schemaVersion",
    { "case.yaml": `${LINE1}\n${META}sections: [{type: prose, heading: Hi, body: [a]}]\n` },
    [
      "site/case.yaml:2:1  this page does not say which version of the page format it uses — run npm run migrate, which updates the page to the current format (or add the line schemaVersion: 2 at the top)",
    ],
  ],
  [
    "an older schemaVersion",
    { "case.yaml": `${LINE1}\nschemaVersion: 1\n${META}sections:\n  - {type: table, columns: [A], rows: [[1]], note: Fees include GST.}\n` },
    [
      "site/case.yaml:2:16  schemaVersion: this page is written in version 1 of the page format; the site now uses version 2 — run npm run migrate, which updates the page to the current format",
      'site/case.yaml:6:46  sections[0] (table): unknown field "note" — did you mean "notes"?',
    ],
  ],
  [
    "a privacy notice that does not link to the privacy policy",
    { "case.yaml": ENQUIRY_FORM("We keep your details for two years.") },
    [
      "site/case.yaml:12:20  sections[0] (enquiryForm) › privacyNotice: does not link to the privacy policy — add a link to it, such as [privacy policy](/legal-privacy): the law asks that the notice say where to read more and whom to contact",
    ],
  ],
  [
    "a page naming the grievance officer when the site names none",
    { "case.yaml": page('  - type: prose\n    heading: Contact\n    body: ["Write to {grievanceOfficer}."]\n') },
    [
      "site/case.yaml:1:1  this page names the grievance officer with {grievanceOfficer}, but site/_site.yaml sets no privacy.grievanceOfficer — add privacy: grievanceOfficer: {name: …, email: …} to site/_site.yaml",
    ],
  ],
];

/**
 * Mistakes whose message used to point the wrong way, each a fixture named for it under
 * tests/fixtures/invalid/, with the exact line printed and the edit its hint asks for:
 * following the hint must leave a page with no problem at all.
 */
const FOLLOW_THE_HINT: [fixture: string, file: string, expected: string[], follow: (text: string) => string][] = [
  [
    "missing-dash-before-section",
    "services.yaml",
    [
      'site/services.yaml:9:5  this line starts a new section, but it has no "- " in front — start the section with "- " (a dash and a space), the dash right under the one on line 6: - type: prose',
    ],
    (t) => t.replace("    type: prose", "  - type: prose"),
  ],
  [
    "no-space-after-dash",
    "contact-us.yaml",
    ['site/contact-us.yaml:9:7  the "-" that starts a list entry must be followed by a space — write - { label: Write to us, to: /about }'],
    (t) => t.replace("-{ label", "- { label"),
  ],
  [
    "comma-in-one-line-list",
    "fees.yaml",
    [
      'site/fees.yaml:10:23  the comma in ₹12,000 / $200 splits the text in two: inside [ ] a comma separates entries — put the text in quotes: "₹12,000 / $200"',
    ],
    (t) => t.replace("₹12,000 / $200", '"₹12,000 / $200"'),
  ],
  [
    "comma-in-one-line-group",
    "course.yaml",
    [
      'site/course.yaml:9:30  the comma in ₹40,000 + GST splits the text in two: inside { } a comma separates entries — put the text in quotes: value: "₹40,000 + GST"',
    ],
    (t) => t.replace("value: ₹40,000 + GST", 'value: "₹40,000 + GST"'),
  ],
  [
    "commas-in-an-indian-number-in-one-line-group",
    "programme.yaml",
    [
      'site/programme.yaml:9:29  the commas in ₹1,00,000 + GST / $1600 split the text into 3 pieces: inside { } a comma separates entries — put the text in quotes: value: "₹1,00,000 + GST / $1600"',
    ],
    (t) => t.replace("value: ₹1,00,000 + GST / $1600", 'value: "₹1,00,000 + GST / $1600"'),
  ],
  [
    "assets-folder-in-picture-path",
    "banner.yaml",
    [
      'site/banner.yaml:9:12  sections[0] (hero) › image › src: text "site/assets/logo.svg" names the folder site/assets, but a file\'s path starts after it — write /logo.svg',
    ],
    (t) => t.replace("src: site/assets/logo.svg", "src: /logo.svg"),
  ],
  [
    "unclosed-quote",
    "quoted.yaml",
    [
      'site/quoted.yaml:7:14  the quote " that opens this text is not closed on its line — end the text with " on the same line: heading: "Fees: what is included"',
    ],
    (t) => t.replace('heading: "Fees: what is included', 'heading: "Fees: what is included"'),
  ],
  [
    "tab-among-spaces",
    "tabbed-line.yaml",
    [
      'site/tabbed-line.yaml:8:3  a tab is mixed in with the spaces that indent this line — YAML counts only spaces: replace the tab with spaces and indent it 4 spaces to line up with "heading" on line 7, or 0 spaces to line up with "sections" on line 5',
    ],
    (t) => t.replace("  \tbody:", "    body:"),
  ],
  [
    "alias-used-21-times",
    "aliases.yaml",
    ["site/aliases.yaml:1:1  too many *aliases (more than 20 expansions) — write the repeated text out instead of using &anchors and *aliases"],
    (t) => t.replace(/(\n {6}- \*word)+\n$/, (run) => run.replace(/\*word/g, "Repeat")),
  ],
  [
    "starter-placeholder-text",
    "faq.yaml",
    [
      'site/faq.yaml:5:8  still has placeholder text "New page: Faq | Fixture Co" — replace it with the real text',
      'site/faq.yaml:6:14  still has placeholder text "Replace this placeholder: one or two sentences ..." — replace it with the real text',
      'site/faq.yaml:9:14  still has placeholder text "New page: Faq" — replace it with the real text',
      'site/faq.yaml:10:11  still has placeholder text "Replace this placeholder with a short introduct..." — replace it with the real text',
      'site/faq.yaml:14:14  still has placeholder text "Replace this heading" — replace it with the real text',
      'site/faq.yaml:16:9  still has placeholder text "Replace this paragraph: say what visitors need ..." — replace it with the real text',
      'site/faq.yaml:18:13  still has placeholder text "Replace this point" — replace it with the real text',
      'site/faq.yaml:19:13  still has placeholder text "Replace this point" — replace it with the real text',
    ],
    (t) => t.replace(/"New page: Faq/g, '"Questions').replace(/"?Replace this[^"\n]*"?/g, "The real words of this part of the page."),
  ],
  [
    "picture-size-mismatch",
    "banner.yaml",
    [
      "site/banner.yaml:11:14  width: 800 and height: 500 do not have the shape of the picture /pictures/banner.svg, which is 1600 × 600 — write width: 1600 and height: 600, or keep width: 800 and write height: 300",
    ],
    (t) => t.replace("height: 500", "height: 300"),
  ],
];

describe("hints that lead to the fix", () => {
  it.each(FOLLOW_THE_HINT)("%s", (fixture, file, expected, follow) => {
    const made = fixtureRoot(fixture);
    cleanup = made.cleanup;
    expect(loadSiteContent(made.root).problems.map(formatProblem)).toEqual(expected);
    const path = join(made.root, "site", file);
    const fixed = follow(readFileSync(path, "utf8"));
    writeFileSync(path, fixed);
    expect(loadSiteContent(made.root).problems.map(formatProblem)).toEqual([]);
  });

  // yaml counts an anchor's own value as an expansion; the limit is on the uses, as the message says.
  it.each([1, 2, 19, 20, 21, 22, 30])("an &anchor used %i times", (uses) => {
    const body = Array.from({ length: uses }, () => "      - *word\n").join("");
    const problems = problemsWith({ "case.yaml": page(`  - type: prose\n    heading: &word Repeat\n    body:\n${body}`) });
    expect(problems).toEqual(
      uses <= MAX_ALIAS_COUNT
        ? []
        : ["site/case.yaml:1:1  too many *aliases (more than 20 expansions) — write the repeated text out instead of using &anchors and *aliases"],
    );
  });
});

/** What ajv and the YAML parser say in their own words; none of it may reach the person editing. */
const JARGON =
  /instancePath|schemaPath|must match|must be equal to|must NOT|must have required|must pass|must be (string|number|integer|boolean|object|array|null)\b|additional ?propert|\boneOf\b|\banyOf\b|\ballOf\b|\$ref|discriminator|YAML(Parse|Warning|Error)|Implicit keys|Nested mappings|compact mapping|Unexpected (scalar|token)|Plain value|flow collection|block collection|reserved character/i;

describe("plain-language messages for the mistakes people make", () => {
  it.each(CASES)("%s", (_name, files, expected) => {
    expect(problemsWith(files)).toEqual(expected);
  });
});

/** Every folder under tests/fixtures/ that holds a site/ (other than the base it is laid over). */
function fixtureSites(dir: string = FIXTURES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (!e.isDirectory()) return [];
    const full = join(dir, e.name);
    if (e.name === "site") return [];
    return existsSync(join(full, "site")) && statSync(join(full, "site")).isDirectory() ? [full] : fixtureSites(full);
  });
}

describe("no validator jargon reaches the person editing", () => {
  const sites = fixtureSites().filter((d) => relative(FIXTURES, d) !== "base-site");

  it("finds the fixtures", () => {
    expect(sites.length).toBeGreaterThanOrEqual(17);
  });

  it.each(sites.map((d) => [relative(FIXTURES, d), d]))("%s", (_name, dir) => {
    const root = mkdtempSync(join(tmpdir(), "nexa-jargon-"));
    cleanup = () => rmSync(root, { recursive: true, force: true });
    cpSync(join(FIXTURES, "base-site", "site"), join(root, "site"), { recursive: true });
    cpSync(join(dir, "site"), join(root, "site"), { recursive: true, verbatimSymlinks: true });
    symlinkSync(join(PROJECT, "schema"), join(root, "schema"));
    const problems = loadSiteContent(root).problems;
    // Fixtures named for a mistake must be reported; hostile ones may be harmless (and then say nothing).
    if (relative(FIXTURES, dir).startsWith("invalid")) expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) expect(`${p.message} — ${p.hint ?? ""}`).not.toMatch(JARGON);
  });

  it.each(CASES.map(([name, files]) => [name, files] as const))("%s", (_name, files) => {
    for (const line of problemsWith(files)) expect(line).not.toMatch(JARGON);
  });
});
