import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Picture } from "../../../../src/app/ui/Picture.tsx";
import { PHONE_UPRIGHT } from "../../../../src/app/ui/phone-upright.ts";
import { VideoSources } from "../../../../src/app/ui/VideoSources.tsx";

/** The `phone` versions of pictures and videos: what a phone held upright is offered, so it fetches fewer bytes. */
const poster = { src: "/home/intro-poster.webp", alt: "", decorative: true, width: 1280, height: 720 };
const phonePoster = { ...poster, phone: { src: "/home/intro-phone-poster.webp", width: 360, height: 540 } };
const media = PHONE_UPRIGHT.replace(/[()]/g, "\\$&");

describe("Picture with a phone version", () => {
  it("without one it is a plain <img>, as before", () => {
    const out = renderToString(<Picture image={poster} />);
    expect(out).toMatch(/^<img src="\/home\/intro-poster.webp" alt="" width="1280" height="720" loading="lazy"/);
    expect(out).not.toContain("<picture");
  });

  it("with one it is a <picture> whose first source, with its own size, serves phones held upright; the <img> keeps the full file", () => {
    const out = renderToString(<Picture image={phonePoster} className="c" />);
    expect(out).toMatch(
      new RegExp(
        `^<picture><source media="${media}" srcSet="/home/intro-phone-poster.webp" width="360" height="540"/><img src="/home/intro-poster.webp" alt="" width="1280" height="720" loading="lazy" decoding="async" class="c"/></picture>$`,
      ),
    );
  });

  it("eager, each file is preloaded only for the windows that show it (React preloads no <img> inside a <picture>)", () => {
    const out = renderToString(<Picture image={phonePoster} eager />);
    const preloads = [...out.matchAll(/<link rel="preload"[^>]*>/g)].map((m) => m[0]);
    expect(preloads).toHaveLength(2);
    expect(preloads[0]).toMatch(new RegExp(`href="/home/intro-phone-poster.webp".*media="${media}"`));
    expect(preloads[1]).toMatch(new RegExp(`href="/home/intro-poster.webp".*media="not all and ${media}"`));
    for (const p of preloads) expect(p).toContain('fetchPriority="high"');
  });
});

describe("VideoSources", () => {
  const sources = (out: string) => [...out.matchAll(/<source ([^>]*)\/>/g)].map((m) => m[1]!.trim());

  it("without a phone version: the WebM, then the MP4", () => {
    expect(sources(renderToString(<VideoSources video={{ src: "/a.mp4", webm: "/a.webm", poster }} />))).toEqual([
      'src="/a.webm" type="video/webm; codecs=&quot;vp9&quot;"',
      'src="/a.mp4" type="video/mp4; codecs=&quot;avc1.640028&quot;"',
    ]);
    expect(sources(renderToString(<VideoSources video={{ src: "/a.mp4", poster }} />))).toEqual([
      'src="/a.mp4" type="video/mp4; codecs=&quot;avc1.640028&quot;"',
    ]);
  });

  it("with one: the phone AV1 WebM and MP4 first, for phones held upright only, then the full versions", () => {
    const out = renderToString(<VideoSources video={{ src: "/a.mp4", webm: "/a.webm", poster, phone: { src: "/p.mp4", webm: "/p.webm" } }} />);
    expect(sources(out)).toEqual([
      `src="/p.webm" type="video/webm; codecs=&quot;av01.0.01M.08&quot;" media="${PHONE_UPRIGHT}"`,
      `src="/p.mp4" type="video/mp4; codecs=&quot;avc1.640028&quot;" media="${PHONE_UPRIGHT}"`,
      'src="/a.webm" type="video/webm; codecs=&quot;vp9&quot;"',
      'src="/a.mp4" type="video/mp4; codecs=&quot;avc1.640028&quot;"',
    ]);
  });
});
