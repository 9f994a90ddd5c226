import { useEffect, useRef, useState } from "react";
import type { Video } from "../../shared/generated/schema-types.ts";
import { cx } from "../lib/cx.ts";
import styles from "./CardVideo.module.css";
import { useMotionPaused } from "./motion.ts";
import { Picture } from "./Picture.tsx";
import { videosAllowed, whenPageIdle } from "./video-start.ts";
import { VideoSources } from "./VideoSources.tsx";

/**
 * A silent looping card video over its poster. The poster is an <img> under the video, as in the
 * intro, not the video's `poster` attribute: WebKit paints an empty grey box, or the poster
 * stretched to the video's box, until the first frame. The <img> is only drawn as the card comes
 * within 400 px of the view: the browser's own lazy loading starts 1,250 px or more ahead, so on a
 * phone six posters would compete with the first screen (the <picture> gives a phone held upright
 * its own version). The video stays transparent until it plays its first frame, so the picture
 * shows through. Once the page is idle, the video plays while it is half in view and pauses when
 * it leaves; under reduced motion, reduced data or Save-Data (video-start.ts) only the poster is
 * ever shown; the header's pause control (motion.ts) stops it where it is, and lets it play again
 * while in view.
 */
export function CardVideo({ video, className }: { video: Video; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  const [playing, setPlaying] = useState(false);
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
    const el = frame.current;
    // Every engine the site supports has IntersectionObserver (WebKit since 12.1); without one the
    // card keeps its plain frame, as it keeps its video still.
    if (!el || !("IntersectionObserver" in window)) return;
    const comingNear = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        setNear(true);
        comingNear.disconnect();
      },
      { rootMargin: "400px 0px" },
    );
    comingNear.observe(el);
    return () => comingNear.disconnect();
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el || !("IntersectionObserver" in window)) return;
    const inView = new IntersectionObserver(
      ([entry]) => {
        state.current.inView = entry?.isIntersecting === true;
        if (state.current.inView && !state.current.paused) void el.play().catch(() => undefined);
        else el.pause();
      },
      { threshold: 0.5 },
    );
    const cancelStart = videosAllowed() ? whenPageIdle(() => inView.observe(el)) : () => undefined;
    return () => {
      cancelStart();
      inView.disconnect();
    };
  }, []);
  return (
    <div ref={frame} className={cx(styles.frame, className)}>
      {near && <Picture image={{ ...video.poster, alt: "", decorative: true }} className={styles.poster} />}
      <video
        ref={ref}
        className={styles.video}
        data-motion
        data-playing={playing || undefined}
        onPlaying={() => setPlaying(true)}
        muted
        loop
        playsInline
        preload="none"
        width={video.poster.width}
        height={video.poster.height}
        aria-hidden="true"
        tabIndex={-1}
      >
        <VideoSources video={video} />
      </video>
    </div>
  );
}
