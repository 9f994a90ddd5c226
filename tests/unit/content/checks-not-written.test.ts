import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkFile, type FileCheck } from "../../../src/content/check-file.ts";
import { CrossChecks } from "../../../src/content/cross-checks.ts";
import { listAssets, loadSiteContent, siteYamlFiles, validatorsOf } from "../../../src/content/site.ts";
import { siteCopyRoot } from "../fixture-site.ts";

/**
 * The cross-file checks never write into the per-file checks they are handed: the check store
 * keeps those once for every process, and a listed page's card is shared with the listings'
 * state rather than copied (cross-checks.ts). Every check is frozen here, so a write into one
 * throws (modules run in strict mode), through a whole check and edits of each kind that fills data in.
 */

const made = siteCopyRoot();
afterAll(() => made.cleanup());
const at = (path: string) => join(made.root, path);

function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) frozen(child);
  }
  return value;
}

const validators = validatorsOf(made.root);
const checked = new Map<string, FileCheck>();
const checkOf = (full: string) => {
  const result = frozen(checkFile(made.root, full, validators, readFileSync(full)));
  checked.set(full, result);
  return result;
};

describe("the cross-file checks", () => {
  const cross = new CrossChecks(made.root, () => listAssets(at("site")));
  const again = () => {
    const yaml = siteYamlFiles(made.root);
    return cross
      .update(
        yaml,
        yaml.files.map((full) => checked.get(full) ?? checkOf(full)),
      )
      .content();
  };
  const edit = (path: string, from: string, to: string) => {
    const text = readFileSync(at(path), "utf8");
    expect(text).toContain(from);
    writeFileSync(at(path), text.replace(from, to));
    checkOf(at(path));
  };

  it("fill in counts, listings, header panels and site facts without writing into a file's check", () => {
    const content = again();
    expect(content.problems).toEqual([]);
    expect(content.pages).toEqual(loadSiteContent(made.root).pages);
  });

  it("and so after a card, a count and the settings change", () => {
    edit("site/industries/health.yaml", "  title: Health\n", "  title: Health care\n");
    edit("site/courses/normal-course/data-and-ai/data-science.yaml", "  title: Data Science\n", "  title: Data Science, again\n");
    edit("site/_site.yaml", "  tagline: AI consulting,", "  tagline: AI consulting and");
    const content = again();
    expect(content.problems).toEqual([]);
    expect(content.pages).toEqual(loadSiteContent(made.root).pages);
    expect(JSON.stringify(content.pages.find((p) => p.route === "/industries/details")!.data)).toContain("Health care");
  });
});
