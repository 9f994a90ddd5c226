// `npm run bench:api -- --spam`: the spam defences against the bots of the field, through the
// real server (`npm start`: the built site and the API, SQLite, rate limit off so every post
// is judged) and the real form in Debian's Chromium. Prints, for each bot, how many of its
// posts reached the staff (goal 0), how many people's enquiries were held back (goal 0), and
// how long the proof of work took in the browser's worker. Prints figures; asserts nothing
// about speed. tests/e2e/spam.spec.ts checks the same counts in `npm test`.
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "@playwright/test";
import BetterSqlite3 from "better-sqlite3";

const PROJECT = fileURLToPath(new URL("../..", import.meta.url));
const LAUNCHER = join(PROJECT, "src", "cli", "launch.mjs");
const ENQUIRY_PATH = "/api/v1/enquiries/";
const BOT_POSTS = 1_000;
const BROWSER_BOT_FILLS = 20;
const PEOPLE = 10;

interface Outcome {
  bot: string;
  posts: number;
  answered201: number;
  delivered: number;
  reasons: string;
}

function startSite(dbPath: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [LAUNCHER, "start"], {
    cwd: PROJECT,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", ENQUIRY_DB: dbPath, ENQUIRY_RATE_LIMIT: "0", LOG_LEVEL: "warn", NODE_ENV: "production" },
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

function outcomeOf(dbPath: string, marker: string): { delivered: number; reasons: string } {
  const db = new BetterSqlite3(dbPath, { readonly: true });
  try {
    const rows = db.prepare("SELECT spam_reasons FROM enquiries WHERE email LIKE ?").all(`%${marker}`) as { spam_reasons: string | null }[];
    const counts = new Map<string, number>();
    for (const row of rows) for (const reason of row.spam_reasons === null ? [] : (JSON.parse(row.spam_reasons) as string[])) counts.set(reason, (counts.get(reason) ?? 0) + 1);
    return { delivered: rows.filter((row) => row.spam_reasons === null).length, reasons: [...counts].map(([reason, n]) => `${reason} ${n}`).join(", ") || "—" };
  } finally {
    db.close();
  }
}

const enquiry = (email: string) => ({
  first_name: "Bot",
  last_name: "Botson",
  email,
  phone: "+919876543210",
  subject: "Course enquiry",
  message: "Cheap followers at https://promo.example",
});

async function postAll(url: string, bodies: (i: number) => object): Promise<number> {
  let ok = 0;
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
    ok += statuses.filter((status) => status === 201).length;
  }
  return ok;
}

/** Fills the form in the page; `pace` null is a bot (all at once), else a person's typing. Returns the payload sent. */
async function fill(page: Page, email: string, pace: { keyDelayMs: number; pauseMs: number } | null): Promise<Record<string, unknown>> {
  let sent: Record<string, unknown> = {};
  page.on("dialog", (dialog) => void dialog.accept());
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith(ENQUIRY_PATH)) sent = request.postDataJSON() as Record<string, unknown>;
  });
  await page.goto("/connect");
  await page.waitForFunction(() => !document.querySelector("button[type=submit]")?.hasAttribute("disabled"));
  const type = async (label: string, text: string) => {
    const input = page.getByLabel(label, { exact: true });
    if (pace === null) return input.fill(text);
    await input.click();
    await input.pressSequentially(text, { delay: pace.keyDelayMs });
  };
  if (pace) await page.waitForTimeout(pace.pauseMs);
  await type("First name", "Asha");
  await type("Last name", "Verma");
  await type("Email", email);
  await type("Phone number", "9876543210");
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Course enquiry" });
  await page.getByRole("button", { name: "Submit" }).click();
  await page.waitForURL(/\/$/, { timeout: 30_000 });
  return sent;
}

async function inPages(browser: Browser, url: string, count: number, atOnce: number, run: (page: Page, i: number) => Promise<void>) {
  for (let start = 0; start < count; start += atOnce) {
    const context = await browser.newContext({ baseURL: url });
    await Promise.all(
      Array.from({ length: Math.min(atOnce, count - start) }, async (_, k) => {
        const page = await context.newPage();
        await run(page, start + k);
      }),
    );
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

export async function benchSpam(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "nexa-bench-spam-"));
  const dbPath = join(work, "enquiries.db");
  console.log(`Spam benchmark: the built site and API (npm start, SQLite), Chromium at /usr/bin/chromium, Node ${process.version}, ${cpus().length} CPUs.`);
  const { url, child } = await startSite(dbPath);
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
  const outcomes: Outcome[] = [];
  const solveTimes: number[] = [];
  try {
    const naive = `@naive-${randomUUID().slice(0, 8)}.example`;
    const naiveOk = await postAll(url, (i) => enquiry(`bot${i}${naive}`));
    outcomes.push({ bot: "naive bot (the six fields, no form)", posts: BOT_POSTS, answered201: naiveOk, ...outcomeOf(dbPath, naive) });

    const replay = `@replay-${randomUUID().slice(0, 8)}.example`;
    const page = await browser.newPage({ baseURL: url });
    const real = await fill(page, `person${replay}`, { keyDelayMs: 20, pauseMs: 1_500 });
    await page.close();
    const replayOk = await postAll(url, (i) => ({ ...enquiry(`bot${i}${replay}`), form_token: real.form_token, altcha: real.altcha }));
    const replayed = outcomeOf(dbPath, replay);
    // The person's own enquiry is delivered; the bot's posts are the rest.
    outcomes.push({ bot: "bot replaying a real form's token and proof of work", posts: BOT_POSTS, answered201: replayOk, delivered: replayed.delivered - 1, reasons: replayed.reasons });

    const fast = `@fast-${randomUUID().slice(0, 8)}.example`;
    await inPages(browser, url, BROWSER_BOT_FILLS, 5, async (p, i) => void (await fill(p, `bot${i}${fast}`, null)));
    outcomes.push({ bot: "headless Chromium filling the real form in under a second", posts: BROWSER_BOT_FILLS, answered201: BROWSER_BOT_FILLS, ...outcomeOf(dbPath, fast) });

    const people = `@people-${randomUUID().slice(0, 8)}.example`;
    await inPages(browser, url, PEOPLE, 5, async (p, i) => {
      const sent = await fill(p, `person${i}${people}`, { keyDelayMs: 30, pauseMs: 1_000 });
      const solution = (JSON.parse(atob(String(sent.altcha))) as { solution: { time?: number } }).solution;
      if (typeof solution.time === "number") solveTimes.push(solution.time);
    });
    const peopleOutcome = outcomeOf(dbPath, people);
    console.log("\n| Sender | Posts | Answered 201 | Delivered | Held back as spam, by reason |");
    console.log("|---|---:|---:|---:|---|");
    for (const o of outcomes) console.log(`| ${o.bot} | ${o.posts} | ${o.answered201} | **${o.delivered}** | ${o.reasons} |`);
    console.log(`| people at a person's pace (Chromium) | ${PEOPLE} | ${PEOPLE} | **${peopleOutcome.delivered}** | ${peopleOutcome.reasons} |`);
    console.log(
      `\nProof of work in Chromium's worker (${solveTimes.length} solves): median ${Math.round(median(solveTimes))} ms, max ${Math.round(Math.max(...solveTimes))} ms.`,
    );
  } finally {
    await browser.close();
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(work, { recursive: true, force: true });
  }
}
