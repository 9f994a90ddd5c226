import { spawn, spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSiteContent } from "../../../src/content/site.ts";
import { FIXTURES, fixtureRoot, PROJECT } from "../fixture-site.ts";

/**
 * VS Code shows the validator's problems through the background task in .vscode/tasks.json:
 * its problem matcher reads the lines `npm run validate -- --watch` prints. These tests run
 * the real validator and read its real output with the task's own regular expressions.
 */
interface Task {
  command: string;
  isBackground: boolean;
  runOptions: { runOn: string };
  problemMatcher: {
    fileLocation: string[];
    pattern: { regexp: string; file: number; line: number; column: number; message: number };
    background: { beginsPattern: string; endsPattern: string };
  };
}
const TASK = (JSON.parse(readFileSync(join(PROJECT, ".vscode", "tasks.json"), "utf8")) as { tasks: Task[] }).tasks[0]!;
const MATCHER = TASK.problemMatcher;
const PATTERN = new RegExp(MATCHER.pattern.regexp);
const BEGINS = new RegExp(MATCHER.background.beginsPattern);
const ENDS = new RegExp(MATCHER.background.endsPattern);
const TSX = join(PROJECT, "node_modules", ".bin", "tsx");
const VALIDATE = join(PROJECT, "src", "cli", "validate.ts");

/** The fixture site with mistakes of every kind the YAML extension cannot see laid over it. */
const KINDS = ["link-to-missing-page", "link-to-missing-anchor", "missing-asset", "picture-size-mismatch", "starter-placeholder-text", "misspelt-field", "unknown-block-type"];

let cleanup = () => {};
afterEach(() => cleanup());

function brokenSite(): string {
  const made = fixtureRoot(KINDS[0]);
  cleanup = made.cleanup;
  for (const kind of KINDS.slice(1)) cpSync(join(FIXTURES, "invalid", kind, "site"), join(made.root, "site"), { recursive: true });
  return made.root;
}

/** What the Problems panel would list for `output`: file, line, column and message of each matched line. */
function matched(output: string): { file: string; line: number; col: number; message: string }[] {
  return output.split("\n").flatMap((line) => {
    const m = PATTERN.exec(line);
    if (!m) return [];
    const p = MATCHER.pattern;
    return [{ file: m[p.file]!, line: Number(m[p.line]), col: Number(m[p.column]), message: m[p.message]! }];
  });
}

describe("the editor task reads every problem the validator prints", () => {
  it("runs validate --watch in the background when the folder opens, with paths relative to the project", () => {
    expect(TASK).toMatchObject({ command: "npm run validate -- --watch", isBackground: true, runOptions: { runOn: "folderOpen" } });
    expect(MATCHER.fileLocation).toEqual(["relative", "${workspaceFolder}"]);
  });

  it("each problem line becomes one entry with its file, line, column and whole message; nothing else does", () => {
    const root = brokenSite();
    const run = spawnSync(TSX, [VALIDATE, "--root", root], { cwd: root, encoding: "utf8" });
    expect(run.status).toBe(1);
    const expected = loadSiteContent(root).problems.map((p) => ({ file: p.file, line: p.line, col: p.col, message: p.hint ? `${p.message} — ${p.hint}` : p.message }));
    expect(new Set(expected.map((p) => p.message.split(" ")[0])).size).toBeGreaterThanOrEqual(5);
    expect(matched(run.stdout)).toEqual(expected);
    const lines = run.stdout.trim().split("\n");
    expect(lines.length).toBe(expected.length + 1);
    expect(lines.at(-1)).toMatch(ENDS);
  }, 60_000);

  it("in --watch mode each round starts and ends with the task's patterns, and a saved mistake appears in the next round", async () => {
    const root = brokenSite();
    const child = spawn(TSX, [VALIDATE, "--watch", "--root", root], { cwd: root });
    let out = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (out += chunk));
    const rounds = () => out.split("\n").filter((l) => ENDS.test(l)).length;
    const until = async (n: number) => {
      for (let waited = 0; rounds() < n && waited < 50_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    };
    try {
      await until(1);
      expect(out.split("\n")[0]).toMatch(BEGINS);
      const first = matched(out);
      const index = join(root, "site", "index.yaml");
      writeFileSync(index, readFileSync(index, "utf8").replace("/about#team", "/about#teem"));
      await until(2);
      const lines = out.split("\n");
      const starts = lines.map((l) => BEGINS.test(l));
      expect(starts.filter(Boolean).length).toBeGreaterThanOrEqual(2);
      const second = matched(lines.slice(starts.lastIndexOf(true)).join("\n"));
      expect(second.length).toBe(first.length + 1);
      expect(second).toContainEqual({ file: "site/index.yaml", line: 8, col: 11, message: 'link "/about#teem": the page /about has no anchor "teem" — did you mean "#team"?' });
    } finally {
      child.kill();
    }
  }, 70_000);
});
