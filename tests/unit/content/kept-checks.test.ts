import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { KeptChecks } from "../../../src/content/kept-checks.ts";
import { loadSiteContent } from "../../../src/content/site.ts";
import { siteCopyRoot } from "../fixture-site.ts";

/** The checks the dev server and the editor keep between saves: one file checked again per save, the same content as a full check. */

const made = siteCopyRoot();
afterAll(() => made.cleanup());
const explore = (kept: KeptChecks) => JSON.stringify(kept.content().pages.find((p) => p.route === "/courses/explore")!.data);

describe("kept per-file checks", () => {
  const kept = new KeptChecks(made.root);
  const first = kept.content();
  const filesAtStart = first.files.length;

  it("check every file once, then only the file saved", () => {
    expect(kept.checkedFiles).toBe(filesAtStart);
    const file = join(made.root, "site", "legal-privacy.yaml");
    writeFileSync(file, readFileSync(file, "utf8").replace("heading: Privacy Policy", "heading: Privacy Policy, saved"));
    const after = kept.content();
    expect(kept.checkedFiles).toBe(filesAtStart + 1);
    expect(after.pages.find((p) => p.route === "/legal-privacy")!.data.sections[0]!.heading).toBe("Privacy Policy, saved");
  });

  it("count again in a page that is no listing when a page is added below a counted address", () => {
    expect(explore(kept)).toContain("Seventeen project-based courses");
    const template = readFileSync(join(made.root, "site", "courses", "normal-course", "data-and-ai", "data-engineering.yaml"), "utf8");
    writeFileSync(
      join(made.root, "site", "courses", "normal-course", "data-and-ai", "stream-processing.yaml"),
      template
        .replace("title: Data Engineering Course | Nexa AI", "title: Stream Processing Course | Nexa AI")
        .replace("  title: Data Engineering", "  title: Stream Processing"),
    );
    const checkedBefore = kept.checkedFiles;
    expect(explore(kept)).toContain("Eighteen project-based courses");
    expect(kept.checkedFiles).toBe(checkedBefore + 1);
  });

  it("give what a full check gives", () => {
    const full = loadSiteContent(made.root);
    const mine = kept.content();
    expect(mine.problems).toEqual(full.problems);
    expect(mine.pages).toEqual(full.pages);
    expect(mine.site).toEqual(full.site);
  });
});
