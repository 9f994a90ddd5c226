/**
 * The site's one layout breakpoint (SPEC §9.1): phones are 768 CSS pixels wide and less. The
 * stylesheets name it through `@custom-media --phone` and `--wider-than-phone`, declared in
 * media.css (Lightning CSS writes the queries out at build time); script that asks the same
 * question (matchMedia, <source media>, tests) reads these constants. A unit test holds the two
 * declarations of media.css equal to them, and refuses a written-out 768px/769px media query
 * anywhere else.
 */
export const PHONE_MAX_WIDTH = 768;

/** The first width above the phone layout. */
export const WIDER_THAN_PHONE_MIN_WIDTH = PHONE_MAX_WIDTH + 1;

/** A phone-sized window: `@media (--phone)`. */
export const PHONE = `(max-width: ${PHONE_MAX_WIDTH}px)`;

/**
 * Every wider window: `@media (--wider-than-phone)`. Written as its own min-width rather than
 * `not (--phone)`, so a window of a fractional width between the two (a zoomed page) matches
 * neither, exactly as the stylesheets always have.
 */
export const WIDER_THAN_PHONE = `(min-width: ${WIDER_THAN_PHONE_MIN_WIDTH}px)`;
