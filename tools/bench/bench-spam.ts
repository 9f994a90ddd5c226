// `npm run bench:api -- --spam`: the spam defences against the bots of the field and against
// people, through the real server (`npm start`: the built site and the API, SQLite, rate
// limit off so every post is judged) and the real form in real browsers. Prints, for each
// bot, how many of its posts reached the staff (goal 0); for people in Chromium, Firefox and
// WebKit, how many were held back as spam (goal 0); and the times the form measured (each
// fill, the proof of work's solve). Prints figures; asserts nothing about speed.
// tests/e2e/spam.spec.ts checks the same senders, smaller, in `npm test`.
//
// The browsers are Debian's: Chromium through Playwright; Firefox ESR through puppeteer-core
// over WebDriver BiDi (Playwright's BiDi Firefox needs a command firefox-esr lacks,
// emulation.setMediaFeaturesOverride); WebKitGTK's MiniBrowser through Selenium and
// WebKitWebDriver (package webkit2gtk-driver) under Xvfb (package xvfb), as it needs a display.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "@playwright/test";
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from "puppeteer-core";
import { Builder, By, Capabilities, until, type WebDriver } from "selenium-webdriver";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { ENQUIRY_PATH, fillEnquiryForm, fillInBatches, type FilledForm, type Pace } from "../test/enquiry-fills.ts";
import { freePort } from "../test/free-port.ts";
import { batchMarker, reasonsText, spamOutcome } from "../test/spam-outcomes.ts";

const PROJECT = fileURLToPath(new URL("../..", import.meta.url));
const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");
const BOT_POSTS = 1_000;
const BROWSER_BOT_FILLS = 20;
const AT_ONCE = 5;
/** A person: a second to read the page, then typing key by key. */
const PERSON: Pace = { pauseMs: 1_000, keyDelayMs: 30 };
const THANKS = "Thank you for reaching out! We\u2019ll get back to you soon.";
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export const SPAM_BROWSERS = ["chromium", "firefox", "webkit"] as const;
export type SpamBrowser = (typeof SPAM_BROWSERS)[number];

export interface SpamBenchOptions {
  /** People a browser (the issue's figure is 50). */
  people: number;
  /** Where the site listens, and WebKitWebDriver on the next port; 0: any free ports. */
  port: number;
  browsers: readonly SpamBrowser[];
}

interface Row {
  sender: string;
  sent: number;
  answered: number;
  delivered: number;
  reasons: string;
}

