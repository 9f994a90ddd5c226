import type { BrowserContext, Page } from "@playwright/test";
import { createRequire } from "node:module";

/** WCAG 2.0–2.2 A and AA, plus axe's best practices (one h1, landmarks, unique landmark names, …). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe-core goes into every document of the context as an init script, before the page's own
 * scripts (init scripts are not subject to the page's CSP). @axe-core/playwright's AxeBuilder
 * sends axe's 550 KB source through the DevTools protocol and evaluates it again on every run,
 * and without legacy mode opens a blank page per run to merge frames (the site has none):
 * measured on 12 pages, the browser, its renderer and the test runner together spent twice the
 * CPU (22 s against 11 s).
 */
export async function withAxe(context: BrowserContext): Promise<void> {
  // Found when first used: the server imports this module, and a deployment without the development packages never checks pages.
  await context.addInitScript({ path: createRequire(import.meta.url).resolve("axe-core/axe.min.js") });
}

/** The part of an axe violation the checks read. */
export interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

/**
 * axe's violations on the page, from the tags above; `skip` turns rules off by id. Only
 * violations are collected in full: the passes are what a run spends most of its time on.
 */
export async function axeViolations(page: Page, { skip = [] as string[] } = {}): Promise<AxeViolation[]> {
  return page.evaluate(
    async ({ tags, skip }) => {
      // Run in the page: its window is globalThis there (src/build is compiled without the DOM's types).
      const page = globalThis as unknown as {
        document: unknown;
        axe?: { run: (context: unknown, options: object) => Promise<{ violations: AxeViolation[] }> };
      };
      if (!page.axe) throw new Error("axe is not in this page: call withAxe(context) before the page opens");
      const { violations } = await page.axe.run(page.document, {
        runOnly: { type: "tag", values: tags },
        rules: Object.fromEntries(skip.map((id) => [id, { enabled: false }])),
        resultTypes: ["violations"],
      });
      return violations.map(({ id, impact, help, helpUrl, nodes }) => ({
        id,
        impact,
        help,
        helpUrl,
        nodes: nodes.map(({ target, html, failureSummary }) => ({ target: target.map(String), html, failureSummary })),
      }));
    },
    { tags: AXE_TAGS, skip },
  );
}
