import { useEffect, useRef, useState } from "react";
import { useReducedMotion } from "../lib/use-reduced-motion.ts";
import { ActionRow } from "../ui/ActionLink.tsx";
import { Heading } from "../ui/Heading.tsx";
import { Picture } from "../ui/Picture.tsx";
import { Inline } from "../ui/RichText.tsx";
import { usePageLoaded } from "../ui/use-page-loaded.ts";
import styles from "./IntroVideo.module.css";
import { PlayPauseIcon } from "../ui/PlayPauseIcon.tsx";
import type { BlockOf } from "./types.ts";

/** A silent looping video behind the welcome text, with a pause button; reduced motion shows the poster only. */
export function IntroVideo({ id, video, eyebrow, heading, text, actions, pauseLabel = "Pause background video" }: BlockOf<"introVideo">) {
  const ref = useRef<HTMLVideoElement>(null);
  const reduced = useReducedMotion();
  const [paused, setPaused] = useState(false);
  const loaded = usePageLoaded();

  useEffect(() => {
    const el = ref.current;
    if (!el || !loaded) return;
    if (reduced || paused) el.pause();
    else void el.play().catch(() => setPaused(true));
  }, [reduced, paused, loaded]);

  return (
    <section id={id} className={styles.intro}>
      <Picture image={{ ...video.poster, alt: "", decorative: true }} eager className={styles.poster} />
      {reduced ? null : (
        // The sources come once the page has loaded, so the video never competes with the poster
        // (the largest paint) or the scripts; the poster shows until the first frame.
        <video ref={ref} className={styles.video} autoPlay muted loop playsInline preload="none" poster={video.poster.src} aria-hidden="true" tabIndex={-1}>
          {loaded && video.webm ? <source src={video.webm} type="video/webm" /> : null}
          {loaded ? <source src={video.src} type="video/mp4" /> : null}
        </video>
      )}
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
      {reduced ? null : (
        <button type="button" className={styles.toggle} aria-pressed={paused} onClick={() => setPaused((p) => !p)}>
          <PlayPauseIcon playing={!paused} />
          <span className="visually-hidden">{pauseLabel}</span>
        </button>
      )}
    </section>
  );
}
