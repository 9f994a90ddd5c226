import { useEffect, useState } from "react";
import { Picture } from "../ui/Picture.tsx";
import { cx } from "../lib/cx.ts";
import styles from "./Slideshow.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import { useBlockPaused } from "../ui/motion.ts";
import { PlayPauseIcon } from "../ui/PlayPauseIcon.tsx";
import type { BlockOf } from "./types.ts";

export const DEFAULT_INTERVAL_MS = 4000;

/**
 * Slides that take turns every `interval` ms (SPEC: 4000). WAI-ARIA carousel pattern:
 * a rotation control first, slide pickers, and no rotation while hovered or focused, under reduced
 * motion, or once the header's control has paused all motion (src/app/ui/motion.ts).
 */
export function Slideshow({ id, heading, intro, slides, interval = DEFAULT_INTERVAL_MS }: BlockOf<"slideshow">) {
  const [index, setIndex] = useState(0);
  const [stopped, setStopped] = useBlockPaused();
  const playing = !stopped;
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = playing && !hovered && !focused;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % slides.length), interval);
    return () => window.clearInterval(timer);
  }, [rotating, interval, slides.length]);

  const label = heading ?? "Highlights";
  return (
    <section id={id} className={styles.section} aria-roledescription="carousel" aria-label={label} data-motion>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
        <div
          className={styles.carousel}
          data-index={index}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={() => setFocused(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
          }}
        >
          <div className={styles.controls}>
            <button
              type="button"
              className={styles.rotation}
              onClick={() => setStopped(playing)}
              aria-label={playing ? "Stop automatic slide show" : "Start automatic slide show"}
            >
              <PlayPauseIcon playing={playing} />
            </button>
            <div className={styles.pickers} role="group" aria-label="Choose a slide">
              {slides.map((slide, i) => (
                <button
                  key={slide.image.src}
                  type="button"
                  className={styles.picker}
                  aria-label={`Slide ${i + 1}: ${slide.caption}`}
                  aria-current={i === index ? "true" : undefined}
                  onClick={() => setIndex(i)}
                >
                  <span aria-hidden="true" />
                </button>
              ))}
            </div>
          </div>
          <div className={styles.viewport} aria-live={rotating ? "off" : "polite"}>
            {slides.map((slide, i) => (
              <div
                key={slide.image.src}
                className={cx(styles.slide, i === index && styles.active)}
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${slides.length}`}
                aria-hidden={i !== index}
              >
                {/* ARIA allows no group role on <figure> itself, so the slide wraps it. */}
                <figure className={styles.figure}>
                  <Picture image={slide.image} className={styles.image} />
                  <figcaption className={styles.caption}>{slide.caption}</figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