// At the default log level: its start-up line says where it listens (a quieter level hides it).
function startSite(dbPath: string, port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [LAUNCHER, "start"], {
    cwd: PROJECT,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", ENQUIRY_DB: dbPath, ENQUIRY_RATE_LIMIT: "0", NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = / on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match) resolve({ url: match[1]!, child });
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the server exited (${code}) before listening:\n${output}`)));
  });
}

const botEnquiry = (email: string) => ({
  first_name: "Bot",
  last_name: "Botson",
  email,
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "Cheap followers at https://promo.example",
});

/** BOT_POSTS posts, 50 at a time, each with its own Idempotency-Key; returns how many were answered 201. */
async function postAll(url: string, bodies: (i: number) => object): Promise<number> {
  let created = 0;
  for (let start = 0; start < BOT_POSTS; start += 50) {
    const statuses = await Promise.all(
      Array.from({ length: Math.min(50, BOT_POSTS - start) }, (_, k) =>
        fetch(url + ENQUIRY_PATH, {
          method: "POST",
          headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
          body: JSON.stringify(bodies(start + k)),
        }).then((response) => response.status),
      ),
    );
    created += statuses.filter((status) => status === 201).length;
  }
  return created;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

function spread(values: readonly number[]): string {
  if (values.length === 0) return "none";
  return `min ${Math.round(Math.min(...values))}, median ${Math.round(median(values))}, max ${Math.round(Math.max(...values))} ms`;
}

const fillTimes = (fills: readonly FilledForm[]) => fills.map((fill) => fill.payload.fill_time_ms).filter((ms): ms is number => typeof ms === "number");

/** The solver's own time, which altcha-lib writes into its answer. */
function solveTimes(fills: readonly FilledForm[]): number[] {
  const times: number[] = [];
  for (const fill of fills) {
    if (typeof fill.payload.altcha !== "string") continue;
    const { solution } = JSON.parse(Buffer.from(fill.payload.altcha, "base64").toString("utf8")) as { solution: { time?: number } };
    if (typeof solution.time === "number") times.push(solution.time);
  }
  return times;
}

/** One person at a time in Firefox (puppeteer-core): the same fill as fillEnquiryForm's person, by the fields' names. */
async function fillInFirefox(page: PuppeteerPage, url: string, email: string): Promise<string[]> {
  const alerts: string[] = [];
  page.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.goto(`${url}/connect`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true" && document.querySelector("form button[type=submit]:not([disabled])") !== null);
  await sleep(PERSON.pauseMs);
  for (const [name, text] of [["firstName", "Asha"], ["lastName", "Verma"], ["email", email], ["phoneNumber", "9876543210"]] as const) {
    await page.click(`input[name=${name}]`);
    await page.type(`input[name=${name}]`, text, { delay: PERSON.keyDelayMs });
  }
  await page.select("select[name=subject]", "Course enquiry");
  await page.click("textarea[name=message]");
  await page.type("textarea[name=message]", "About the next batch.", { delay: PERSON.keyDelayMs });
  await page.click("form button[type=submit]");
  await page.waitForFunction(() => location.pathname === "/", { timeout: 30_000 });
  return alerts;
}

/**
 * One person after another, each in a fresh browser context: Firefox puts every page but the
 * front one in a background tab, whose timers and alerts it holds back, so pages side by side
 * would measure Firefox's throttling, not the form.
 */
async function peopleInFirefox(url: string, people: number, marker: string): Promise<string[][]> {
  const browser: PuppeteerBrowser = await puppeteer.launch({ browser: "firefox", executablePath: FIREFOX_PATH, headless: true });
  const alerts: string[][] = [];
  try {
    for (let i = 0; i < people; i += 1) {
      const context = await browser.createBrowserContext();
      try {
        alerts.push(await fillInFirefox(await context.newPage(), url, `person${i}${marker}`));
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return alerts;
}

/** WebKitWebDriver under its own Xvfb display, on a free port; stopped with its whole process group. */
async function startWebKitDriver(port: number): Promise<{ server: string; stop: () => void }> {
  const child = spawn("xvfb-run", ["-a", "-s", "-screen 0 1280x800x24", "WebKitWebDriver", `--host=127.0.0.1`, `--port=${port}`], { detached: true, stdio: "ignore" });
  const stop = () => {
    try {
      process.kill(-child.pid!, "SIGTERM");
    } catch {
      // Already gone.
    }
  };
  const server = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 100; tries += 1) {
    const ready = await fetch(`${server}/status`).then((response) => response.ok, () => false);
    if (ready) return { server, stop };
    await sleep(200);
  }
  stop();
  throw new Error(`WebKitWebDriver did not answer on ${server} within 20 s.`);
}

async function fillInWebKit(driver: WebDriver, url: string, email: string): Promise<string> {
  await driver.get(`${url}/connect`);
  await driver.wait(
    () => driver.executeScript<boolean>("return document.documentElement.dataset.hydrated === 'true' && document.querySelector('form button[type=submit]:not([disabled])') !== null"),
    30_000,
  );
  await driver.sleep(PERSON.pauseMs);
  // A person scrolls to what they use next; WebKitWebDriver does not scroll a control below the window into view.
  const reach = async (selector: string) => {
    const control = await driver.findElement(By.css(selector));
    await driver.executeScript("arguments[0].scrollIntoView({ block: 'center' })", control);
    return control;
  };
  const type = async (selector: string, text: string) => {
    const control = await reach(selector);
    await control.click();
    for (const key of text) {
      await control.sendKeys(key);
      await driver.sleep(PERSON.keyDelayMs);
    }
  };
  await type("input[name=firstName]", "Asha");
  await type("input[name=lastName]", "Verma");
  await type("input[name=email]", email);
  await type("input[name=phoneNumber]", "9876543210");
  await (await reach("select[name=subject]")).click();
  await driver.findElement(By.css('select[name=subject] option[value="Course enquiry"]')).click();
  await type("textarea[name=message]", "About the next batch.");
  await (await reach("form button[type=submit]")).click();
  await driver.wait(until.alertIsPresent(), 30_000);
  const alert = await driver.switchTo().alert();
  const text = await alert.getText();
  await alert.accept();
  // The page's own location: the form goes home with history.pushState, which WebKitWebDriver's current URL can miss.
  await driver.wait(async () => (await driver.executeScript<string>("return location.pathname")) === "/", 30_000);
  return text;
}

/**
 * One MiniBrowser session, one person after another (WebKitWebDriver drives one session at a
 * time); between people its storage is cleared, as a new visitor's would be.
 */
async function peopleInWebKit(url: string, people: number, marker: string, driverPort: number): Promise<string[][]> {
  const driverServer = await startWebKitDriver(driverPort);
  // unhandledPromptBehavior: WebKitWebDriver keeps reporting the thanks alert as open after it was accepted, and would refuse every later command.
  const capabilities = new Capabilities({ browserName: "MiniBrowser", unhandledPromptBehavior: "accept", "webkitgtk:browserOptions": { binary: MINIBROWSER_PATH, args: ["--automation"] } });
  try {
    const driver = await new Builder().usingServer(driverServer.server).withCapabilities(capabilities).build();
    const alerts: string[][] = [];
    try {
      for (let i = 0; i < people; i += 1) {
        alerts.push([await fillInWebKit(driver, url, `person${i}${marker}`)]);
        await driver.executeScript("localStorage.clear(); sessionStorage.clear();");
        await driver.manage().deleteAllCookies();
      }
    } finally {
      await driver.quit();
    }
    return alerts;
  } finally {
    driverServer.stop();
  }
}

/** Why a browser cannot run here, or null when it can. */
function missing(browser: SpamBrowser): string | null {
  if (browser === "chromium") return existsSync(chromiumPath()) ? null : `no Chromium at ${chromiumPath()} (apt-get install chromium)`;
  if (browser === "firefox") return existsSync(FIREFOX_PATH) ? null : `no Firefox at ${FIREFOX_PATH} (apt-get install firefox-esr)`;
  const found = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (!found("WebKitWebDriver")) return "no WebKitWebDriver (apt-get install webkit2gtk-driver)";
  if (!found("xvfb-run")) return "no xvfb-run (apt-get install xvfb)";
  return existsSync(MINIBROWSER_PATH) ? null : `no MiniBrowser at ${MINIBROWSER_PATH} (apt-get install webkit2gtk-driver)`;
}

export async function benchSpam({ people, browsers, port }: SpamBenchOptions): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "nexa-bench-spam-"));
  const dbPath = join(work, "enquiries.db");
  console.log(`Spam benchmark: the built site and API (npm start, SQLite), Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)} at the start.`);
  const { url, child } = await startSite(dbPath, port === 0 ? await freePort() : port);
  const chromiumBrowser: Browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  const rows: Row[] = [];
  const notes: string[] = [];
  const outcome = (marker: string) => spamOutcome(dbPath, marker);
  try {
    const naive = batchMarker("naive");
    const naiveCreated = await postAll(url, (i) => botEnquiry(`bot${i}${naive}`));
    rows.push({ sender: "naive bot (the six fields, no form)", sent: BOT_POSTS, answered: naiveCreated, ...summary(outcome(naive)) });

    const replay = batchMarker("replay");
    const [real] = await fillInBatches(chromiumBrowser, 1, 1, (page) => fillEnquiryForm(page, `person${replay}`, { keyDelayMs: 20, pauseMs: 1_500 }), { baseURL: url });
    const { form_token, altcha, fill_time_ms } = real!.payload;
    const replayCreated = await postAll(url, (i) => ({ ...botEnquiry(`bot${i}${replay}`), form_token, altcha, fill_time_ms }));
    const replayed = outcome(replay);
    // The person's own enquiry is the one delivered; the bot's posts are the rest.
    rows.push({ sender: "bot replaying a real form's token, fill time and proof of work", sent: BOT_POSTS, answered: replayCreated, ...summary({ ...replayed, delivered: replayed.delivered - 1 }) });

    for (const [filler, sender] of [
      ["page-script", "headless Chromium, one script filling the real form"],
      ["playwright-steps", "headless Chromium, Playwright filling field by field"],
    ] as const) {
      const marker = batchMarker(filler);
      const fills = await fillInBatches(chromiumBrowser, BROWSER_BOT_FILLS, AT_ONCE, (page, i) => fillEnquiryForm(page, `bot${i}${marker}`, filler), { baseURL: url });
      rows.push({ sender, sent: BROWSER_BOT_FILLS, answered: fills.filter((fill) => fill.alerts.join() === THANKS).length, ...summary(outcome(marker)) });
      notes.push(`${sender}: fill time as the form measured it, ${spread(fillTimes(fills))}.`);
    }

    for (const browser of browsers) {
      const why = missing(browser);
      if (why !== null) {
        notes.push(`people in ${browser}: not run, ${why}.`);
        continue;
      }
      const marker = batchMarker(`people-${browser}`);
      let thanked: number;
      try {
        if (browser === "chromium") {
          const fills = await fillInBatches(chromiumBrowser, people, AT_ONCE, (page, i) => fillEnquiryForm(page, `person${i}${marker}`, PERSON), { baseURL: url });
          thanked = fills.filter((fill) => fill.alerts.join() === THANKS).length;
          notes.push(`people in Chromium: fill time ${spread(fillTimes(fills))}; proof of work in the form's worker ${spread(solveTimes(fills))}.`);
        } else {
          const alerts = browser === "firefox" ? await peopleInFirefox(url, people, marker) : await peopleInWebKit(url, people, marker, port === 0 ? await freePort() : port + 1);
          thanked = alerts.filter((shown) => shown.join() === THANKS).length;
        }
      } catch (error) {
        // One browser's failure is a line of the report, not the end of the others' figures.
        notes.push(`people in ${browser}: stopped by ${String(error).split("\n")[0]}; the row counts the people sent before it.`);
        thanked = NaN;
      }
      rows.push({ sender: `people at a person's pace, ${browser}`, sent: people, answered: thanked, ...summary(outcome(marker)) });
    }
  } finally {
    await chromiumBrowser.close();
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(work, { recursive: true, force: true });
  }
  console.log("\n| Sender | Sent | Answered like an enquiry | Delivered | Held back as spam, by reason |");
  console.log("|---|---:|---:|---:|---|");
  for (const row of rows) console.log(`| ${row.sender} | ${row.sent} | ${row.answered} | **${row.delivered}** | ${row.reasons} |`);
  console.log(`\n${notes.map((note) => `- ${note}`).join("\n")}`);
  console.log(`\nGoal: 0 delivered for every bot; every person delivered (held back: the reasons column). Load ${loadavg()[0]!.toFixed(1)} at the end.`);
}

function summary(outcome: ReturnType<typeof spamOutcome>): { delivered: number; reasons: string } {
  return { delivered: outcome.delivered, reasons: reasonsText(outcome.reasons) };
}
