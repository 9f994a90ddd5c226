import { describe, expect, it } from "vitest";
import { FILL_TIME_MAX_MS, fillTimer } from "../../../../src/app/enquiry/fill-timer.ts";

/** A timer on a clock the test sets: each step is [what happens, the clock then, elapsedMs() then]. */
type Step = ["input" | "read" | "reset", number, number];

const CASES: [name: string, steps: Step[]][] = [
  ["nothing typed yet", [["read", 5_000, 0]]],
  ["from the first input to the press", [["input", 1_000, 0], ["read", 8_250, 7_250]]],
  ["later inputs do not move the start", [["input", 1_000, 0], ["input", 3_000, 2_000], ["input", 6_000, 5_000], ["read", 9_000, 8_000]]],
  ["the page's time before the first input does not count", [["read", 60_000, 0], ["input", 60_000, 0], ["read", 64_000, 4_000]]],
  ["whole milliseconds", [["input", 10.4, 0], ["read", 1_510.9, 1_501]]],
  ["a reset starts the next fill at its own first input", [["input", 1_000, 0], ["reset", 5_000, 0], ["read", 7_000, 0], ["input", 7_000, 0], ["read", 9_500, 2_500]]],
  ["a form left open longer than a day sends a day", [["input", 0, 0], ["read", 3 * 86_400_000, 86_400_000]]],
];

describe("fillTimer", () => {
  it.each(CASES)("%s", (_name, steps) => {
    let clock = 0;
    const timer = fillTimer(() => clock);
    for (const [event, at, elapsed] of steps) {
      clock = at;
      if (event === "input") timer.noteInput();
      if (event === "reset") timer.reset();
      expect(timer.elapsedMs()).toBe(elapsed);
    }
  });

  it("clamps to the API's largest fill time, from the schema", () => {
    expect(FILL_TIME_MAX_MS).toBe(86_400_000);
  });
});
