import { spawn, type ChildProcess } from "node:child_process";
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from "puppeteer-core";
import { remote } from "webdriverio";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { freePort } from "./free-port.ts";

/**
 * One small surface over three engines, so a cross-engine test is written once. Playwright drives
 * only its own builds of Firefox and WebKit, which cannot be downloaded here, so the stock Debian
 * browsers are driven by what speaks their protocols: Puppeteer over CDP (Chromium) and WebDriver
 * BiDi (Firefox ESR, no geckodriver needed), WebdriverIO over WebKitWebDriver (WebKitGTK).
 */
export type Engine = "chromium" | "firefox" | "webkit";

export const ENGINES: Engine[] = ["chromium", "firefox", "webkit"];

/** Where Debian puts each browser; overridable for other systems. */
const FIREFOX = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? "/usr/bin/WebKitWebDriver";
const MINIBROWSER = process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export interface Viewport {
  width: number;
  height: number;
}

export interface EnginePage {
  readonly engine: Engine;
  /** Sets the viewport (the page's innerWidth × innerHeight). */
  resize(viewport: Viewport): Promise<void>;
  /**
   * Loads a path of the site and waits until React has hydrated it; a page that is not the site
   * (the editor at /admin/) names its own sign of being ready instead.
   */
  open(path: string, ready?: { what: string; check: () => boolean }): Promise<void>;
  /** Runs a function in the page; it is sent as source, so it must not use anything from the test's scope. */
  evaluate<T, A extends unknown[]>(fn: (...args: A) => T, ...args: A): Promise<T>;
  /** A real pointer click (the engine's input, not `element.click()`) on the first element matching the CSS selector. */
  click(selector: string): Promise<void>;
  /** Types into the focused-by-click field matching the selector. */
  type(selector: string, text: string): Promise<void>;
  /** Chooses the option with this value in the <select> matching the selector. */
  select(selector: string, value: string): Promise<void>;
  /** A key press through the engine's input: "Escape", "Tab", "Enter", and the keys that move a text cursor. */
  press(key: Key): Promise<void>;
  /** Types text, key by key, into whatever has the focus (a contenteditable, such as CodeMirror's). */
  keys(text: string): Promise<void>;
  /** Waits for the next alert, accepts it and gives its text. */
  acceptAlert(timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}

/** Polls a page function until it returns true; fails with `what` and the last value seen. */
export async function waitUntil(page: EnginePage, what: string, fn: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (await page.evaluate(fn)) return;
    if (Date.now() > end) throw new Error(`${page.engine}: timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const hydratedCheck = () => document.documentElement.dataset.hydrated === "true";

/** Brings an element to the middle of the window first, clear of the sticky header, as a person scrolls to what they click. */
const centre = (selector: string) => void document.querySelector(selector)?.scrollIntoView({ block: "center", behavior: "instant" });

/** Starts the engine's browser (and its driver) and gives its one page. */
/**
 * `port`: where the browser's remote control listens (Firefox's WebDriver BiDi, WebKitWebDriver),
 * for a caller kept to a range of ports; by default one the system picks. Chromium talks over a pipe.
 */
export async function launch(engine: Engine, baseUrl: string, { port }: { port?: number } = {}): Promise<EnginePage> {
  return engine === "webkit" ? launchWebKit(baseUrl, port) : launchPuppeteer(engine, baseUrl, port);
}

export type Key = "Escape" | "Tab" | "Enter" | "Home" | "End" | "Backspace";

const PUPPETEER_KEYS = { Escape: "Escape", Tab: "Tab", Enter: "Enter", Home: "Home", End: "End", Backspace: "Backspace" } as const;

async function launchPuppeteer(engine: "chromium" | "firefox", baseUrl: string, port: number | undefined): Promise<EnginePage> {
  const browser: PuppeteerBrowser =
    engine === "firefox"
      ? await puppeteer.launch({
          browser: "firefox",
          executablePath: FIREFOX,
          headless: true,
          args: port === undefined ? [] : [`--remote-debugging-port=${port}`],
        })
      : await puppeteer.launch({ browser: "chrome", executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS] });
  const page: PuppeteerPage = (await browser.pages())[0] ?? (await browser.newPage());
  const alerts: string[] = [];
  const waiting: ((text: string) => void)[] = [];
  page.on("dialog", (dialog) => {
    const text = dialog.message();
    void dialog.accept();
    const next = waiting.shift();
    if (next) next(text);
    else alerts.push(text);
  });
  const self: EnginePage = {
    engine,
    resize: (viewport) => page.setViewport(viewport),
    async open(path, ready = { what: `hydration of ${path}`, check: hydratedCheck }) {
      const href = new URL(path, baseUrl).href;
      try {
        await page.goto(href, { waitUntil: "load" });
      } catch (error) {
        // Firefox refuses a navigation that meets the page's own one still settling (the enquiry
        // form's way home, say) with NS_BINDING_ABORTED, or never reports its load: the page is
        // fine, so go again, once (seen after 1 and after 13 people of the spam benchmark's 50).
        if (!/NS_BINDING_ABORTED|Navigation timeout/.test(String(error))) throw error;
        await page.goto(href, { waitUntil: "load" });
      }
      await waitUntil(self, ready.what, ready.check);
    },
    evaluate: (fn, ...args) => page.evaluate(fn as never, ...(args as unknown as never[])) as never,
    async click(selector) {
      const handle = await page.waitForSelector(selector, { visible: true, timeout: 10_000 });
      await page.evaluate(centre, selector);
      await handle!.click();
    },
    async type(selector, text) {
      await page.type(selector, text);
    },
    async select(selector, value) {
      await page.select(selector, value);
    },
    press: (key) => page.keyboard.press(PUPPETEER_KEYS[key]),
    keys: (text) => page.keyboard.type(text),
    acceptAlert(timeoutMs = 15_000) {
      const ready = alerts.shift();
      if (ready !== undefined) return Promise.resolve(ready);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${engine}: no alert within ${timeoutMs} ms`)), timeoutMs);
        waiting.push((text) => {
          clearTimeout(timer);
          resolve(text);
        });
      });
    },
    close: () => browser.close(),
  };
  return self;
}

