import { useEffect, useRef } from "react";
import type { Video } from "../../shared/generated/schema-types.ts";
import { useMotionPaused } from "./motion.ts";
import { imageSrcHere } from "./phone-upright.ts";
import { videosAllowed, whenPageIdle } from "./video-start.ts";
import { VideoSources } from "./VideoSources.tsx";

/**
 * A silent looping card video. Nothing is downloaded while it is far from view, not even the
 * poster (a poster is never lazy by itself, and seven of them would compete with the first
 * screen): the poster is set as it comes near; once the page is idle, the video plays while it
 * is half in view and pauses when it leaves. Under reduced motion, reduced data or Save-Data
 * (video-start.ts) only the poster is ever shown; the header's pause control (motion.ts) stops it
 * where it is, and lets it play again while in view.
 */
export function CardVideo({ video, className }: { video: Video; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const paused = useMotionPaused();
  /** Read by the observer, which outlives renders: whether it may play, and whether it is in view. */
  const state = useRef({ paused, inView: false });
  useEffect(() => {
    state.current.paused = paused;
    const el = ref.current;
    if (!el) return;
    if (paused) el.pause();
    else if (state.current.inView) void el.play().catch(() => undefined);
  }, [paused]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const showPoster = () => void (el.poster = imageSrcHere(video.poster));
    if (!("IntersectionObserver" in window)) {
      showPoster();
      return;
    }
    const near = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        showPoster();
        near.disconnect();
      },
      { rootMargin: "400px 0px" },
    );
    const inView = new IntersectionObserver(
      ([entry]) => {
        state.current.inView = entry?.isIntersecting === true;
        if (state.current.inView && !state.current.paused) void el.play().catch(() => undefined);
        else el.pause();
      },
      { threshold: 0.5 },
    );
    near.observe(el);
    const cancelStart = videosAllowed() ? whenPageIdle(() => inView.observe(el)) : () => undefined;
    return () => {
      cancelStart();
      near.disconnect();
      inView.disconnect();
    };
  }, [video.poster]);
  return (
    <video ref={ref} className={className} data-motion muted loop playsInline preload="none" width={video.poster.width} height={video.poster.height} aria-hidden="true" tabIndex={-1}>
      <VideoSources video={video} />
    </video>
  );
}
