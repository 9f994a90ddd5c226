// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Slideshow } from "../../../../src/app/blocks/Slideshow.tsx";
import { sectionOf } from "../real-site.ts";

/** The home page's slideshow as a visitor meets it, found by roles and names; timers are faked. */
const BLOCK = sectionOf("/", "slideshow");
const INTERVAL_MS = 4000; // SPEC §9.1

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderSlideshow() {
  render(<Slideshow {...BLOCK} />);
  const carousel = screen.getByRole("region", { name: BLOCK.heading! });
  const pickers = within(carousel).getAllByRole("button", { name: /^Slide \d+:/ });
  /** Index of the slide on show: the picker marked current, and the one slide not hidden. */
  const shown = () => {
    const current = pickers.findIndex((p) => p.getAttribute("aria-current") === "true");
    const visible = within(carousel)
      .getAllByRole("group", { hidden: true })
      .filter((g) => g.getAttribute("aria-roledescription") === "slide")
      .map((g) => g.getAttribute("aria-hidden") !== "true");
    expect(visible.filter(Boolean)).toHaveLength(1);
    expect(visible.indexOf(true)).toBe(current);
    return current;
  };
  const rotation = () => within(carousel).getByRole("button", { name: /automatic slide show$/ });
  return { carousel, pickers, shown, rotation };
}

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("slideshow", () => {
  it("has the home page's two slides, the first on show", () => {
    const { pickers, shown } = renderSlideshow();
    expect(pickers).toHaveLength(2);
    expect(BLOCK.interval ?? INTERVAL_MS).toBe(INTERVAL_MS);
    expect(shown()).toBe(0);
  });

  it("alternates 0, 1, 0, 1 … every 4 seconds, and not a moment sooner", () => {
    const { shown } = renderSlideshow();
    for (let turn = 1; turn <= 6; turn++) {
      tick(INTERVAL_MS - 1);
      expect(shown()).toBe((turn - 1) % 2);
      tick(1);
      expect(shown()).toBe(turn % 2);
    }
  });

  it("the rotation button stops and restarts it, and says which it will do", () => {
    const { shown, rotation } = renderSlideshow();
    expect(rotation().getAttribute("aria-label")).toBe("Stop automatic slide show");
    fireEvent.click(rotation());
    expect(rotation().getAttribute("aria-label")).toBe("Start automatic slide show");
    tick(INTERVAL_MS * 5);
    expect(shown()).toBe(0);
    fireEvent.click(rotation());
    tick(INTERVAL_MS);
    expect(shown()).toBe(1);
  });

  it("a picker shows its slide", () => {
    const { pickers, shown, rotation } = renderSlideshow();
    fireEvent.click(rotation());
    for (const i of [1, 0, 1]) {
      fireEvent.click(pickers[i]!);
      expect(shown()).toBe(i);
    }
  });

  it("does not turn while hovered, and turns again after", () => {
    const { carousel, shown } = renderSlideshow();
    const picture = within(carousel).getByRole("img", { name: BLOCK.slides[0]!.image.alt });
    fireEvent.mouseEnter(picture);
    tick(INTERVAL_MS * 3);
    expect(shown()).toBe(0);
    fireEvent.mouseLeave(picture);
    tick(INTERVAL_MS);
    expect(shown()).toBe(1);
  });

  it("does not turn while a control has keyboard focus, and announces slides only then", () => {
    const { carousel, pickers, shown } = renderSlideshow();
    const live = () => carousel.querySelector("[aria-live]")!.getAttribute("aria-live");
    expect(live()).toBe("off");
    act(() => pickers[0]!.focus());
    tick(INTERVAL_MS * 3);
    expect(shown()).toBe(0);
    expect(live()).toBe("polite");
    act(() => pickers[0]!.blur());
    tick(INTERVAL_MS);
    expect(shown()).toBe(1);
    expect(live()).toBe("off");
  });
});
