import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serialize } from "node:v8";
import { afterAll, describe, expect, it } from "vitest";
import { isUnread, PackedFile, writePacked } from "../../../src/content/deferred.ts";

/**
 * The check store's file format: a value whose bulky parts are written apart and read from the
 * file only when something reads them (src/content/deferred.ts).
 */

const dir = mkdtempSync(join(tmpdir(), "nexa-deferred-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const openFiles = () => readdirSync("/proc/self/fd").length;

/** Two pages as the store keeps them: the sections apart, the title in the value. */
const pages = () => [
  { title: "One", sections: [{ type: "prose", body: ["first"] }], after: 1 },
  { title: "Two", sections: [{ type: "hero", heading: "second" }], after: 2 },
];

function written(name: string) {
  const file = join(dir, name);
  const value = pages();
  writePacked(
    file,
    value.map((page) => [page, "sections"]),
    () => value,
  );
  return file;
}

/** A packed file read back, each page's sections deferred (as the store defers the parts it wrote apart). */
function opened(file: string): { packed: PackedFile; value: ReturnType<typeof pages> } {
  const packed = new PackedFile(file);
  const value = packed.value as ReturnType<typeof pages>;
  for (const page of value) packed.defer(page, "sections");
  return { packed, value };
}

describe("a packed file", () => {
  it("gives the value back with its parts unread, each read and decoded once, at its first read", () => {
    const [one, two] = opened(written("round-trip.bin")).value;
    expect(isUnread(one!, "sections")).toBe(true);
    expect(one!.title).toBe("One");
    expect(one!.sections).toEqual([{ type: "prose", body: ["first"] }]);
    expect(isUnread(one!, "sections")).toBe(false);
    expect(one!.sections).toBe(one!.sections);
    expect(isUnread(two!, "sections")).toBe(true);
    // The keys keep their order, as a digest of the JSON needs.
    expect(JSON.stringify(two)).toBe(JSON.stringify(pages()[1]));
    expect(Object.getOwnPropertyDescriptor(two, "sections")).toHaveProperty("value");
  });

  it("takes a write in place of an unread part, which is then never read", () => {
    const [one] = opened(written("replaced.bin")).value;
    one!.sections = [];
    expect(isUnread(one!, "sections")).toBe(false);
    expect(one!.sections).toEqual([]);
  });

  it("keeps the file open while a part is unread, and closes it after the last", () => {
    const before = openFiles();
    const { value } = opened(written("closing.bin"));
    expect(openFiles()).toBe(before + 1);
    void value[0]!.sections;
    expect(openFiles()).toBe(before + 1);
    void value[1]!.sections;
    expect(openFiles()).toBe(before);
  });

  it("closes a file with no deferred part when asked, and refuses to defer what is not a part", () => {
    const before = openFiles();
    const packed = new PackedFile(written("no-parts.bin"));
    const [one] = packed.value as ReturnType<typeof pages>;
    expect(() => packed.defer(one!, "title")).toThrow(/not a part/);
    packed.closeIfDone();
    expect(openFiles()).toBe(before);
  });

  it("reads what it held when it was opened, though a new file replaced it since", () => {
    const file = written("replaced-under.bin");
    const { value } = opened(file);
    const changed = pages();
    changed[0]!.sections = [{ type: "prose", body: ["replaced"] }];
    writePacked(
      file,
      changed.map((page) => [page, "sections"]),
      () => changed,
    );
    expect(value[0]!.sections).toEqual([{ type: "prose", body: ["first"] }]);
    expect(opened(file).value[0]!.sections).toEqual([{ type: "prose", body: ["replaced"] }]);
  });

  it("copies its unread parts into a new file unread, and puts them back as they were", () => {
    const { value } = opened(written("copied.bin"));
    const copy = join(dir, "copy.bin");
    writePacked(
      copy,
      value.map((page) => [page, "sections"]),
      () => value,
    );
    expect(isUnread(value[0]!, "sections")).toBe(true);
    expect(opened(copy).value.map((p) => JSON.stringify(p))).toEqual(pages().map((p) => JSON.stringify(p)));
  });

  it("leaves no file behind when a part cannot be encoded, and the value as it was", () => {
    const value = pages();
    const file = join(dir, "failed.bin");
    const failing = (): Uint8Array => {
      throw new Error("no room left");
    };
    expect(() =>
      writePacked(
        file,
        value.map((page) => [page, "sections", failing]),
        () => value,
      ),
    ).toThrow(/no room left/);
    expect(readdirSync(dir).filter((name) => name.startsWith("failed.bin"))).toEqual([]);
    expect(value).toEqual(pages());
  });

  it("refuses a file that is not one, or is cut short, with an error and no file left open", () => {
    const before = openFiles();
    const other = join(dir, "other.bin");
    writeFileSync(other, serialize({ version: 4 }));
    expect(() => new PackedFile(other)).toThrow(/not a packed file/);
    const cut = join(dir, "cut.bin");
    writeFileSync(cut, readFileSync(written("whole.bin")).subarray(0, 40));
    expect(() => new PackedFile(cut)).toThrow(/cut short/);
    expect(() => new PackedFile(join(dir, "missing.bin"))).toThrow();
    expect(openFiles()).toBe(before);
  });
});
