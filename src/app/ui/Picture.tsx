import { preload } from "react-dom";
import type { Image } from "../../shared/generated/schema-types.ts";
import { cx } from "../lib/cx.ts";
import { NOT_PHONE_UPRIGHT, PHONE_UPRIGHT } from "./phone-upright.ts";

/**
 * An image with its intrinsic size (no layout shift); lazy unless it is above the fold.
 * `eager`: the page's main picture (fetched first, at high priority); `aboveFold`: on the
 * first screen too, so not lazy, but at the browser's own priority. An image with a `phone`
 * version is a <picture> whose source, with its own size, a phone held upright takes instead.
 */
export function Picture({ image, eager, aboveFold, className }: { image: Image; eager?: boolean; aboveFold?: boolean; className?: string }) {
  const { phone } = image;
  // React preloads an eager <img> by itself, but not one inside a <picture> (it cannot tell which file
  // the browser takes): here each file is preloaded for the windows that show it.
  if (eager && phone) {
    preload(phone.src, { as: "image", media: PHONE_UPRIGHT, fetchPriority: "high" });
    preload(image.src, { as: "image", media: NOT_PHONE_UPRIGHT, fetchPriority: "high" });
  }
  const img = (
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
  if (!phone) return img;
  return (
    <picture>
      <source media={PHONE_UPRIGHT} srcSet={phone.src} width={phone.width} height={phone.height} />
      {img}
    </picture>
  );
}
