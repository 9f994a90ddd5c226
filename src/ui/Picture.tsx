import type { Image } from "../generated/schema-types.ts";
import { cx } from "../lib/cx.ts";

/** An image with its intrinsic size (no layout shift); lazy unless it is above the fold. */
export function Picture({ image, eager, className }: { image: Image; eager?: boolean; className?: string }) {
  return (
    <img
      src={image.src}
      alt={image.decorative ? "" : image.alt}
      width={image.width}
      height={image.height}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      {...(eager ? { fetchPriority: "high" as const } : {})}
      className={cx(className, image.hideOnMobile && "hide-on-mobile")}
    />
  );
}
