import type { Browser } from "@playwright/test";
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import { join } from "node:path";
import { checkPage, launchChromium, pageReport, serveBuilt, type BuiltSite } from "../../build/page-check.ts";
import { loadYaml } from "../../content/load.ts";
import { routeOfFile } from "../../content/routes.ts";
import type { SiteContent } from "../../content/site.ts";

/** How long the browser stays open after a publish's check, for the next publish. */
export const BROWSER_IDLE_MS = 5 * 60_000;

const SETTINGS_FILE = "site/_site.yaml";

/**
 * The page check of a publish inside `npm start`: the checks of `npm run check` (one
 * implementation, src/build/page-check.ts) on the publish's own staged build, in a Chromium the
 * server starts when a publish first needs it (warm(), beside the build) and keeps for the next
 * publishes; it is closed after BROWSER_IDLE_MS without a check, and when the server closes. The
 * staged pages are served to it on 127.0.0.1, port 0, for the time of the check only.
 */
export class WarmChecker {
  private browser: Promise<Browser> | null = null;
  private idle: NodeJS.Timeout | undefined;
  private checking = 0;

  constructor(
    private readonly launch: () => Promise<Browser> = launchChromium,
    private readonly idleMs = BROWSER_IDLE_MS,
  ) {}

  /** Starts the browser now if it is not running, so that it is ready when the build is. */
  warm(): void {
    this.browserNow().catch(() => undefined);
  }

  private browserNow(): Promise<Browser> {
    clearTimeout(this.idle);
    if (this.browser === null) {
      const starting = this.launch();
      this.browser = starting;
      starting.then(
        (browser) => browser.on("disconnected", () => this.browser === starting && (this.browser = null)),
        () => this.browser === starting && (this.browser = null),
      );
    }
    return this.browser;
  }

  /** `files` (site/….yaml, pages) checked on `built`; the report is `npm run check`'s lines for each page. */
  async check(root: string, content: SiteContent, built: BuiltSite, files: string[]): Promise<{ ok: boolean; output: string }> {
    this.checking++;
    let server: Server | undefined;
    try {
      let browser: Browser;
      try {
        browser = await this.browserNow();
      } catch (error) {
        return { ok: false, output: `The browser for the page check could not be started: ${(error as Error).message.split("\n")[0]}` };
      }
      const served = await serveBuilt(built);
      server = served.server;
      const settings = loadYaml(SETTINGS_FILE, readFileSync(join(root, SETTINGS_FILE))).loaded;
      const lines: string[] = [];
      let ok = true;
      for (const file of files) {
        const started = performance.now();
        const route = routeOfFile(file.slice("site/".length));
        const loaded = loadYaml(file, readFileSync(join(root, file))).loaded!;
        const problems = await checkPage(browser, {
          base: served.base,
          built,
          route,
          file,
          loaded,
          settings: settings ? { file: SETTINGS_FILE, loaded: settings } : undefined,
          content,
        });
        if (problems.length > 0) ok = false;
        lines.push(...pageReport(problems, route, (performance.now() - started) / 1000));
      }
      return { ok, output: lines.join("\n") };
    } finally {
      server?.close();
      if (--this.checking === 0) {
        this.idle = setTimeout(() => void this.close(), this.idleMs);
        this.idle.unref();
      }
    }
  }

  /** Closes the browser (the server is closing, or no publish came for a while). */
  async close(): Promise<void> {
    clearTimeout(this.idle);
    const browser = this.browser;
    this.browser = null;
    await browser?.then((b) => b.close()).catch(() => undefined);
  }
}
