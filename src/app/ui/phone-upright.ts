import type { Image } from "../../shared/generated/schema-types.ts";
import { PHONE } from "../styles/breakpoints.ts";

/**
 * Where the `phone` versions of pictures and videos (schema/defs.schema.json) are shown: a phone
 * held upright, at the site's phone width (SPEC §9.1: 768px and less) and at least one and a half
 * times as tall as wide. There a full-width picture or video drawn with `object-fit: cover` shows
 * only a narrow middle cut of a wide file, so the phone fetches a file cut to that shape instead.
 * A tablet or a phone on its side, whose view is wider, keeps the full file.
 */
export const PHONE_UPRIGHT = `${PHONE} and (max-aspect-ratio: 2/3)`;

/** Every other window: the same query negated, for preloads that must not both be fetched. */
export const NOT_PHONE_UPRIGHT = `not all and ${PHONE_UPRIGHT}`;

/** The file of `image` this window shows: its phone version on a phone held upright. */
export function imageSrcHere(image: Image): string {
  return image.phone && window.matchMedia(PHONE_UPRIGHT).matches ? image.phone.src : image.src;
}
