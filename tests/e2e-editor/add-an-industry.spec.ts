import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { CLONE } from "./playwright.config.ts";

const FINISHED_MINING = `# yaml-language-server: $schema=../../schema/page.schema.json
schemaVersion: 2
title: "Mining | Nexa AI"
description: AI for mining and quarrying from Nexa AI, for safer sites, steadier output and fewer unplanned stops from pit to port.
card:
  title: Mining
  text: Safer sites and steadier output with AI for exploration, extraction and haulage.
  image:
    src: /industries/card.svg
    alt: A globe orbited by a factory, a heart, a wind turbine and a delivery truck.
    width: 800
    height: 500
  order: 11
sections:
  - type: hero
    heading: Mining and quarrying
    text: AI that keeps people safe underground and machines running above it.
    height: 600
    image:
      src: /industries/banner.svg
      alt: A globe linked to a factory, a heart, a wind turbine and a delivery truck on a navy background.
      width: 1600
      height: 600
    actions:
      - {label: Contact Us, to: /connect}
  - type: prose
    heading: Why AI matters in mining
    body:
      - Ore grades fall and sites grow more remote, so finding, planning and moving material with less waste decides who stays profitable.
      - bullets:
          - Predictive maintenance for haul trucks and crushers
          - Computer vision for safety zones and conveyor belts
  - type: prose
    heading: How Nexa AI helps
    body:
      - We start from one site's data, prove the value in weeks, and train your engineers to run what we build.
    actions:
      - {label: Contact Us, to: /connect}
`;

const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of"]');
const source = (page: Page) => page.getByRole("textbox", { name: /^YAML source of/ });

async function expectAxeClean(page: Page, context: string) {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).exclude("iframe").analyze();
  expect(results.violations.map((v) => `${context}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("an editor adds an industry, fills it in, fixes a mistake and publishes it", async ({ page }) => {
  const cspViolations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto("/admin/");
  await expect(page.getByRole("navigation", { name: "Pages" }).getByRole("button", { name: /\/industries\/health/ })).toBeVisible({ timeout: 60_000 });
  await expectAxeClean(page, "page list");

  // New page, by keyboard: the first button after the heading.
  await page.getByRole("button", { name: "New page" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "New page" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Kind of page").selectOption("industry");
  await dialog.getByLabel("Address").fill("/industries/mining");
  await dialog.getByLabel("Title").fill("Mining");
  await expectAxeClean(page, "new page dialog");
  await dialog.getByRole("button", { name: "Create page" }).click();

  await expect(page.getByRole("heading", { level: 2, name: /\/industries\/mining/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Problems" }).getByRole("heading")).toHaveText(/^\d+ problems$/);
  await expect(preview(page).locator("h1")).toHaveText("Mining");

  // The form view edits the same text; the preview follows.
  await page.getByRole("tab", { name: "Form" }).click();
  const hero = page.getByRole("group", { name: /^Section 1: / });
  await hero.getByLabel(/^Heading/).fill("Mining and quarrying");
  await expect(preview(page).locator("h1")).toHaveText("Mining and quarrying");
  await expectAxeClean(page, "form view");

  // The source view shows the form's edit; the editor finishes the page there.
  await page.getByRole("tab", { name: "Source" }).click();
  await expect(source(page)).toContainText('heading: "Mining and quarrying"');
  await source(page).click();
  await page.keyboard.press("ControlOrMeta+A");
  // Pasted, as an editor brings a text written elsewhere (typed-in text would be indented again by the editor as it goes).
  await source(page).evaluate((editor, text) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData("text/plain", text);
    editor.dispatchEvent(new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }));
  }, FINISHED_MINING);
  await expect(page.getByRole("region", { name: "Problems" }).getByRole("heading")).toHaveText("No problems");
  await expect(page.getByRole("status").filter({ hasText: "Up to date" })).toBeVisible();
  await expectAxeClean(page, "source view");

  // A misspelt field: shown at its line, the preview keeps the last good version, the hint's fix is one click.
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.type("t");
  const problems = page.getByRole("region", { name: "Problems" });
  await expect(problems.getByRole("listitem")).toHaveText(['line 3, column 1 unknown field "ttitle" — did you mean "title"? Change to title']);
  await expect(page.locator(".cm-lintRange-error")).toHaveText("ttitle");
  await expect(page.getByText(/^Showing the last version without problems/)).toBeVisible();
  await expect(preview(page).locator("h1")).toHaveText("Mining and quarrying");
  // The problem list under the editor offers the fix as a button.
  await problems.getByRole("button", { name: "Change to title" }).click();
  await expect(problems.getByRole("heading")).toHaveText("No problems");

  await expect(source(page)).toContainText("to: /connect}");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved site/industries/mining.yaml.")).toBeVisible();

  // Links in the preview open their page in the editor.
  await preview(page).getByRole("link", { name: "Legal and privacy" }).click();
  await expect(page.getByRole("heading", { level: 2, name: /\/legal-privacy/ })).toBeVisible();

  await page.getByRole("button", { name: "Publish…" }).click();
  const publish = page.getByRole("dialog", { name: "Publish" });
  await expect(publish.getByText("Changed: site/industries/mining.yaml")).toBeVisible();
  await publish.getByLabel("What did you change?").fill("Add the mining industry");
  await publish.getByRole("button", { name: "Publish" }).click();
  await expect(publish.getByText(/^Published as commit [0-9a-f]{12}: site\/industries\/mining\.yaml\.$/)).toBeVisible({ timeout: 480_000 });

  const log = execFileSync("git", ["log", "-1", "--format=%an|%s", "--name-only"], { cwd: resolve(CLONE), encoding: "utf8" });
  expect(log.trim()).toBe("Editor Test|Add the mining industry\n\nsite/industries/mining.yaml");
  expect(cspViolations).toEqual([]);
});
