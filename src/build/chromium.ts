/**
 * The one Chromium setting: where it is and how it is started, for the end-to-end tests
 * (playwright.config.ts), `npm run check`, Lighthouse in `npm run bench` and the first-view
 * measure. Debian's package by default; CHROMIUM_PATH points elsewhere (tools/test/ensure-chromium.sh
 * reads the same variable).
 */

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** The Chromium to start: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}

/**
 * Flags for a measuring or testing browser: no sandbox (the tests run as root in containers),
 * no GPU, and none of the background traffic (updates, sync, QUIC) that would add requests or
 * noise to what is measured.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
