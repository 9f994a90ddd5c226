// `npm run bench:api -- --spam`: the spam defences against the bots of the field and against
// people, through the real server (`npm start`: the built site and the API, SQLite, rate
// limit off so every post is judged) and the real form in real browsers. Prints, for each
// bot, how many of its posts reached the staff (goal 0); for people in Chromium, Firefox and
// WebKit, how many were held back as spam (goal 0); and the times the form measured (each
// fill, the proof of work's solve). Prints figures; asserts nothing about speed.
// tests/e2e/spam.spec.ts checks the same senders, smaller, in `npm test`.
//
// The browsers are Debian's: Chromium through Playwright; Firefox ESR and WebKitGTK through the
// cross-engine page the engine tests use (tools/test/engine-page.ts: puppeteer-core over WebDriver
// BiDi, as Playwright's BiDi Firefox needs a command firefox-esr lacks; WebdriverIO and
// WebKitWebDriver, package webkit2gtk-driver, under Xvfb, package xvfb).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { chromium, type Browser } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { launch, waitUntil, type EnginePage } from "../test/engine-page.ts";
import { ENQUIRY_PATH, fillEnquiryForm, fillInBatches, type FilledForm, type Pace } from "../test/enquiry-fills.ts";
import { freePort } from "../test/free-port.ts";
import { batchMarker, reasonsText, spamOutcome } from "../test/spam-outcomes.ts";
import { median } from "./median.ts";

const PROJECT = fileURLToPath(new URL("../..", import.meta.url));
const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");
const BOT_POSTS = 1_000;
const BROWSER_BOT_FILLS = 20;
const AT_ONCE = 5;
/** A person: a second to read the page, then typing key by key. */
const PERSON: Pace = { pauseMs: 1_000, keyDelayMs: 30 };
const THANKS = "Thank you for reaching out! We\u2019ll get back to you soon.";
/**
 * How long a browser fill may wait for the page, the form and the way home: the benchmark runs
 * on a shared machine, where five pages loading at once at a load of 25 took over 30 s.
 */
const FILL_TIMEOUT_MS = 120_000;
const FIREFOX_PATH = process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr";
const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";

export const SPAM_BROWSERS = ["chromium", "firefox", "webkit"] as const;
export type SpamBrowser = (typeof SPAM_BROWSERS)[number];

