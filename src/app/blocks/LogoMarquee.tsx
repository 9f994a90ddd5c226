import { useEffect, useRef } from "react";
import { useBlockPaused } from "../ui/motion.ts";
import { Picture } from "../ui/Picture.tsx";
import styles from "./LogoMarquee.module.css";
import { SectionIntro } from "../ui/SectionIntro.tsx";
import type { BlockOf } from "./types.ts";

/** SPEC §9.1: one loop takes 40 s on wide screens and 35 s on phones (the stylesheet's defaults). */
export const DEFAULT_SECONDS = 40;
export const DEFAULT_MOBILE_SECONDS = 35;

/**
 * An endless strip of logos moved by a CSS transform over two copies of the list; paused on
 * hover, on focus, by its button and by the header's pause control (src/app/ui/motion.ts); still for
 * visitors who prefer reduced motion.
 */
export function LogoMarquee({ id, heading, intro, logos, seconds = DEFAULT_SECONDS, mobileSeconds = DEFAULT_MOBILE_SECONDS }: BlockOf<"logoMarquee">) {
  const ref = useRef<HTMLDivElement>(null);
  const [paused, setPaused] = useBlockPaused();
  // Inline styles are refused by the Content-Security-Policy; custom properties set from script are not.
  useEffect(() => {
    ref.current?.style.setProperty("--marquee-seconds", `${seconds}s`);
    ref.current?.style.setProperty("--marquee-mobile-seconds", `${mobileSeconds}s`);
  }, [seconds, mobileSeconds]);
  return (
    <section id={id} className={styles.section} aria-label={heading ? undefined : "Our clients"} data-motion>
      <div className="container">
        <SectionIntro heading={heading} intro={intro} />
      </div>
      <div ref={ref} className={styles.marquee} data-paused={paused}>
        <div className={styles.track}>
          <ul className={styles.list}>
            {logos.map((logo) => (
              <li key={logo.src} className={styles.item}>
                <Picture image={logo} className={styles.logo} />
              </li>
            ))}
          </ul>
          <ul className={styles.list} aria-hidden="true">
            {logos.map((logo) => (
              <li key={logo.src} className={styles.item}>
                <Picture image={{ ...logo, alt: "", decorative: true }} className={styles.logo} />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className={`container ${styles.controls}`}>
        <button type="button" className={styles.toggle} aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? "Play logo animation" : "Pause logo animation"}
        </button>
      </div>
    </section>
  );
}
