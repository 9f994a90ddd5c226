import type { Image } from "../generated/schema-types.ts";
import { cx } from "../lib/cx.ts";

/**
 * An image with its intrinsic size (no layout shift); lazy unless it is above the fold.
 * `eager`: the page's main picture (fetched first, at high priority); `aboveFold`: on the
 * first screen too, so not lazy, but at the browser's own priority.
 */
export function Picture({ image, eager, aboveFold, className }: { image: Image; eager?: boolean; aboveFold?: boolean; className?: string }) {
  return (
    <img
      src={image.src}
      alt={image.decorative ? "" : image.alt}
      width={image.width}
      height={image.height}
      loading={eager || aboveFold ? "eager" : "lazy"}
      decoding={eager ? "sync" : "async"}
      {...(eager ? { fetchPriority: "high" as const } : {})}
      className={cx(className, image.hideOnMobile && "hide-on-mobile")}
    />
  );
}
