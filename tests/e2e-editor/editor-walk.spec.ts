import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { WALK_CHECKED, WALK_REMOTE, WALK_REPO } from "./walk-editor.ts";

/**
 * What an editor does in the browser editor, in Debian's Chromium, typed as a person types:
 * a new industry from the starter, filled in the form view and the source view while the preview
 * follows at three widths; the six mistakes people make, each seen at its line with its message
 * and hint, and fixed; a save that meets a change on disk and is merged; a publish whose commit
 * reaches the remote. The editor is axe-clean at every step and works from the keyboard.
 */

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const MINING = "site/industries/mining.yaml";
const COURSE = "site/courses/comparative-exam-preparation/jeemain.yaml";
const PRICE_HINT =
  'write ₹ or $ and the amount in digits, then "+ GST" when tax is extra, two prices apart with " / ": "₹45,000 + GST", "₹50,000 + GST / $800" or "$800"';

const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of"]');
const source = (page: Page) => page.getByRole("textbox", { name: /^YAML source of/ });
const problems = (page: Page) => page.getByRole("region", { name: "Problems" });

async function expectAxeClean(page: Page, context: string) {
  // The preview is the site itself, checked by the site's own tests; here the editor around it.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude("iframe").analyze();
  expect(results.violations.map((v) => `${context}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** A step of the walk, with its time in the test's output: the walk runs in every npm test, so where its time goes is shown. */
async function step(name: string, body: () => Promise<void>) {
  const started = performance.now();
  await test.step(name, body);
  console.log(`${((performance.now() - started) / 1000).toFixed(1).padStart(5)} s  ${name}`);
}

/** The problem list says nothing is wrong, and the preview shows this version. */
async function expectClean(page: Page) {
  await expect(problems(page).getByRole("heading")).toHaveText("No problems");
  await expect(page.locator(".cm-lintRange-error")).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Up to date" })).toBeVisible();
}

/**
 * Find a text with the editor's search (Ctrl+F, Enter selects it, Escape goes back to the text)
 * and type over it: how a person replaces a phrase in a long file, whatever its line wraps. The
 * search starts from the top, and its first match is the one typed over.
 */
async function typeOver(page: Page, find: string, typed: string, where: "over" | "before" = "over") {
  await source(page).focus();
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ControlOrMeta+f");
  const field = page.getByRole("textbox", { name: "Find" });
  await expect(field).toBeFocused();
  // What to find is pasted (the typing under test is the text's); the search takes it on the next key up.
  await field.fill(find);
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Escape");
  await expect(source(page)).toBeFocused();
  if (where === "before") await page.keyboard.press("ArrowLeft");
  await page.keyboard.type(typed);
}

/**
 * The one problem shown: in the list under the editor with its line, column, message and hint
 * (and the button of its one-click fix, when the hint names one);
 * in CodeMirror as an error mark on that line (read from the line-number gutter beside it) over
 * `marked`, and in its list of diagnostics (Ctrl+Shift+M) with the same message and hint.
 */
async function expectProblem(page: Page, line: number, col: number, marked: string, message: string, fix?: string) {
  await expect(problems(page).getByRole("listitem")).toHaveText([`line ${line}, column ${col} ${message}${fix ? ` ${fix}` : ""}`]);
  await expect(problems(page).getByRole("button")).toHaveText(fix ? [fix] : []);
  const mark = page.locator(".cm-lintRange-error");
  await expect.poll(() => mark.textContent()).toBe(marked);
  const markedLine = await mark.evaluate((element) => {
    const top = element.getBoundingClientRect().top + 1;
    const numbers = [...document.querySelectorAll(".cm-lineNumbers .cm-gutterElement")];
    const beside = numbers.find((n) => {
      const box = n.getBoundingClientRect();
      return box.height > 0 && box.top <= top && top < box.bottom;
    });
    return beside ? Number(beside.textContent) : null;
  });
  expect(markedLine).toBe(line);
  await expect(page.locator(".cm-panel-lint .cm-diagnosticText")).toHaveText([message]);
}

/**
 * A mistake people make, as the walk makes it: typed as a person types, then seen once at its line
 * and column with its exact message and hint, and fixed: with the one-click fix's button when the
 * hint names one (in the problem list, or in CodeMirror's tooltip over the mark), else by doing
 * what the hint says. The page is clean after each.
 */
interface Mistake {
  name: string;
  make: (page: Page) => Promise<void>;
  line: number;
  col: number;
  /** The text CodeMirror's error mark covers. */
  marked: string;
  /** Message and hint, as the problem list shows them. */
  message: string;
  /** The one-click fix's label and where it is clicked; or how the hint is followed by hand. */
  fix: { label: string; from: "list" | "tooltip" } | ((page: Page) => Promise<void>);
  /** What is checked while the problem is shown. */
  whileShown?: (page: Page) => Promise<void>;
}

const MINING_MISTAKES: Mistake[] = [
  {
    name: "a stale count word",
    make: (page) => typeOver(page, "Ore grades fall", "Ten industries already trust Nexa AI. Ore grades fall"),
    line: 31,
    col: 10,
    marked: "Ten industries",
    message: '"Ten industries" says ten, but /industries lists eleven pages — write {count:industries} industries, and the number is counted from the pages',
    fix: { label: "Change to {count:industries} industries", from: "list" },
  },
  {
    name: "a misspelt count token",
    make: (page) => typeOver(page, "{count:industries}", "{count:industrie}"),
    line: 31,
    col: 10,
    marked: "{count:industrie}",
    message: 'unknown count "industrie" — did you mean {count:industries}?',
    fix: { label: "Change to {count:industries}", from: "list" },
    whileShown: async (page) => {
      // Until the page is clean the preview keeps the last version without problems, and says so.
      await expect(page.getByText(/^Showing the last version without problems/)).toBeVisible();
      await expect(
        preview(page).getByText("Eleven industries already trust Nexa AI. Ore grades fall and sites grow more remote.", { exact: true }),
      ).toBeVisible();
      await expectAxeClean(page, "a problem in the source view");
    },
  },
  {
    name: "a picture path under site/assets",
    make: (page) => typeOver(page, "src: /industries/banner.svg", "src: site/assets/industries/banner.svg"),
    line: 22,
    col: 12,
    marked: "site/assets/industries/banner.svg",
    message:
      'sections[0] (hero) › image › src: text "site/assets/industries/banner.svg" names the folder site/assets, but a file\'s path starts after it — write /industries/banner.svg',
    fix: { label: "Change to /industries/banner.svg", from: "tooltip" },
  },
  {
    name: "an unclosed quote",
    // Typed before the text, a quote is not closed for you (CodeMirror closes one typed before a space or the line's end).
    make: (page) => typeOver(page, "Use cases", "'", "before"),
    line: 36,
    col: 14,
    marked: "'Use cases",
    message: "the quote ' that opens this text is not closed on its line — end the text with ' on the same line: heading: 'Use cases'",
    fix: { label: "Close the quote with '", from: "list" },
  },
  {
    name: "a tab among the spaces",
    // Tab in the editor moves the focus on (the keyboard must be able to leave it): a tab arrives pasted from elsewhere.
    make: async (page) => {
      await typeOver(page, "- Safer shifts", "");
      await page.keyboard.insertText("\t- Safer shifts");
    },
    line: 34,
    col: 11,
    marked: "\t",
    message: "a tab is used for indentation — indent with spaces only (two per level); set your editor to insert spaces for Tab",
    fix: { label: "Replace the tab with spaces", from: "list" },
  },
];

const COURSE_MISTAKES: Mistake[] = [
  {
    name: "a fee written oddly",
    make: (page) => typeOver(page, "'₹35,000 + GST'", "Rs 45k"),
    line: 15,
    col: 27,
    marked: "Rs 45k",
    message: `the course fee "Rs 45k" cannot be read — ${PRICE_HINT}`,
    // The hint gives forms to choose from, not one fix: the person writes one.
    fix: (page) => typeOver(page, "Rs 45k", "'₹35,000 + GST'"),
  },
  {
    name: "a comma inside { }",
    make: (page) => typeOver(page, "'₹35,000 + GST'", "₹35,000 + GST / $500"),
    // The problem points at the comma that splits the text.
    line: 15,
    col: 30,
    marked: ",",
    message:
      'the comma in ₹35,000 + GST / $500 splits the text in two: inside { } a comma separates entries — put the text in quotes: value: "₹35,000 + GST / $500"',
    fix: { label: "Put the text in quotes", from: "list" },
  },
];

async function makeAndFix(page: Page, mistake: Mistake) {
  await test.step(mistake.name, async () => {
    await mistake.make(page);
    const fix = mistake.fix;
    await expectProblem(page, mistake.line, mistake.col, mistake.marked, mistake.message, typeof fix === "function" ? undefined : fix.label);
    await mistake.whileShown?.(page);
    if (typeof fix === "function") await fix(page);
    else if (fix.from === "list") await problems(page).getByRole("button", { name: fix.label }).click();
    else {
      await page.locator(".cm-lintRange-error").hover();
      await page
        .locator(".cm-tooltip-lint")
        .getByRole("button", { name: `Action: ${fix.label}` })
        .click();
    }
    await expectClean(page);
  });
}

test("an editor makes an industry page, makes each common mistake and fixes it, merges a change on disk and publishes", async ({ page }) => {
  const refused: string[] = [];
  page.on("console", (message) => {
    // A 422 is the preview refusing a page with problems, which the editor shows as its last good version.
    if (message.type() === "error" && !message.text().includes("status of 422")) refused.push(message.text());
    // React's development build says this once: the editor's bundle must be its production build, whatever NODE_ENV built it.
    if (message.text().includes("React DevTools")) refused.push(`development build: ${message.text()}`);
  });
  page.on("pageerror", (error) => refused.push(error.message));

  await step("open the editor and make an industry from the starter, by keyboard", async () => {
    await page.goto("/admin/");
    await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: /\/industries\/health/ })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "New page" })).toBeFocused();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "New page" });
    await expect(dialog.getByLabel("Kind of page")).toBeFocused();
    await expect(dialog.getByLabel("Kind of page")).toHaveValue("industry");
    await page.keyboard.press("Tab");
    await page.keyboard.type("/industries/mining");
    await page.keyboard.press("Tab");
    await page.keyboard.type("Mining");
    await expectAxeClean(page, "page list and new page dialog");
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { level: 2, name: `/industries/mining ${MINING}` })).toBeVisible();
    await expect(problems(page).getByRole("heading")).toHaveText("14 problems");
    await expect(preview(page).locator("h1")).toHaveText("Mining");
    await expect(page.getByText(/^Showing the last version/)).toBeHidden();
    expect(readFileSync(join(WALK_REPO, MINING), "utf8")).toContain("text: Replace this placeholder with a short introduction to AI for mining.");
  });

  await step("fill it in the form view, the preview following each edit", async () => {
    await page.getByRole("tab", { name: "Form" }).click();
    const hero = page.getByRole("group", { name: "Section 1: Hero banner" });
    await hero.getByLabel("Heading (required)").fill("Mining and quarrying");
    await expect(preview(page).locator("h1")).toHaveText("Mining and quarrying");
    await hero.getByLabel("Text", { exact: true }).fill("AI that keeps people safe underground and machines running above it.");
    await expect(preview(page).getByText("AI that keeps people safe underground and machines running above it.", { exact: true })).toBeVisible();
    await page.getByRole("group", { name: "Section 2: Text" }).getByLabel("Heading").fill("Why AI matters in mining");
    await expect(preview(page).getByRole("heading", { level: 2, name: "Why AI matters in mining" })).toBeVisible();
    const pageFields = page.getByRole("group", { name: "Page", exact: true });
    await pageFields
      .getByLabel("Page description (required)")
      .fill("AI for mining and quarrying from Nexa AI, for safer sites, steadier output and fewer unplanned stops from pit to port.");
    await pageFields.getByLabel("Text (required)").fill("Safer sites and steadier output with AI for exploration, extraction and haulage.");
    await expect(problems(page).getByRole("heading")).toHaveText("10 problems");

    const grid = page.getByRole("group", { name: "Section 3: Card grid" });
    const card = (n: number) => grid.getByRole("group", { name: `Cards ${n}`, exact: true });
    const cardTitles = preview(page).locator("section").filter({ hasText: "Use cases" }).locator("h3");
    await card(1).getByLabel("Card title (required)").fill("Predictive maintenance");
    await card(1).getByLabel("Text (required)").fill("Haul trucks and crushers report their wear. Repairs are planned before a breakdown stops the pit.");
    await expect(cardTitles.first()).toHaveText("Predictive maintenance");
    await card(2).getByLabel("Card title (required)").fill("Safety zones");
    await card(2).getByLabel("Text (required)").fill("Cameras watch the zones around machines and belts. People are warned before they step into danger.");
    await card(3).getByRole("button", { name: "Remove cards 3" }).click();
    await expect(card(3)).toHaveCount(0);
    await grid.getByRole("button", { name: "Add to cards" }).click();
    // The new entry's Remove button takes the focus, so the keyboard carries on from there.
    await expect(card(3).getByRole("button", { name: "Remove cards 3" })).toBeFocused();
    await card(3).getByLabel("Card title (required)").fill("Ore planning");
    await card(3).getByLabel("Text (required)").fill("Drill results feed a model of the ore body. Each blast moves the material that pays.");
    await expect(cardTitles).toHaveText(["Predictive maintenance", "Safety zones", "Ore planning"]);
    await card(3).getByRole("button", { name: "Move up cards 3" }).click();
    await expect(card(2).getByRole("button", { name: "Move up cards 2" })).toBeFocused();
    await expect(cardTitles).toHaveText(["Predictive maintenance", "Ore planning", "Safety zones"]);
    await expect(problems(page).getByRole("heading")).toHaveText("4 problems");
    await expectAxeClean(page, "form view");
  });

  await step("the preview at phone, tablet and desktop widths", async () => {
    const frame = page.locator('iframe[title^="Preview of"]');
    for (const [name, width] of [
      ["Phone 375", 375],
      ["Tablet 768", 768],
      ["Desktop 1280", 1280],
    ] as const) {
      await page.getByRole("button", { name }).click();
      await expect(page.getByRole("button", { name })).toHaveAttribute("aria-pressed", "true");
      await expect.poll(() => frame.evaluate((f: HTMLIFrameElement) => f.contentWindow!.innerWidth)).toBe(width);
      await page.getByRole("group", { name: "Section 1: Hero banner" }).getByLabel("Heading (required)").fill(`Mining and quarrying ${width}`);
      await expect(preview(page).locator("h1")).toHaveText(`Mining and quarrying ${width}`);
    }
    await page.getByRole("group", { name: "Section 1: Hero banner" }).getByLabel("Heading (required)").fill("Mining and quarrying");
    await expect(preview(page).locator("h1")).toHaveText("Mining and quarrying");
  });

  await step("finish the text in the source view, typed", async () => {
    await page.getByRole("tab", { name: "Source" }).click();
    await expect(source(page)).toContainText('heading: "Mining and quarrying"');
    await typeOver(page, "Replace this paragraph: what is changing in this industry and where AI helps.", "Ore grades fall and sites grow more remote.");
    await expect(preview(page).getByText("Ore grades fall and sites grow more remote.")).toBeVisible();
    await typeOver(page, "Replace this point", "Fewer unplanned stops");
    await typeOver(page, "Replace this point", "Safer shifts underground");
    await typeOver(
      page,
      "Replace this paragraph: how Nexa AI works with clients in this industry.",
      "We start from one site's data and train your engineers to run what we build.",
    );
    await expectClean(page);
    await expect(preview(page).getByRole("listitem")).toContainText(["Fewer unplanned stops", "Safer shifts underground"]);
    const text = await source(page).textContent();
    expect(text).toContain('- "Ore grades fall and sites grow more remote."');
    expect(text).toContain('- "We start from one site\'s data and train your engineers to run what we build."');
    await page.keyboard.press("ControlOrMeta+Shift+M");
    await expect(page.locator(".cm-panel-lint")).toBeVisible();
  });

  await step("the mistakes people make, on the new page: each at its line, then fixed, with one click where the hint names the fix", async () => {
    for (const mistake of MINING_MISTAKES) await makeAndFix(page, mistake);
    // The count, fixed, is counted from the pages.
    await expect(
      preview(page).getByText("Eleven industries already trust Nexa AI. Ore grades fall and sites grow more remote.", { exact: true }),
    ).toBeVisible();
    await expect(source(page)).toContainText('"{count:industries} industries already trust Nexa AI.');
    await expect(source(page)).toContainText("heading: 'Use cases'");
    expect(await source(page).textContent()).toContain("          - Safer shifts underground");
  });

  await step("save", async () => {
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Saved ${MINING}.`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved" })).toBeDisabled();
    const saved = readFileSync(join(WALK_REPO, MINING), "utf8");
    expect(saved).toContain('heading: "Mining and quarrying"');
    expect(saved).not.toContain("Replace this");
  });

  await step("a fee written oddly and a comma inside { } on a course page", async () => {
    const pages = page.getByRole("navigation", { name: "Pages" });
    await pages.getByRole("button", { name: /^\/courses\/comparative-exam-preparation\/jeemain / }).click();
    await expect(page.getByRole("heading", { level: 2, name: `/courses/comparative-exam-preparation/jeemain ${COURSE}` })).toBeVisible();
    await expectClean(page);
    await source(page).focus();
    await page.keyboard.press("ControlOrMeta+Shift+M");
    await expect(page.locator(".cm-panel-lint")).toBeVisible();
    for (const mistake of COURSE_MISTAKES) await makeAndFix(page, mistake);
    await expect(source(page)).toContainText('- {label: Fee, value: "₹35,000 + GST / $500"}');
    // Back as it was, so leaving the page loses nothing.
    await typeOver(page, '"₹35,000 + GST / $500"', "'₹35,000 + GST'");
    await expect(page.getByRole("button", { name: "Saved" })).toBeDisabled();
    await pages.getByRole("button", { name: /^\/industries\/mining / }).click();
    await expect(page.getByRole("heading", { level: 2, name: `/industries/mining ${MINING}` })).toBeVisible();
    await expectClean(page);
  });

  await step("the file changes on disk while it is edited: compare and merge", async () => {
    await typeOver(page, "Why AI matters in mining", "Why AI matters in mining and quarrying");
    const file = join(WALK_REPO, MINING);
    // Another program saves the file, whole (written aside, then renamed over it).
    writeFileSync(`${file}.new`, readFileSync(file, "utf8").replace("  title: Mining\n", "  title: Mining and quarrying\n"));
    renameSync(`${file}.new`, file);
    await expect(page.getByRole("alert").filter({ hasText: `${MINING} was changed on disk by another program since you opened it.` })).toBeVisible();
    await page.getByRole("button", { name: "Compare and merge" }).click();
    const merge = page.getByRole("region", { name: "Merge with the version on disk" });
    await expect(merge.getByRole("textbox", { name: "Your version" })).toContainText("Why AI matters in mining and quarrying");
    await expect(merge.getByRole("textbox", { name: "The version on disk" })).toContainText("title: Mining and quarrying");
    await expectAxeClean(page, "merge view");
    // Two differences: the disk's card title (taken, the first arrow) and the heading typed here (kept).
    const arrows = merge.getByRole("button", { name: "Revert this chunk" });
    await expect(arrows).toHaveCount(2);
    await arrows.nth(0).click();
    await expect(merge.getByRole("textbox", { name: "Your version" })).toContainText("title: Mining and quarrying");
    await expect(merge.getByRole("textbox", { name: "Your version" })).toContainText("Why AI matters in mining and quarrying");
    await merge.getByRole("button", { name: "Keep this merge" }).click();
    await expect(page.getByText("Merged. Save to write the merged page.")).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText(`Saved ${MINING}.`)).toBeVisible();
    const merged = readFileSync(file, "utf8");
    expect(merged).toContain('heading: "Why AI matters in mining and quarrying"');
    expect(merged).toContain("  title: Mining and quarrying\n");
    await expectClean(page);
  });

  await step("publish: one commit with the typed message, pushed to the remote", async () => {
    await page.getByRole("button", { name: "Publish…" }).click();
    const publish = page.getByRole("dialog", { name: "Publish" });
    await expect(publish.getByText(`Changed: ${MINING}`)).toBeVisible();
    await publish.getByLabel("What did you change?").focus();
    await page.keyboard.type("Add the mining industry");
    await expectAxeClean(page, "publish dialog");
    await publish.getByRole("button", { name: "Publish" }).click();
    await expect(publish.getByText(/^Published as commit [0-9a-f]{12}, and pushed: site\/industries\/mining\.yaml\.$/)).toBeVisible();
    const shown = /commit ([0-9a-f]{12})/.exec((await publish.getByRole("status").textContent()) ?? "")?.[1];
    const head = (dir: string[]) => execFileSync("git", [...dir, "log", "-1", "--format=%H|%an|%s", "--name-only"], { encoding: "utf8" }).trim();
    const local = head(["-C", WALK_REPO]);
    expect(local).toBe(`${local.slice(0, 40)}|Editor Walk|Add the mining industry\n\n${MINING}`);
    expect(local.startsWith(shown!)).toBe(true);
    expect(head(["--git-dir", WALK_REMOTE])).toBe(local);
    expect(JSON.parse(readFileSync(WALK_CHECKED, "utf8"))).toEqual([MINING]);
    await page.keyboard.press("Escape");
    await expect(publish).toBeHidden();
  });

  await step("the main controls in order by Tab", async () => {
    await page.getByRole("heading", { level: 1, name: "Site editor" }).click();
    const reached: string[] = [];
    for (let i = 0; i < 200 && reached.at(-1) !== "button Desktop 1280"; i++) {
      await page.keyboard.press("Tab");
      reached.push(
        await page.evaluate(() => {
          const el = document.activeElement!;
          const name = el.getAttribute("aria-label") ?? (el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? "") : (el.textContent ?? ""));
          return `${el.getAttribute("role") ?? el.tagName.toLowerCase()} ${name.trim()}`;
        }),
      );
    }
    const main = [
      "button New page",
      "button Publish…",
      "input Find a page",
      "tab Source",
      "tab Form",
      "button Save",
      "textbox YAML source of site/industries/mining.yaml",
      "button Phone 375",
      "button Tablet 768",
      "button Desktop 1280",
    ];
    expect(reached.filter((r) => main.includes(r))).toEqual(main.filter((m) => m !== "button Save"));
  });

  expect(refused).toEqual([]);
});
