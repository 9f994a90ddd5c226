import { describe, expect, it } from "vitest";
import { argsOrNull, readArgs, readOptions, usageError, wholeNumber } from "../../../src/cli/options.ts";
import { inProcess } from "./in-process.ts";

const USAGE = "usage: npm run thing -- [--count N] [--fast]";
const OPTIONS = { count: { type: "string", default: "3" }, fast: { type: "boolean", default: false } } as const;

describe("the one option reader", () => {
  it.each([
    ["an unknown option", ["--slow"], "Unknown option '--slow'"],
    ["a string option without its value", ["--count"], "Option '--count <value>' argument missing"],
    ["a value given to a boolean", ["--fast=yes"], "Option '--fast' does not take an argument"],
  ])("%s is a usage error: the message, the usage line, exit 2", async (_name, args, message) => {
    const { code, err } = await inProcess(() => readArgs(OPTIONS, USAGE, args));
    expect(code).toBe(2);
    expect(err).toContain(message);
    expect(err.split("\n").at(-1)).toBe(USAGE);
  });

  it.each([["--help"], ["-h"]])("%s prints the usage line and exits 0", async (flag) => {
    const { code, out } = await inProcess(() => readArgs(OPTIONS, USAGE, [flag]));
    expect(code).toBe(0);
    expect(out).toBe(USAGE);
  });

  it("reads options, defaults and positionals", async () => {
    const { result } = await inProcess(() => readArgs(OPTIONS, USAGE, ["site/a.yaml", "--count", "5", "--fast"]));
    expect(result).toMatchObject({ values: { count: "5", fast: true }, positionals: ["site/a.yaml"] });
    expect((await inProcess(() => readArgs(OPTIONS, USAGE, []))).result).toMatchObject({ values: { count: "3", fast: false }, positionals: [] });
  });

  it('readOptions adds --root (default "."); readArgs does not take it', async () => {
    expect((await inProcess(() => readOptions(OPTIONS, USAGE, ["--root", "/tmp/x"]))).result).toMatchObject({ values: { root: "/tmp/x" } });
    expect((await inProcess(() => readOptions(OPTIONS, USAGE, []))).result).toMatchObject({ values: { root: "." } });
    expect((await inProcess(() => readArgs(OPTIONS, USAGE, ["--root", "/tmp/x"]))).code).toBe(2);
  });

  it.each([
    ["3", 1, 3, undefined],
    ["0", 0, 0, undefined],
    ["0", 1, undefined, '--count needs a whole number of 1 or more (got "0")'],
    ["2.5", 1, undefined, '--count needs a whole number of 1 or more (got "2.5")'],
    ["ten", 1, undefined, '--count needs a whole number of 1 or more (got "ten")'],
  ])("wholeNumber(%j, min %i)", async (value, min, expected, message) => {
    const { code, err, result } = await inProcess(() => wholeNumber(value, "count", USAGE, min));
    if (message === undefined) expect(result).toBe(expected);
    else expect([code, err]).toEqual([2, `${message}\n${USAGE}`]);
  });

  it("usageError prints the message above the usage line and exits 2", async () => {
    expect(await inProcess(() => usageError(USAGE, "name the page file to check"))).toMatchObject({ code: 2, err: `name the page file to check\n${USAGE}` });
  });
});

describe("argsOrNull", () => {
  it.each<[string[], { positionals: string[]; values: Record<string, string> } | null]>([
    [["export", "--format", "csv"], { positionals: ["export"], values: { format: "csv" } }],
    [["export", "--format=json"], { positionals: ["export"], values: { format: "json" } }],
    [["export", "--format"], null],
    [["export", "--colour", "red"], null],
    [["list"], { positionals: ["list"], values: {} }],
  ])("reads %j as %j", (args, expected) => {
    const parsed = argsOrNull({ format: { type: "string" } }, args);
    expect(parsed && { positionals: parsed.positionals, values: { ...parsed.values } }).toEqual(expected);
  });
});
