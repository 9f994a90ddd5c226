/** SPEC §9.1: mobile at a window width of 768px or less. CSS uses the same number in its media queries. */
export const MOBILE_MAX_WIDTH = 768;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
