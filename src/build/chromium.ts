import { existsSync } from "node:fs";

/**
 * The one Chromium setting: where it is and how it is started, for the end-to-end tests
 * (playwright.config.ts), `npm run check`, Lighthouse in `npm run bench` and the first-view
 * measure. Debian's package by default; CHROMIUM_PATH points elsewhere (tools/test/ensure-chromium.sh
 * reads the same variable).
 */

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";
/** Debian's `chromium-headless-shell`: the same Blink and V8 without the browser's window layer. */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** The Chromium to start: CHROMIUM_PATH when set, else Debian's. */
export function chromiumPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHROMIUM_PATH?.trim() || DEFAULT_CHROMIUM_PATH;
}

/**
 * The Chromium for behaviour tests (clicks, keys, focus, network, axe): the headless shell when it
 * is installed, since it runs the end-to-end suite in about half the time of the full browser on
 * this 2-core machine. It draws text with other hinting and loads fonts on another schedule, so
 * what is measured in pixels (visual baselines, the font swap's layout shift) uses chromiumPath().
 * CHROMIUM_PATH, when set, is used for both.
 */
export function behaviourChromiumPath(env: NodeJS.ProcessEnv = process.env, installed: (path: string) => boolean = existsSync): string {
  if (env.CHROMIUM_PATH?.trim()) return chromiumPath(env);
  return installed(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : DEFAULT_CHROMIUM_PATH;
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
