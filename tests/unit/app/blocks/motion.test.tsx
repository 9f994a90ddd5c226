// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LogoMarquee } from "../../../../src/app/blocks/LogoMarquee.tsx";
import { setMotionPaused } from "../../../../src/app/ui/motion.ts";
import { MotionToggle } from "../../../../src/app/ui/MotionToggle.tsx";
import { sectionOf } from "../real-site.ts";

/** The header's pause control over a block with its own button (the logo strip of the home page). */
const marquee = sectionOf("/", "logoMarquee");

beforeEach(() => {
  sessionStorage.clear();
  setMotionPaused(false);
});
afterEach(cleanup);

function renderBoth() {
  const user = userEvent.setup();
  render(
    <>
      <MotionToggle />
      <LogoMarquee {...marquee} />
    </>,
  );
  const all = screen.getByRole("button", { name: "Pause all motion" });
  const strip = () => document.querySelector("[data-paused]")!;
  return { user, all, strip };
}

describe("one control pauses all motion", () => {
  it("pressing it pauses the block and remembers the choice for the visit; pressing again lets it move", async () => {
    const { user, all, strip } = renderBoth();
    expect(all.getAttribute("aria-pressed")).toBe("false");
    expect(strip().getAttribute("data-paused")).toBe("false");
    await user.click(all);
    expect(all.getAttribute("aria-pressed")).toBe("true");
    expect(strip().getAttribute("data-paused")).toBe("true");
    expect(sessionStorage.getItem("motion-paused")).toBe("true");
    await user.click(all);
    expect(strip().getAttribute("data-paused")).toBe("false");
    expect(sessionStorage.getItem("motion-paused")).toBeNull();
  });

  it("a page drawn later in the visit starts paused", () => {
    sessionStorage.setItem("motion-paused", "true");
    setMotionPaused(true);
    const { all, strip } = renderBoth();
    expect(all.getAttribute("aria-pressed")).toBe("true");
    expect(strip().getAttribute("data-paused")).toBe("true");
  });

  it.each([
    ["paused by the header, played by its own button", true, "Play logo animation", "false"],
    ["moving, paused by its own button", false, "Pause logo animation", "true"],
  ])("a block's own button still works beneath it (%s), until the header's control is pressed again", async (_, pausedFirst, ownLabel, afterOwn) => {
    const { user, all, strip } = renderBoth();
    if (pausedFirst) await user.click(all);
    await user.click(screen.getByRole("button", { name: ownLabel }));
    expect(strip().getAttribute("data-paused")).toBe(afterOwn);
    await user.click(all);
    expect(strip().getAttribute("data-paused")).toBe(String(!pausedFirst));
  });
});
