// The bytes a page costs on a phone before any interaction: everything the browser fetches from
// the address until the network has been quiet for a while (so a video started when the page is
// idle counts), as sent over the wire (compressed, with headers). Used by `npm run bench`;
// `tsx tools/measure/first-view.ts http://127.0.0.1:3000/` prints it for one address.
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { isEntryPoint, readArgs, usageError } from "../../src/cli/options.ts";

/** How long the network must stay quiet before the view counts as settled. */
const QUIET_MS = 3000;

export interface FirstView {
  bytes: number;
  /** The same without video files: what the first view costs until the page is idle and a video may start. */
  beforeVideo: number;
  /** Bytes by URL path, largest first. */
  files: { path: string; bytes: number }[];
}

/** Load `url` in a 375×812 phone (DPR 3, touch) and sum the bytes of every response until the network is quiet. */
export async function firstViewOnPhone(url: string, options: { reducedMotion?: boolean } = {}): Promise<FirstView> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
      reducedMotion: options.reducedMotion ? "reduce" : "no-preference",
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const urls = new Map<string, string>();
    const bytes = new Map<string, number>();
    let lastActivity = Date.now();
    cdp.on("Network.requestWillBeSent", (e) => {
      urls.set(e.requestId, e.request.url);
      lastActivity = Date.now();
    });
    cdp.on("Network.dataReceived", () => void (lastActivity = Date.now()));
    cdp.on("Network.loadingFinished", (e) => {
      bytes.set(e.requestId, e.encodedDataLength);
      lastActivity = Date.now();
    });
    await page.goto(url, { waitUntil: "load" });
    while (Date.now() - lastActivity < QUIET_MS) await page.waitForTimeout(250);
    const byPath = new Map<string, number>();
    for (const [id, n] of bytes) {
      const path = new URL(urls.get(id) ?? "about:blank").pathname;
      byPath.set(path, (byPath.get(path) ?? 0) + n);
    }
    const files = [...byPath].map(([path, n]) => ({ path, bytes: n })).sort((a, b) => b.bytes - a.bytes);
    const sum = (list: typeof files) => list.reduce((n, f) => n + f.bytes, 0);
    return { bytes: sum(files), beforeVideo: sum(files.filter((f) => !/\.(mp4|webm)$/.test(f.path))), files };
  } finally {
    await browser.close();
  }
}

if (isEntryPoint(import.meta.url)) {
  const usage = "usage: tsx tools/measure/first-view.ts [URL]   (default http://127.0.0.1:3000/)";
  const { positionals } = readArgs({}, usage);
  if (positionals.length > 1) usageError(usage, "one address at a time");
  const url = positionals[0] ?? "http://127.0.0.1:3000/";
  const view = await firstViewOnPhone(url);
  for (const f of view.files) console.log(`${(f.bytes / 1024).toFixed(1).padStart(8)} KB  ${f.path}`);
  console.log(
    `first view of ${url} on a phone: ${(view.beforeVideo / 1024).toFixed(1)} KB before a video starts, ${(view.bytes / 1024).toFixed(1)} KB with the videos started once idle`,
  );
}
