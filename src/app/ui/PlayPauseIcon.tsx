import styles from "./PlayPauseIcon.module.css";

/** The icon of a play/pause button: what pressing it will do (play while paused, pause while playing). */
export function PlayPauseIcon({ playing }: { playing: boolean }) {
  return <span aria-hidden="true" className={playing ? styles.pause : styles.play} />;
}
