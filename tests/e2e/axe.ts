import type { Page } from "@playwright/test";
import { axeViolations } from "../../src/build/axe.ts";

export { withAxe } from "../../src/build/axe.ts";

/** Every axe violation on the page as one readable line per element, so a failure says what to fix and where. */
export async function axeProblems(page: Page, options: { skip?: string[] } = {}): Promise<string[]> {
  return (await axeViolations(page, options)).flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact}): ${v.help} — ${n.target.join(" ")} — ${(n.failureSummary ?? "").replace(/\s+/g, " ")}`),
  );
}
