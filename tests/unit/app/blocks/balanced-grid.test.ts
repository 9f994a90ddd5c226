import { describe, expect, it } from "vitest";
import { balancedSpans } from "../../../../src/app/ui/balanced-grid.ts";

/** Lay the spans out in rows of 12 tracks, as CSS grid does. */
function rows(spans: number[]): number[][] {
  const out: number[][] = [[]];
  let used = 0;
  for (const span of spans) {
    if (used + span > 12) {
      out.push([]);
      used = 0;
    }
    out.at(-1)!.push(span);
    used += span;
  }
  return out;
}

describe("balancedSpans: no lone item on a last row", () => {
  for (let columns = 2; columns <= 4; columns++) {
    for (let count = 2; count <= 30; count++) {
      it(`${count} items in ${columns} columns: every row full, the last with more than one item, none over ${columns}`, () => {
        const laid = rows(balancedSpans(count, columns));
        expect(laid.flat()).toHaveLength(count);
        for (const row of laid) expect(row.reduce((a, b) => a + b, 0)).toBe(12);
        expect(laid.at(-1)!.length).toBeGreaterThan(1);
        for (const row of laid) expect(row.length).toBeLessThanOrEqual(Math.max(columns, 3));
      });
    }
  }

  it.each([
    [7, 4, "4+3"],
    [7, 2, "2+2+3"],
    [10, 3, "3+3+2+2"],
    [10, 2, "2+2+2+2+2"],
    [5, 3, "3+2"],
    [5, 4, "3+2"],
    [9, 4, "4+3+2"],
  ])("%i items in %i columns lay out as %s", (count, columns, shape) => {
    expect(rows(balancedSpans(count, columns)).map((r) => r.length).join("+")).toBe(shape);
  });

  it("one item or one column is left as it is", () => {
    expect(balancedSpans(1, 3)).toEqual([4]);
    expect(balancedSpans(5, 1)).toEqual([12, 12, 12, 12, 12]);
  });
});
