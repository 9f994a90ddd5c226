import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { waitUntil, type Engine, type EnginePage } from "../../tools/test/engine-page.ts";

/**
 * The browser editor in an engine other than Chromium (which walks it whole, tests/e2e-editor):
 * the part of it that leans on the engine, CodeMirror's typing and marks, the preview frame and
 * the save, in one short pass over a page of the engine's own (the two engines share one editor).
 * The page's line 3 is its title and line 16 its hero's heading.
 */
const PAGES: Partial<Record<Engine, { file: string; route: string }>> = {
  firefox: { file: "site/industries/health.yaml", route: "/industries/health" },
  webkit: { file: "site/industries/consumer.yaml", route: "/industries/consumer" },
};

/** The problem list's items, as a person reads them. */
const problemTexts = () => [...document.querySelectorAll('section[aria-label="Problems"] li')].map((li) => li.textContent);

/** The editor's suite, for an engine's test file beside the site's, in the same browser. */
export function defineEditorSuite(engine: Engine, browserPage: () => EnginePage): void {
  const { file, route } = PAGES[engine]!;
  describe(`${engine}: the browser editor`, () => {
    let page: EnginePage;
    beforeAll(async () => {
      page = browserPage();
      await page.resize({ width: 1600, height: 1000 });
    });

    it("types a mistake, sees it at its line, fixes it with one click, sees the preview follow and saves", async () => {
      await page.open(`${inject("editorUrl")}/admin/`, { what: "the page list", check: () => document.querySelectorAll("nav .page-link").length > 0 });
      // The page's button in the list, found by its address (marked for the click).
      await page.evaluate((address: string) => {
        const button = [...document.querySelectorAll<HTMLElement>("nav .page-link")].find((b) => b.querySelector(".page-route")?.textContent === address);
        if (button) button.dataset.opening = "";
      }, route);
      await page.click("nav .page-link[data-opening]");
      await waitUntil(
        page,
        "the page in the editor, checked and previewed",
        () =>
          !!document.querySelector(".cm-content") &&
          document.querySelector('section[aria-label="Problems"] h3')?.textContent === "No problems" &&
          document.querySelector(".preview-status")?.textContent === "Up to date",
      );
      expect(await page.evaluate(() => document.querySelector(".page-bar h2")!.textContent)).toBe(`${route} ${file}`);
      const heading = await page.evaluate(() => document.querySelector("iframe")!.contentDocument!.querySelector("h1")!.textContent);

      // A misspelt field name, typed at the start of line 3.
      await page.click(".cm-content > .cm-line:nth-child(3)");
      await page.press("Home");
      await page.keys("t");
      await waitUntil(page, "the misspelt field in the problem list", () =>
        [...document.querySelectorAll('section[aria-label="Problems"] li')].some((li) => li.textContent!.startsWith('line 3, column 1 unknown field "ttitle"')),
      );
      expect(await page.evaluate(problemTexts)).toEqual(['line 3, column 1 unknown field "ttitle" — did you mean "title"? Change to title']);
      // Marked in the text on the line the gutter numbers 3, and the preview says it keeps the last good version.
      expect(
        await page.evaluate(() => {
          const mark = document.querySelector(".cm-lintRange-error")!;
          const top = mark.getBoundingClientRect().top + 1;
          const number = [...document.querySelectorAll(".cm-lineNumbers .cm-gutterElement")].find((n) => {
            const box = n.getBoundingClientRect();
            return box.height > 0 && box.top <= top && top < box.bottom;
          });
          return [mark.textContent, number?.textContent, document.querySelector(".preview-status")!.textContent!.split(":")[0]];
        }),
      ).toEqual(["ttitle", "3", "Showing the last version without problems"]);

      await page.click('section[aria-label="Problems"] button.fix');
      await waitUntil(page, "no problems after the fix", () => document.querySelector('section[aria-label="Problems"] h3')?.textContent === "No problems");
      expect(await page.evaluate(() => document.querySelector(".cm-content > .cm-line:nth-child(3)")!.textContent!.startsWith("title: "))).toBe(true);

      // The hero's heading, typed on: the preview draws it.
      await page.click(".cm-content > .cm-line:nth-child(16)");
      await page.press("End");
      await page.keys(" today");
      await waitUntil(page, "the preview's new heading", () =>
        /\btoday$/.test(document.querySelector("iframe")!.contentDocument?.querySelector("h1")?.textContent ?? ""),
      );
      expect(await page.evaluate(() => document.querySelector("iframe")!.contentDocument!.querySelector("h1")!.textContent)).toBe(`${heading} today`);

      await page.click(".page-bar button.primary");
      await waitUntil(page, "the save", () => document.querySelector(".page-bar button.primary")?.textContent === "Saved");
      expect(await page.evaluate(() => document.querySelector(".message")!.textContent)).toBe(`Saved ${file}.`);
      expect(readFileSync(join(inject("editorRoot"), file), "utf8")).toContain(`    heading: ${heading} today\n`);
    });
  });
}
