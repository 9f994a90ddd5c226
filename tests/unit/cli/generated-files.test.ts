import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeOrCheck } from "../../../src/cli/generated-files.ts";

let root: string;
let out: string[];
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "generated-files-"));
  out = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void out.push(`log: ${line}`));
  vi.spyOn(console, "error").mockImplementation((line: string) => void out.push(`error: ${line}`));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

const options = (check: boolean) => ({ check, root, command: "npm run docs" });

describe("writeOrCheck", () => {
  it("writes every file and says so", () => {
    const files = [
      { file: join(root, "A.md"), text: "a\n" },
      { file: join(root, "B.md"), text: "b\n" },
    ];
    expect(writeOrCheck(files, options(false))).toBe(false);
    expect(readFileSync(join(root, "A.md"), "utf8")).toBe("a\n");
    expect(readFileSync(join(root, "B.md"), "utf8")).toBe("b\n");
    expect(out).toEqual(["log: wrote A.md", "log: wrote B.md"]);
  });

  it.each([
    ["the same text", "a\n", false, "log: A.md is up to date"],
    ["another text", "old\n", true, "error: A.md is out of date: run npm run docs"],
    ["no file yet", null, true, "error: A.md is out of date: run npm run docs"],
    ["an empty file where text is due", "", true, "error: A.md is out of date: run npm run docs"],
  ])("with check, %s on disk: stale %s, and one line", (_, onDisk, stale, line) => {
    const file = join(root, "A.md");
    if (onDisk !== null) writeFileSync(file, onDisk);
    expect(writeOrCheck([{ file, text: "a\n" }], options(true))).toBe(stale);
    expect(out).toEqual([line]);
    // A check never writes.
    expect(existsSync(file) ? readFileSync(file, "utf8") : null).toBe(onDisk);
  });

  it("an empty generated text checks as up to date against an empty file, and as stale against none", () => {
    const file = join(root, "E.md");
    expect(writeOrCheck([{ file, text: "" }], options(true))).toBe(true);
    writeFileSync(file, "");
    expect(writeOrCheck([{ file, text: "" }], options(true))).toBe(false);
  });
});