export interface SpamBenchOptions {
  /** People a browser (the issue's figure is 50). */
  people: number;
  /** Where the site listens; 0: any free port. */
  port: number;
  browsers: readonly SpamBrowser[];
  /** Send the bots first (false: the people alone; 50 people in Firefox or WebKit take a quarter of an hour on a busy machine, so two engines may run side by side). */
  bots: boolean;
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

function spread(values: readonly number[]): string {
  if (values.length === 0) return "none";
  return `min ${Math.round(Math.min(...values))}, median ${Math.round(median(values))}, max ${Math.round(Math.max(...values))} ms`;
}

/** A browser fill that did not finish (a timeout on a busy machine): the row counts it as not sent through. */
interface FailedFill {
  failed: string;
}

/** Runs one fill; a failure becomes a value, so one slow page is a line of the report, not the end of it. */
function attempt(fill: Promise<FilledForm>): Promise<FilledForm | FailedFill> {
  return fill.catch((error: unknown) => ({ failed: String(error).split("\n")[0]! }));
}

/** The fills that finished, and a note on those that did not. */
function finished(sender: string, results: readonly (FilledForm | FailedFill)[], notes: string[]): FilledForm[] {
  const failed = results.filter((result): result is FailedFill => "failed" in result);
  if (failed.length > 0) notes.push(`${sender}: ${failed.length} of ${results.length} fills did not finish (first: ${failed[0]!.failed}).`);
  return results.filter((result): result is FilledForm => !("failed" in result));
}

const fillTimes = (fills: readonly FilledForm[]) => fills.map((fill) => fill.payload.fill_time_ms).filter((ms): ms is number => typeof ms === "number");

const fillActions = (fills: readonly FilledForm[]) =>
  fills.map((fill) => fill.payload.fill_actions).filter((count): count is number => typeof count === "number");

function countSpread(values: readonly number[]): string {
  if (values.length === 0) return "none sent";
  return `min ${Math.min(...values)}, median ${median(values)}, max ${Math.max(...values)}`;
}

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

/**
 * One person in Firefox or WebKit, through the cross-engine page (tools/test/engine-page.ts): the
 * same fill as fillEnquiryForm's person, by the fields' names, key by key at a person's pace.
 * Returns the alerts shown.
 */
async function personInEngine(page: EnginePage, email: string): Promise<string[]> {
  await page.open("/connect");
  await waitUntil(page, "the form's Send button", () => document.querySelector("form button[type=submit]:not([disabled])") !== null, 30_000);
  await sleep(PERSON.pauseMs);
  const typeSlowly = async (selector: string, text: string) => {
    await page.click(selector);
    for (const key of text) {
      await page.type(selector, key);
      await sleep(PERSON.keyDelayMs);
    }
  };
  for (const [name, text] of [
    ["firstName", "Asha"],
    ["lastName", "Verma"],
    ["email", email],
    ["phoneNumber", "9876543210"],
  ] as const)
    await typeSlowly(`input[name=${name}]`, text);
  await page.select("select[name=subject]", "Course enquiry");
  await typeSlowly("textarea[name=message]", "About the next batch.");
  await page.click("form button[type=submit]");
  const thanks = await page.acceptAlert(30_000);
  await waitUntil(page, "the way home", () => location.pathname === "/", 30_000);
  return [thanks];
}

/**
 * People one after another in one page of the engine's browser, its storage cleared between them
 * as a new visitor's would be: WebKitWebDriver drives one session at a time, and Firefox holds back
 * the timers and alerts of any tab but the front one, so pages side by side would measure its
 * throttling, not the form.
 */
async function peopleInEngine(engine: "firefox" | "webkit", url: string, people: number, marker: string, controlPort: number | undefined): Promise<string[][]> {
  const page = await launch(engine, url, { port: controlPort });
  const alerts: string[][] = [];
  try {
    for (let i = 0; i < people; i += 1) {
      alerts.push(await personInEngine(page, `person${i}${marker}`));
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    }
  } finally {
    await page.close();
  }
  return alerts;
}

/** Why a browser cannot run here, or null when it can. */
function missing(browser: SpamBrowser): string | null {
  if (browser === "chromium") return existsSync(chromiumPath()) ? null : `no Chromium at ${chromiumPath()} (apt-get install chromium)`;
  if (browser === "firefox") return existsSync(FIREFOX_PATH) ? null : `no Firefox at ${FIREFOX_PATH} (apt-get install firefox-esr)`;
  const found = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
  if (!found("WebKitWebDriver")) return "no WebKitWebDriver (apt-get install webkit2gtk-driver)";
  if (!found("Xvfb")) return "no Xvfb (apt-get install xvfb)";
  return existsSync(MINIBROWSER_PATH) ? null : `no MiniBrowser at ${MINIBROWSER_PATH} (apt-get install webkit2gtk-driver)`;
}

export async function benchSpam({ people, browsers, port, bots }: SpamBenchOptions): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "nexa-bench-spam-"));
  const dbPath = join(work, "enquiries.db");
  console.log(
    `Spam benchmark: the built site and API (npm start, SQLite), Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)} at the start.`,
  );
  const { url, child } = await startSite(dbPath, port === 0 ? await freePort() : port);
  const chromiumBrowser: Browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  // Each row is printed when its sender is done, so a benchmark stopped halfway still shows what it measured.
  console.log("\n| Sender | Sent | Answered like an enquiry | Delivered | Held back as spam, by reason |");
  console.log("|---|---:|---:|---:|---|");
  const rows = {
    push(row: Row) {
      console.log(`| ${row.sender} | ${row.sent} | ${row.answered} | **${row.delivered}** | ${row.reasons} |`);
    },
  };
  const notes: string[] = [];
  const outcome = (marker: string) => spamOutcome(dbPath, marker);
  async function sendBots(): Promise<void> {
    const naive = batchMarker("naive");
    const naiveCreated = await postAll(url, (i) => botEnquiry(`bot${i}${naive}`));
    rows.push({ sender: "naive bot (the six fields, no form)", sent: BOT_POSTS, answered: naiveCreated, ...summary(outcome(naive)) });

    const replay = batchMarker("replay");
    const [real] = await fillInBatches(
      chromiumBrowser,
      1,
      1,
      (page) => fillEnquiryForm(page, `person${replay}`, { keyDelayMs: 20, pauseMs: 1_500 }, FILL_TIMEOUT_MS),
      { baseURL: url },
    );
    const { form_token, altcha, fill_time_ms, fill_actions } = real!.payload;
    const replayCreated = await postAll(url, (i) => ({ ...botEnquiry(`bot${i}${replay}`), form_token, altcha, fill_time_ms, fill_actions }));
    const replayed = outcome(replay);
    // The person's own enquiry is the one delivered; the bot's posts are the rest.
    rows.push({
      sender: "bot replaying a real form's token, fill time, fill actions and proof of work",
      sent: BOT_POSTS,
      answered: replayCreated,
      ...summary({ ...replayed, delivered: replayed.delivered - 1 }),
    });

    for (const [filler, sender] of [
      ["page-script", "headless Chromium, one script filling the real form"],
      ["playwright-steps", "headless Chromium, Playwright filling field by field"],
    ] as const) {
      const marker = batchMarker(filler);
      const results = await fillInBatches(
        chromiumBrowser,
        BROWSER_BOT_FILLS,
        AT_ONCE,
        (page, i) => attempt(fillEnquiryForm(page, `bot${i}${marker}`, filler, FILL_TIMEOUT_MS)),
        { baseURL: url },
      );
      const fills = finished(sender, results, notes);
      rows.push({ sender, sent: BROWSER_BOT_FILLS, answered: fills.filter((fill) => fill.alerts.join() === THANKS).length, ...summary(outcome(marker)) });
      notes.push(`${sender}: fill time as the form measured it, ${spread(fillTimes(fills))}; hand actions counted, ${countSpread(fillActions(fills))}.`);
    }
  }

  async function sendPeople(): Promise<void> {
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
          const results = await fillInBatches(
            chromiumBrowser,
            people,
            AT_ONCE,
            (page, i) => attempt(fillEnquiryForm(page, `person${i}${marker}`, PERSON, FILL_TIMEOUT_MS)),
            { baseURL: url },
          );
          const fills = finished("people in Chromium", results, notes);
          thanked = fills.filter((fill) => fill.alerts.join() === THANKS).length;
          notes.push(
            `people in Chromium: fill time ${spread(fillTimes(fills))}; hand actions counted, ${countSpread(fillActions(fills))}; proof of work in the form's worker ${spread(solveTimes(fills))}.`,
          );
        } else {
          // Beside the site's port when one was given (Firefox's BiDi, WebKitWebDriver: one at a time).
          const alerts = await peopleInEngine(browser, url, people, marker, port === 0 ? undefined : port + 1);
          thanked = alerts.filter((shown) => shown.join() === THANKS).length;
        }
      } catch (error) {
        // One browser's failure is a line of the report, not the end of the others' figures.
        notes.push(`people in ${browser}: stopped by ${String(error).split("\n")[0]}; the row counts the people sent before it.`);
        thanked = NaN;
      }
      rows.push({ sender: `people at a person's pace, ${browser}`, sent: people, answered: thanked, ...summary(outcome(marker)) });
    }
  }

  try {
    if (bots) await sendBots();
    await sendPeople();
  } finally {
    await chromiumBrowser.close();
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`\n${notes.map((note) => `- ${note}`).join("\n")}`);
  console.log(`\nGoal: 0 delivered for every bot; every person delivered (held back: the reasons column). Load ${loadavg()[0]!.toFixed(1)} at the end.`);
}

function summary(outcome: ReturnType<typeof spamOutcome>): { delivered: number; reasons: string } {
  return { delivered: outcome.delivered, reasons: reasonsText(outcome.reasons) };
}
