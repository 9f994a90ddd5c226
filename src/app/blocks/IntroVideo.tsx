import { useEffect, useRef } from "react";
import { ActionRow } from "../ui/ActionLink.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { useBlockPaused } from "../ui/motion.ts";
import { Inline } from "../ui/RichText.tsx";
import { usePageIdle, useVideosAllowed } from "../ui/video-start.ts";
import { VideoSources } from "../ui/VideoSources.tsx";
import styles from "./IntroVideo.module.css";
import { PlayPauseIcon } from "../ui/PlayPauseIcon.tsx";
import type { BlockOf } from "./types.ts";

/**
 * A silent looping video behind the welcome text, with a pause button. The poster paints first;
 * the video's sources come only once the page is idle, and never under reduced motion, reduced
 * data or Save-Data (the poster stays, and there is nothing to pause). The header's pause control
 * (src/app/ui/motion.ts) pauses it too, for the rest of the visit.
 */
export function IntroVideo({ id, video, eyebrow, heading, text, actions, pauseLabel = "Pause background video" }: BlockOf<"introVideo">) {
  const ref = useRef<HTMLVideoElement>(null);
  const allowed = useVideosAllowed();
  const [paused, setPaused] = useBlockPaused();
  const start = usePageIdle() && allowed;

  useEffect(() => {
    const el = ref.current;
    if (!el || !start) return;
    if (paused) el.pause();
    else void el.play().catch(() => setPaused(true));
  }, [start, paused, setPaused]);

  return (
    <section id={id} className={styles.intro} data-motion={allowed || undefined}>
      <Picture image={{ ...video.poster, alt: "", decorative: true }} eager className={styles.poster} />
      {allowed ? (
        // The poster picture under it (the largest paint) shows through until the first frame: the
        // video has no poster of its own, which would fetch the desktop file on a phone too.
        <video ref={ref} className={styles.video} autoPlay muted loop playsInline preload="none" aria-hidden="true" tabIndex={-1}>
          {start ? <VideoSources video={video} /> : null}
        </video>
      ) : null}
      <div className={`container ${styles.content}`}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <Heading className={styles.heading}>{heading}</Heading>
        {text ? (
          <p className={styles.text}>
            <Inline text={text} />
          </p>
        ) : null}
        <ActionRow actions={actions} onDark />
      </div>
      {!allowed ? null : (
        <button type="button" className={styles.toggle} aria-pressed={paused} onClick={() => setPaused(!paused)}>
          <PlayPauseIcon playing={!paused} />
          <span className="visually-hidden">{pauseLabel}</span>
        </button>
      )}
    </section>
  );
}
