import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { buildSync } from "esbuild";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { filesUnder } from "../../../src/shared/files-under.ts";
import { liveBuildDir, LiveUpdate, readCompletion } from "../../../src/build/publish.ts";
import { PROJECT } from "../fixture-site.ts";

/**
 * The in-place update of the live build (src/build/publish.ts, LiveUpdate): only the changed files
 * are written, and a process killed at any moment of it leaves, once the next build or `npm start`
 * has looked at the build (liveBuildDir), the old site or the new one, whole.
 */
const work = mkdtempSync(join(tmpdir(), "nexa-live-update-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const root = join(work, "project");
const build = join(root, ".builds", "b1");

// Small on purpose: each step of the commit is one process killed there (a Node start-up each).
const OLD: Record<string, string> = {
  "index.html": "<h1>Home</h1>",
  "a/index.html": "<h1>A</h1>",
  "gone/index.html": "<h1>Gone</h1>",
  "assets/app-1234.js": "console.log(1)",
};
const CHANGES: Record<string, string> = {
  "a/index.html": "<h1>A, longer than it was</h1>",
  "new/index.html": "<h1>New</h1>",
};
const REMOVED = ["gone/index.html"];
const NEW = Object.fromEntries(Object.entries({ ...OLD, ...CHANGES }).filter(([file]) => !REMOVED.includes(file)));

function lay(files: Record<string, string>, dir: string): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

/** The old build, live: its site, its state and its completion mark, and dist pointing at it. */
function liveOldBuild(): void {
  rmSync(root, { recursive: true, force: true });
  lay(OLD, join(build, "site"));
  writeFileSync(join(build, "state.json"), "old state");
  writeFileSync(join(build, "complete.json"), JSON.stringify({ builtAt: "old", htmlFiles: 3, carried: [] }));
  symlinkSync(".builds/b1/site", join(root, "dist"), "dir");
}

/** What is served, and what the next build reads. */
function snapshot(): { site: Record<string, string>; state: string; builtAt: string | undefined } {
  const site = join(root, "dist");
  return {
    site: Object.fromEntries(filesUnder(site, { relative: true }).map((f) => [f, readFileSync(join(site, f), "utf8")])),
    state: readFileSync(join(build, "state.json"), "utf8"),
    builtAt: readCompletion(build)?.builtAt,
  };
}

const OLD_SITE = { site: OLD, state: "old state", builtAt: "old" };
const NEW_SITE = { site: NEW, state: "new state", builtAt: "new" };

/** The update as a build makes it: changed files into the update folder, removals named, then commit. */
function update(): LiveUpdate {
  const change = new LiveUpdate(build);
  lay(CHANGES, change.site);
  REMOVED.forEach((file) => change.remove(file));
  return change;
}

// The child process runs the same code, compiled once, and kills itself just before its n-th
// rename or removal: the file operations of a commit, in order.
const bundle = join(work, "publish.mjs");
buildSync({ entryPoints: [join(PROJECT, "src", "build", "publish.ts")], bundle: true, platform: "node", format: "esm", outfile: bundle, logLevel: "error" });
const CHILD = `
import fs from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const { LiveUpdate } = await import(${JSON.stringify(bundle)});
const [build, changes, removed, killAt] = [process.argv[1], JSON.parse(process.argv[2]), JSON.parse(process.argv[3]), Number(process.argv[4])];
const change = new LiveUpdate(build);
for (const [file, text] of Object.entries(changes)) {
  fs.mkdirSync(change.site + "/" + file.split("/").slice(0, -1).join("/"), { recursive: true });
  fs.writeFileSync(change.site + "/" + file, text);
}
removed.forEach((file) => change.remove(file));
let steps = 0;
for (const name of ["renameSync", "rmSync", "rmdirSync"]) {
  const original = fs[name];
  fs[name] = (...args) => {
    if (++steps === killAt) process.kill(process.pid, "SIGKILL");
    return original(...args);
  };
}
syncBuiltinESMExports();
change.commit({ builtAt: "new", htmlFiles: 3, carried: [] }, { name: "state.json", text: "new state" });
console.log(steps);
`;

function commitInChild(killAt: number): { killed: boolean; steps: number } {
  const run = spawnSync(process.execPath, ["--input-type=module", "-e", CHILD, build, JSON.stringify(CHANGES), JSON.stringify(REMOVED), String(killAt)], {
    encoding: "utf8",
  });
  if (run.signal !== "SIGKILL" && run.status !== 0) throw new Error(run.stderr);
  return { killed: run.signal === "SIGKILL", steps: Number(run.stdout.trim()) };
}

const updateFolders = () => readdirSync(build).filter((name) => name.startsWith("update-"));

describe("an in-place update of the live build", () => {
  beforeEach(liveOldBuild);

  it("moves the changed files in, removes the gone ones and their empty folders, and replaces the state and the completion mark", () => {
    const change = update();
    expect(snapshot()).toEqual(OLD_SITE);
    expect(change.commit({ builtAt: "new", htmlFiles: 3, carried: [] }, { name: "state.json", text: "new state" })).toEqual({
      moved: Object.keys(CHANGES).length,
      removed: REMOVED.length,
    });
    expect(snapshot()).toEqual(NEW_SITE);
    expect(existsSync(join(build, "site", "gone"))).toBe(false);
    expect(updateFolders()).toEqual([]);
  });

  it("leaves the old site when discarded", () => {
    update().discard();
    expect(snapshot()).toEqual(OLD_SITE);
    expect(updateFolders()).toEqual([]);
  });

  it("leaves the old site or the new one, whole, when the process is killed at any step of the commit", () => {
    const { steps } = commitInChild(0);
    // The journal's rename, each moved file, each removal, the state, the completion mark.
    expect(steps).toBeGreaterThanOrEqual(1 + Object.keys(CHANGES).length + REMOVED.length + 2);
    const outcomes: string[] = [];
    for (let killAt = 1; killAt <= steps; killAt++) {
      liveOldBuild();
      expect(commitInChild(killAt).killed).toBe(true);
      // What a running server would serve now is a mix; what the next build or npm start sees first is whole.
      expect(liveBuildDir(root)).toBe(build);
      const after = snapshot();
      expect([OLD_SITE, NEW_SITE], `killed at step ${killAt}`).toContainEqual(after);
      expect(updateFolders()).toEqual([]);
      outcomes.push(after.state === "new state" ? "new" : "old");
    }
    // Before the journal is in place the update is dropped; after it, it is finished.
    expect(outcomes[0]).toBe("old");
    expect(outcomes.slice(1).every((o) => o === "new")).toBe(true);
  });
});
