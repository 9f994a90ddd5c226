import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { whyBuildNeeded } from "../../../src/build/needs-build.ts";
import { tempDir } from "./helpers.ts";

const STAMP_TIME = new Date("2025-05-22T09:00:00Z");

function write(root: string, path: string, time: Date): void {
  mkdirSync(join(root, path, ".."), { recursive: true });
  writeFileSync(join(root, path), "x");
  utimesSync(join(root, path), time, time);
}

function builtProject(): string {
  const root = tempDir("nexa-project-");
  const before = new Date(STAMP_TIME.getTime() - 60_000);
  write(root, "site/index.yaml", before);
  write(root, "src/app/blocks/hero.tsx", before);
  write(root, "schema/page.schema.json", before);
  write(root, "index.html", before);
  write(root, "dist/index.html", STAMP_TIME);
  write(root, "dist/.build-stamp", STAMP_TIME);
  return root;
}

describe("whyBuildNeeded", () => {
  it("is null when the build is newer than every input", () => {
    expect(whyBuildNeeded(builtProject())).toBeNull();
  });

  it("asks for a build when dist/index.html is missing", () => {
    expect(whyBuildNeeded(tempDir())).toBe("dist/index.html is missing");
  });

  it("asks for a build when there is no build stamp", () => {
    const root = tempDir();
    write(root, "dist/index.html", STAMP_TIME);
    expect(whyBuildNeeded(root)).toBe("dist/.build-stamp is missing");
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
