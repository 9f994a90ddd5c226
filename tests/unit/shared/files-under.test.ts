import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileStamp, filesUnder, modifiedAt, type FilesUnderOptions } from "../../../src/shared/files-under.ts";

const root = mkdtempSync(join(tmpdir(), "nexa-files-under-"));
const dir = join(root, "tree");

beforeAll(() => {
  for (const file of [
    "b.txt",
    "a-c.txt",
    "a/z.txt",
    "a/b/c.yaml",
    "B.txt",
    ".hidden",
    ".git/config",
    "node_modules/x/index.js",
    "assets/logo.svg",
    "sub/assets/keep.svg",
  ]) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), file);
  }
  mkdirSync(join(dir, "empty"));
  mkdirSync(join(root, "outside"));
  writeFileSync(join(root, "outside", "secret.txt"), "outside");
  symlinkSync(join(root, "outside"), join(dir, "linked-folder"));
  symlinkSync(join(root, "outside", "secret.txt"), join(dir, "linked-file.txt"));
  execFileSync("mkfifo", [join(dir, "pipe")]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("filesUnder", () => {
  it.each<[string, FilesUnderOptions, string[]]>([
    [
      "every regular file, each folder's names in code-unit order",
      { relative: true },
      [".git/config", ".hidden", "B.txt", "a/b/c.yaml", "a/z.txt", "a-c.txt", "assets/logo.svg", "b.txt", "node_modules/x/index.js", "sub/assets/keep.svg"],
    ],
    [
      "without hidden names",
      { relative: true, skipHidden: true },
      ["B.txt", "a/b/c.yaml", "a/z.txt", "a-c.txt", "assets/logo.svg", "b.txt", "node_modules/x/index.js", "sub/assets/keep.svg"],
    ],
    [
      "without a folder named anywhere",
      { relative: true, skipHidden: true, skip: (path, isFolder) => isFolder && /(^|\/)(assets|node_modules)$/.test(path) },
      ["B.txt", "a/b/c.yaml", "a/z.txt", "a-c.txt", "b.txt"],
    ],
    [
      "without the top assets folder only",
      { relative: true, skipHidden: true, skip: (path) => path === "assets" || path === "node_modules" },
      ["B.txt", "a/b/c.yaml", "a/z.txt", "a-c.txt", "b.txt", "sub/assets/keep.svg"],
    ],
    ["only the files a filter keeps", { relative: true, skip: (path, isFolder) => !isFolder && !path.endsWith(".yaml") }, ["a/b/c.yaml"]],
  ])("%s", (_, options, files) => {
    expect(filesUnder(dir, options)).toEqual(files);
  });

  it("joins each path to the folder walked unless asked for relative paths", () => {
    expect(filesUnder(join(dir, "a"))).toEqual([join(dir, "a", "b", "c.yaml"), join(dir, "a", "z.txt")]);
  });

  it.each([
    ["a folder that does not exist", join(root, "missing")],
    ["a regular file", join(dir, "b.txt")],
    ["an empty folder", join(dir, "empty")],
  ])("lists nothing for %s", (_, path) => {
    expect(filesUnder(path)).toEqual([]);
  });
});

describe("fileStamp and modifiedAt", () => {
  it("stamp a file by its modification time and size, which modifiedAt reads back; a missing file is gone", () => {
    const file = join(root, "stamped.txt");
    writeFileSync(file, "twelve bytes");
    const when = new Date("2026-11-29T06:00:00.250Z");
    utimesSync(file, when, when);
    const stamp = fileStamp(file);
    expect(stamp).toBe(`${when.getTime()}:12`);
    expect(modifiedAt(stamp)).toBe(when.getTime());
    expect(fileStamp(join(root, "no-such-file"))).toBe("gone");
    expect(modifiedAt("gone")).toBeNull();
  });
});
