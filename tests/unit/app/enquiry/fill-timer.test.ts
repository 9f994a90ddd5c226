import { describe, expect, it } from "vitest";
import { FILL_ACTIONS_MAX, FILL_TIME_MAX_MS, fillTimer, isHandAction, type HandEvent } from "../../../../src/app/enquiry/fill-timer.ts";

/** A timer on a clock the test sets: each step is [what happens, the clock then, elapsedMs() then]. */
type Step = ["input" | "read" | "reset", number, number];

const CASES: [name: string, steps: Step[]][] = [
  ["nothing typed yet", [["read", 5_000, 0]]],
  [
    "from the first input to the press",
    [
      ["input", 1_000, 0],
      ["read", 8_250, 7_250],
    ],
  ],
  [
    "later inputs do not move the start",
    [
      ["input", 1_000, 0],
      ["input", 3_000, 2_000],
      ["input", 6_000, 5_000],
      ["read", 9_000, 8_000],
    ],
  ],
  [
    "the page's time before the first input does not count",
    [
      ["read", 60_000, 0],
      ["input", 60_000, 0],
      ["read", 64_000, 4_000],
    ],
  ],
  [
    "whole milliseconds",
    [
      ["input", 10.4, 0],
      ["read", 1_510.9, 1_501],
    ],
  ],
  [
    "a reset starts the next fill at its own first input",
    [
      ["input", 1_000, 0],
      ["reset", 5_000, 0],
      ["read", 7_000, 0],
      ["input", 7_000, 0],
      ["read", 9_500, 2_500],
    ],
  ],
  [
    "a form left open longer than a day sends a day",
    [
      ["input", 0, 0],
      ["read", 3 * 86_400_000, 86_400_000],
    ],
  ],
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

/** A target as the count sees it: inside a button (the Send button) or a field. */
const FIELD = { closest: (selector: string) => (selector === "button" ? null : {}) } as unknown as EventTarget;
const SEND_BUTTON = { closest: (selector: string) => (selector === "button" ? {} : null) } as unknown as EventTarget;
const hand = (type: string, isTrusted = true, target: EventTarget | null = FIELD): HandEvent => ({ type, isTrusted, target });

const HAND_CASES: [name: string, event: HandEvent, counted: boolean][] = [
  ["a key pressed in a field", hand("keydown"), true],
  ["a pointer put down on a field", hand("pointerdown"), true],
  ["a mouse button, in a browser without pointer events", hand("mousedown"), true],
  ["a finger, in a browser without pointer events", hand("touchstart"), true],
  ["a phone keyboard's composition", hand("compositionstart"), true],
  ["a paste", hand("paste"), true],
  ["a drop", hand("drop"), true],
  ["an event with no element (the form itself)", hand("keydown", true, null), true],
  // How a script fills: its events are untrusted, and inserting text or choosing makes no key or pointer event.
  ["a key made by a script", hand("keydown", false), false],
  ["a pointer made by a script", hand("pointerdown", false), false],
  ["text inserted into a field (a browser driven by its protocol, autofill)", hand("input"), false],
  ["a choice changed", hand("change"), false],
  ["a field focused", hand("focus"), false],
  ["a key released", hand("keyup"), false],
  // Pressing Send is not filling in the form.
  ["a pointer put down on the Send button", hand("pointerdown", true, SEND_BUTTON), false],
  ["Enter pressed on the Send button", hand("keydown", true, SEND_BUTTON), false],
];

describe("isHandAction", () => {
  it.each(HAND_CASES)("%s: %s", (_name, event, counted) => {
    expect(isHandAction(event)).toBe(counted);
  });
});

describe("the fill's hand actions", () => {
  it("counts each hand action, ignores the rest, and starts again at a reset", () => {
    const timer = fillTimer(() => 0);
    for (const type of ["pointerdown", "keydown", "keydown", "input", "keyup", "paste"]) timer.noteEvent(hand(type));
    timer.noteEvent(hand("keydown", false));
    timer.noteEvent(hand("pointerdown", true, SEND_BUTTON));
    expect(timer.actions()).toBe(4);
    timer.reset();
    expect(timer.actions()).toBe(0);
  });

  it("stops at the API's largest count, from the schema", () => {
    const timer = fillTimer(() => 0);
    for (let i = 0; i < FILL_ACTIONS_MAX + 5; i += 1) timer.noteEvent(hand("keydown"));
    expect([FILL_ACTIONS_MAX, timer.actions()]).toEqual([100_000, 100_000]);
  });
});
