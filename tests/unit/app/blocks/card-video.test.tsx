// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CardVideo } from "../../../../src/app/ui/CardVideo.tsx";

const poster = { src: "/services/mlops.webp", alt: "", decorative: true, width: 480, height: 320 };
const video = { src: "/services/mlops.mp4", poster };

/** A stand-in IntersectionObserver that records each observer's options and lets the test say what is in view. */
function fakeObservers() {
  const made: { options: IntersectionObserverInit | undefined; fire: (isIntersecting: boolean) => void; disconnected: boolean }[] = [];
  class Fake {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      const entry = {
        options,
        disconnected: false,
        fire: (isIntersecting: boolean) => callback([{ isIntersecting } as IntersectionObserverEntry], this as unknown as IntersectionObserver),
      };
      made.push(entry);
      this.disconnect = () => void (entry.disconnected = true);
    }
    observe() {}
    unobserve() {}
    disconnect: () => void;
  }
  vi.stubGlobal("IntersectionObserver", Fake);
  // video-start.ts asks about reduced motion and data before letting a video play.
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
  return made;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a card video", () => {
  it("is drawn on the server as a frame with a silent video, no poster attribute and no picture yet, hidden until it plays", () => {
    const out = renderToString(<CardVideo video={video} className="image" />);
    expect(out).toMatch(/^<div class="[^"]*image"><video [^>]*>/);
    expect(out).not.toMatch(/<img/);
    expect(out).not.toMatch(/<video[^>]*poster=/);
    expect(out).not.toMatch(/data-playing/);
  });

  it("draws its poster <img> under the video only once the card comes within 400 px of the view", () => {
    const observers = fakeObservers();
    const { container } = render(<CardVideo video={video} />);
    expect(container.querySelector("img")).toBeNull();
    const near = observers.find((o) => o.options?.rootMargin === "400px 0px")!;
    act(() => near.fire(false));
    expect(container.querySelector("img")).toBeNull();
    act(() => near.fire(true));
    const img = container.querySelector("img")!;
    expect(img.getAttribute("src")).toBe("/services/mlops.webp");
    expect(img.getAttribute("alt")).toBe("");
    expect(container.firstElementChild!.firstElementChild).toBe(img.closest("picture") ?? img);
    expect(near.disconnected).toBe(true);
  });
});
