import { setMotionPaused, useMotionPaused } from "./motion.ts";
import styles from "./MotionToggle.module.css";
import { PlayPauseIcon } from "./PlayPauseIcon.tsx";

/**
 * The one control that pauses everything moving on the page (WCAG 2.2.2), in the sticky header so
 * it is on screen whatever moves and early in the Tab order. Shown only on a page with something
 * that moves (a block marks itself with `data-motion`), and not under reduced motion, where
 * nothing moves: CSS decides both, so the prerendered header is already right.
 */
export function MotionToggle({ className }: { className?: string }) {
  const paused = useMotionPaused();
  return (
    <button
      type="button"
      className={`${styles.toggle} ${className ?? ""}`}
      aria-pressed={paused}
      title={paused ? "Play all motion" : "Pause all motion"}
      onClick={() => setMotionPaused(!paused)}
    >
      <PlayPauseIcon playing={!paused} />
      <span className="visually-hidden">Pause all motion</span>
    </button>
  );
}
