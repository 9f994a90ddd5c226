import type { Page } from "@playwright/test";

export { test } from "./fixtures.ts";

/** Go to an address on the shared page and wait for hydration; it must answer 200. */
export async function open(page: Page, path: string): Promise<void> {
  const response = await page.goto(path, { waitUntil: "domcontentloaded" });
  if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

/** The CSP violations the page has reported since it loaded. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])]);
}
