import { useEffect, useRef } from "react";
import type { Video } from "../generated/schema-types.ts";

/**
 * A silent looping card video: nothing is downloaded until it scrolls into view, it pauses
 * when it leaves, and people who prefer reduced motion only ever see the poster.
 */
export function CardVideo({ video, className }: { video: Video; className?: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.matchMedia("(prefers-reduced-motion: reduce)").matches || !("IntersectionObserver" in window)) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) void el.play().catch(() => undefined);
        else el.pause();
      },
      { threshold: 0.5 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <video ref={ref} className={className} muted loop playsInline preload="none" poster={video.poster.src} width={video.poster.width} height={video.poster.height} aria-hidden="true" tabIndex={-1}>
      {video.webm ? <source src={video.webm} type="video/webm" /> : null}
      <source src={video.src} type="video/mp4" />
    </video>
  );
}
