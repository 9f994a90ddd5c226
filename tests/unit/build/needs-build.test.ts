import { mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { whyBuildNeeded } from "../../../src/build/needs-build.ts";
import { tempDir } from "../server/helpers.ts";

const STAMP_TIME = new Date("2025-05-22T09:00:00Z");

function write(root: string, path: string, time: Date): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), "x");
  utimesSync(join(root, path), time, time);
}

/** A project whose dist/ links to a whole build made after its inputs. */
function builtProject(): string {
  const root = tempDir("nexa-project-");
  const before = new Date(STAMP_TIME.getTime() - 60_000);
  write(root, "site/index.yaml", before);
  write(root, "src/app/blocks/hero.tsx", before);
  write(root, "schema/page.schema.json", before);
  write(root, "index.html", before);
  write(root, ".builds/b1/site/index.html", STAMP_TIME);
  write(root, ".builds/b1/complete.json", STAMP_TIME);
  symlinkSync(".builds/b1/site", join(root, "dist"));
  return root;
}

describe("whyBuildNeeded", () => {
  it("is null when dist/ is a whole build newer than every input", () => {
    expect(whyBuildNeeded(builtProject())).toBeNull();
  });

  it.each([
    ["there is no dist/", (_root: string) => undefined, "dist/ is missing"],
    [
      "dist/ is a folder of the older layout",
      (root: string) => (rmSync(join(root, "dist")), write(root, "dist/index.html", STAMP_TIME)),
      "dist/ is from an older build (not a link to a whole build)",
    ],
    [
      "the build was killed before it was marked whole",
      (root: string) => rmSync(join(root, ".builds/b1/complete.json")),
      "dist/ does not point at a whole build",
    ],
    [
      "dist/ points outside .builds/",
      (root: string) => (rmSync(join(root, "dist")), write(root, "elsewhere/site/index.html", STAMP_TIME), symlinkSync("elsewhere/site", join(root, "dist"))),
      "dist/ does not point at a whole build",
    ],
  ])("asks for a build when %s", (_case, change, reason) => {
    const root = _case === "there is no dist/" ? tempDir() : builtProject();
    change(root);
    expect(whyBuildNeeded(root)).toBe(reason);
  });

  it.each(["site/careers/index.yaml", "src/app/blocks/hero.tsx", "schema/blocks/hero.schema.json", "index.html"])(
    "names %s when it changed after the build",
    (path) => {
      const root = builtProject();
      write(root, path, new Date(STAMP_TIME.getTime() + 1000));
      expect(whyBuildNeeded(root)).toBe(`${path} changed since the last build`);
    },
  );
});