/** WebKitGTK draws into an X display even when nothing looks at it: a private Xvfb, numbered by Xvfb itself. */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn("Xvfb", ["-displayfd", "1", "-screen", "0", "1920x1200x24", "-nolisten", "tcp"], { stdio: ["ignore", "pipe", "ignore"] });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once("error", (e) => reject(new Error(`Xvfb could not start (${e.message}): install Debian's xvfb package`)));
    xvfb.stdout!.once("data", (d: Buffer) => resolve(`:${String(d).trim()}`));
  });
  return { display, process: xvfb };
}

async function waitForDriver(port: number, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`WebKitWebDriver did not answer on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** WebDriver's key codes (W3C WebDriver, "Keyboard actions"). */
const WEBDRIVER_KEYS = { Escape: "\uE00C", Tab: "\uE004", Enter: "\uE007", Home: "\uE011", End: "\uE010", Backspace: "\uE003" } as const;

/** One WebKitWebDriver with its browser session on the given X display. */
async function webkitSession(display: string | undefined, driverPort: number | undefined): Promise<{ browser: WebdriverIO.Browser; stop: () => void }> {
  const port = driverPort ?? (await freePort());
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: "ignore", env: { ...process.env, ...(display ? { DISPLAY: display } : {}) } });
  const stop = () => void driver.kill();
  try {
    await waitForDriver(port);
    const browser = await remote({
      hostname: "127.0.0.1",
      port,
      logLevel: "error",
      // unhandledPromptBehavior: WebKitWebDriver keeps reporting an alert as open after it was
      // accepted, and would refuse every later command of the session (a second form sent in it).
      capabilities: {
        unhandledPromptBehavior: "accept",
        "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
      } as WebdriverIO.Capabilities,
    });
    return { browser, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

async function launchWebKit(baseUrl: string, driverPort: number | undefined): Promise<EnginePage> {
  const xvfb = process.env.DISPLAY ? undefined : await startXvfb();
  const display = xvfb?.display;
  let session: Awaited<ReturnType<typeof webkitSession>>;
  try {
    session = await webkitSession(display, driverPort);
  } catch (error) {
    xvfb?.process.kill();
    throw error;
  }
  const stop = () => {
    session.stop();
    xvfb?.process.kill();
  };
  /**
   * On a busy machine MiniBrowser can quit between two tests, and every later command of its
   * session fails with "invalid session id": a navigation that meets a dead session starts a
   * new one, once, and says so on stderr, so one crash fails at most the test it happened in.
   */
  const navigate = async (href: string) => {
    try {
      await session.browser.url(href);
    } catch (error) {
      if (!/invalid session id/i.test(String(error))) throw error;
      console.error(`webkit: the browser's session had ended (${String(error).split("\n")[0]}); starting a new one`);
      session.stop();
      session = await webkitSession(display, driverPort);
      await session.browser.url(href);
    }
  };
  try {
    const self: EnginePage = {
      engine: "webkit",
      async resize({ width, height }) {
        // The window's size includes MiniBrowser's frame: set it, measure the difference, set it again.
        await session.browser.setWindowSize(width, height);
        const [innerWidth, innerHeight] = await session.browser.execute(() => [window.innerWidth, window.innerHeight]);
        if (innerWidth !== width || innerHeight !== height) await session.browser.setWindowSize(2 * width - innerWidth, 2 * height - innerHeight);
      },
      async open(path, ready = { what: `hydration of ${path}`, check: hydratedCheck }) {
        const target = new URL(path, baseUrl);
        // After an alert was accepted, WebKitWebDriver can spend the next navigation on that alert
        // again and stay where it was: go again until the browser is at the address (three tries).
        for (let tries = 1; ; tries += 1) {
          await navigate(target.href);
          const there = await session.browser.execute((pathname: string) => location.pathname === pathname, target.pathname);
          if (there || tries === 3) break;
        }
        await waitUntil(self, ready.what, ready.check);
      },
      evaluate: (fn, ...args) => session.browser.execute(fn as never, ...(args as unknown as never[])) as never,
      async click(selector) {
        const element = session.browser.$(selector);
        await element.waitForDisplayed({ timeout: 10_000 });
        await session.browser.execute(centre, selector);
        await element.click();
      },
      async type(selector, text) {
        await session.browser.$(selector).addValue(text);
      },
      async select(selector, value) {
        await session.browser.$(selector).selectByAttribute("value", value);
      },
      press: (key) => session.browser.keys(WEBDRIVER_KEYS[key]),
      keys: (text) => session.browser.keys([...text]),
      async acceptAlert(timeoutMs = 15_000) {
        let text = "";
        await session.browser.waitUntil(
          async () => {
            try {
              text = await session.browser.getAlertText();
              return true;
            } catch {
              return false;
            }
          },
          { timeout: timeoutMs, interval: 100, timeoutMsg: `webkit: no alert within ${timeoutMs} ms` },
        );
        await session.browser.acceptAlert();
        return text;
      },
      async close() {
        try {
          await session.browser.deleteSession();
        } finally {
          stop();
        }
      },
    };
    return self;
  } catch (error) {
    stop();
    throw error;
  }
}
