import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { evenGrid } from "../../../../src/app/ui/even-grid.ts";

/** CSS Modules give class names as written here in vitest's default (non-scoped) mode or hashed; read the stem. */
const classes = (columns: number) =>
  evenGrid(columns)
    .split(" ")
    .map((c) => c.replace(/^_?([a-z]+\d?)_.*$/, "$1"));

describe("evenGrid: every card of a grid is one width", () => {
  it.each([
    [1, ["grid", "t1", "d1"]],
    [2, ["grid", "t2", "d2"]],
    [3, ["grid", "t2", "d3"]],
    [4, ["grid", "t2", "d4"]],
    [7, ["grid", "t2", "d4"]],
    [0, ["grid", "t1", "d1"]],
  ])("%i columns: one column on phones, %j above", (columns, expected) => {
    expect(classes(columns)).toEqual(expected);
  });

  it("every item takes the same share of the row, and a short last row is centred, not stretched", () => {
    const css = readFileSync(new URL("../../../../src/app/ui/EvenGrid.module.css", import.meta.url), "utf8");
    expect(css).toMatch(/\.grid > \* \{\s*flex: 0 0 calc\(\(100% - \(var\(--grid-columns\) - 1\) \* var\(--grid-gap\)\) \/ var\(--grid-columns\)\);/);
    expect(css).toMatch(/justify-content: center;/);
    expect(css).not.toMatch(/flex-grow|flex: 1/);
  });
});
