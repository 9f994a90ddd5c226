import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../../src/content/format-problems.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { problemsBlocking, problemsPage } from "../../../src/build/vite-plugin.ts";
import { fixtureRoot } from "../fixture-site.ts";

/**
 * The dev server's side of a mistake: which addresses cannot be shown (the page's own file, or
 * the site settings every page draws) and the readable page it shows instead.
 */
let cleanup = () => {};
afterEach(() => cleanup());

const HEAD = "# yaml-language-server: $schema=../schema/page.schema.json\nschemaVersion: 2\n";
const BROKEN = `${HEAD}title: Broken page\ndescription: A page of the fixture site with a misspelt link in it.\nsections:\n  - type: hero\n    heading: Hi\n    actions: [{label: About, to: /abuot}]\n`;

function contentWith(files: Record<string, string>) {
  const made = fixtureRoot();
  cleanup = made.cleanup;
  for (const [file, text] of Object.entries(files)) writeFileSync(join(made.root, "site", file), text);
  return loadSiteContent(made.root);
}

describe("which addresses a problem keeps from showing", () => {
  const LINK = 'site/broken.yaml:8:34  link "/abuot" is not a page — did you mean "/about"?';

  it.each([
    ["/broken", [LINK]],
    ["/about", []],
    ["/about-us", []],
    ["/", []],
    ["/no-such-page", []],
  ])("a misspelt link in site/broken.yaml: %s shows %j", (path, expected) => {
    const content = contentWith({ "broken.yaml": BROKEN });
    expect(problemsBlocking(content, path).map(formatProblem)).toEqual(expected);
  });

  it("a page that does not parse at all still answers at its address", () => {
    const content = contentWith({ "broken.yaml": `${HEAD}title: "Unclosed\n` });
    expect(problemsBlocking(content, "/broken").map(formatProblem)).toEqual([
      'site/broken.yaml:3:8  the quote " that opens this text is not closed on its line — end the text with " on the same line: title: "Unclosed"',
    ]);
    expect(problemsBlocking(content, "/about")).toEqual([]);
  });

  it("a mistake in the site settings keeps every address from showing", () => {
    const made = fixtureRoot();
    cleanup = made.cleanup;
    writeFileSync(join(made.root, "site", "_site.yaml"), "# yaml-language-server: $schema=../schema/site.schema.json\ncompany: Fixture Co\n");
    const content = loadSiteContent(made.root);
    for (const path of ["/", "/about", "/about-us"])
      expect(problemsBlocking(content, path).map((p) => p.file)).toEqual([
        "site/_site.yaml",
        "site/_site.yaml",
        "site/_site.yaml",
        "site/_site.yaml",
        "site/_site.yaml",
      ]);
  });
});

describe("the page shown instead", () => {
  const problems = [
    {
      file: "site/industries/mining.yaml",
      line: 5,
      col: 8,
      message: 'still has placeholder text "New industry: Mining | Nexa AI"',
      hint: "replace it with the real text",
    },
    { file: "site/industries/mining.yaml", line: 14, col: 7, message: 'unknown field "<tittle>"', hint: 'did you mean "title"?' },
  ];

  it.each([
    ["<title>2 problems: /industries/mining</title>"],
    ["<h1>This page is not shown: site/industries/mining.yaml has 2 problems</h1>"],
    [
      "<li><code>site/industries/mining.yaml:5:8</code> still has placeholder text &quot;New industry: Mining | Nexa AI&quot; — replace it with the real text</li>",
    ],
    ["<li><code>site/industries/mining.yaml:14:7</code> unknown field &quot;&lt;tittle&gt;&quot; — did you mean &quot;title&quot;?</li>"],
    ["Every other page of the site still works."],
  ])("holds %s", (html) => expect(problemsPage("/industries/mining", problems)).toContain(html));

  it("says when the site settings are what is wrong", () => {
    const html = problemsPage("/", [{ file: "site/_site.yaml", line: 2, col: 1, message: 'missing required field "header"' }]);
    expect(html).toContain("<h1>The site settings have 1 problem, so no page can be shown</h1>");
    expect(html).not.toContain("Every other page");
  });
});
