import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { CACHE_NAME, removeOtherBuilds, TRASH_PREFIX } from "../../../src/build/publish.ts";

const root = mkdtempSync(join(tmpdir(), "nexa-publish-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A build folder with `files` pages under site/, as a build leaves it. */
function buildFolder(name: string, files: number): string {
  const dir = join(root, ".builds", name);
  mkdirSync(join(dir, "site", "pages"), { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(dir, "site", "pages", `${i}.html`), "<!doctype html>");
  writeFileSync(join(dir, "complete.json"), "{}");
  return dir;
}

async function until(done: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

describe("removeOtherBuilds", () => {
  it("takes every other build out of .builds at once, keeps the kept ones and the cache, and deletes the rest in the background", async () => {
    const live = buildFolder("b-live", 3);
    const next = buildFolder("b-next", 3);
    buildFolder("b-old", 2_000);
    buildFolder("b-killed", 5);
    mkdirSync(join(root, ".builds", CACHE_NAME), { recursive: true });
    writeFileSync(join(root, ".dist-4242.tmp"), "");

    removeOtherBuilds(root, [live, next]);

    // On return, the old builds are no longer build folders: nothing can mistake them for one.
    const left = readdirSync(join(root, ".builds")).sort();
    expect(left.filter((name) => !name.startsWith(TRASH_PREFIX))).toEqual(["b-live", "b-next", CACHE_NAME].sort());
    expect(existsSync(join(root, ".dist-4242.tmp"))).toBe(false);
    expect(existsSync(join(live, "site", "pages", "2.html"))).toBe(true);
    // The trash goes by itself, after the call has returned.
    expect(await until(() => readdirSync(join(root, ".builds")).every((name) => !name.startsWith(TRASH_PREFIX)), 30_000)).toBe(true);
    expect(readdirSync(join(root, ".builds")).sort()).toEqual(["b-live", "b-next", CACHE_NAME].sort());
  });

  it("takes up a trash folder that a killed deletion left behind", async () => {
    const live = join(root, ".builds", "b-live");
    const leftover = join(root, ".builds", `${TRASH_PREFIX}1-1`, "b-older", "site");
    mkdirSync(leftover, { recursive: true });
    writeFileSync(join(leftover, "index.html"), "<!doctype html>");

    removeOtherBuilds(root, [live]);

    expect(await until(() => readdirSync(join(root, ".builds")).every((name) => !name.startsWith(TRASH_PREFIX)), 30_000)).toBe(true);
    expect(readdirSync(join(root, ".builds")).sort()).toEqual(["b-live", CACHE_NAME].sort());
  });
});
