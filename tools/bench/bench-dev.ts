// `npm run bench:dev`: how `npm run dev` feels as the site grows. For each size it makes a
// throwaway copy of the project (as bench:scale does), starts Vite's dev server in it and
// Chromium against it, and measures:
//   first start: from starting the server to the first page's heading drawn in the browser, in
//                a checkout where `npm install` compiled the commands and pre-bundled the dev
//                server's dependencies, and no dev server or build has run yet (no content
//                checks kept);
//   next start:  the same once the first start kept its checks (.builds/cache), as every later
//                `npm run dev` finds them; each start with where its time went: the server
//                listening, the page's HTML received, its modules run (DOMContentLoaded);
//   save → shown: from writing a new heading into site/legal-privacy.yaml to the open page
//                 showing it, medians of --saves saves, and how many of them reloaded the
//                 document (a saved page file is drawn in place over Vite's HMR channel).
// Times are printed, never asserted.
//   --pages 80,1000   the sizes (default)
//   --saves 5         saves timed per size
//   --port 4611       the dev server's port (127.0.0.1)
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { loadavg } from "node:os";
import { join } from "node:path";
import { stripVTControlCharacters } from "node:util";
import { fileURLToPath } from "node:url";
import puppeteer, { type Browser, type Frame, type Page } from "puppeteer-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { isEntryPoint, readArgs, usageError } from "../../src/cli/options.ts";
import { contentChecksStore } from "../../src/build/publish.ts";
import { compileCommands, makeScaledSite } from "./bench-scale.ts";
import { measureNodeStart, nodeStartText } from "./node-start.ts";
import { procStat, type ProcStat } from "./proc-stat.ts";
import { median } from "./median.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const PAGE = "site/legal-privacy.yaml";
const HEADING = "    heading: Privacy Policy";

/** A dev server started by the bench, with what it printed so far. */
interface Started {
  child: ChildProcess;
  output: () => string;
  /** Resolves once the server printed its address (it listens then); rejects if it stops first. */
  ready: Promise<void>;
}

function startDev(dir: string, port: number): Started {
  // What `npm run dev` runs in the copy.
  const child = spawn(process.execPath, [join(dir, "src", "cli", "launch.mjs"), "dev", "--port", String(port), "--strictPort"], {
    cwd: dir,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (stripVTControlCharacters(output).includes(`Local:   http://127.0.0.1:${port}/`)) resolve();
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", (code) => reject(new Error(`the dev server stopped (exit code ${code}) before it listened on port ${port}: ${output.slice(-600)}`)));
  });
  return { child, output: () => output, ready };
}

/** Whether something accepts a connection on 127.0.0.1:`port` now. */
function accepts(port: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Waits (up to 5 s) until nothing listens on `port`: with a server still there (a left-over dev
 * server among them), the one started next could not listen (--strictPort), and the start would
 * fail with the port's message instead of this one.
 */
async function portFree(port: number): Promise<void> {
  for (let waited = 0; await accepts(port); waited += 100) {
    if (waited >= 5000) throw new Error(`port ${port} is in use by another program: stop it, or pass another --port`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts the dev server in `dir` and times it to the first page's heading drawn in `page`; the
 * server is left running. The page is opened once the server listens, as a person opens the
 * address it prints: a browser that retried the page every 25 ms until then drew an error page
 * each time, on the same two cores the server was starting on.
 */
async function timeStart(dir: string, port: number, page: Page): Promise<{ ms: number; server: ChildProcess; steps: StartSteps }> {
  await portFree(port);
  await browserAtRest(page.browser());
  const started = performance.now();
  const server = startDev(dir, port);
  try {
    return await timeTo(server, started, port, page);
  } catch (error) {
    // A start that fails stops its server, which would otherwise outlive the bench and hold the port.
    await stop(server.child);
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nThe dev server printed: ${server.output().slice(-600)}`, { cause: error });
  }
}

async function timeTo({ child, ready }: Started, started: number, port: number, page: Page): Promise<{ ms: number; server: ChildProcess; steps: StartSteps }> {
  // Its own line, not a connection that succeeds: that proves only that something listens on the port.
  await ready;
  const listened = performance.now();
  await page.goto(`http://127.0.0.1:${port}/legal-privacy`, { waitUntil: "domcontentloaded", timeout: 60_000 });
  await page
    .waitForFunction(() => document.querySelector("h1")?.textContent === "Privacy Policy", { timeout: 120_000, polling: 10 })
    .catch(async (error: unknown) => {
      throw new Error(
        `the first page never showed its heading (${String(error)}); the page shows: ${(await page.evaluate(() => document.body.innerText)).slice(0, 300)}`,
      );
    });
  const ms = performance.now() - started;
  // The page's own clock, from the moment it was asked for: when its HTML had arrived, and when its modules had run (DOMContentLoaded).
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
    return { html: nav.responseEnd, ready: nav.domContentLoadedEventEnd };
  });
  const asked = listened - started;
  return { ms, server: child, steps: { listenMs: asked, htmlMs: asked + timing.html, readyMs: asked + timing.ready } };
}

/** CPU time, in ms, of a process and every process under it (Linux's /proc; 0 elsewhere). */
function treeCpuMs(root: number): number {
  const stats = new Map<number, ProcStat>();
  let pids: string[] = [];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  for (const pid of pids)
    try {
      stats.set(Number(pid), procStat(readFileSync(`/proc/${pid}/stat`, "utf8")));
    } catch {
      // A process that ended meanwhile.
    }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && stats.has(pid) && inTree(stats.get(pid)!.parent));
  let seconds = 0;
  for (const [pid, { cpuSeconds }] of stats) if (inTree(pid)) seconds += cpuSeconds;
  return seconds * 1000;
}

/**
 * Waits until the browser is at rest: under 10 % of a core for 300 ms (at most 10 s). Chromium
 * goes on starting for about 0.75 s after it reports ready and after a new tab opens (about
 * 0.8 s of CPU on this two-core machine), so a start timed at once shared the cores with it: the
 * first start, which came right after the launch, read up to half a second slower than the
 * next. A developer's browser is open before they start the server.
 */
async function browserAtRest(browser: Browser): Promise<void> {
  const pid = browser.process()?.pid;
  if (pid === undefined) return;
  let last = treeCpuMs(pid);
  for (let waited = 0; waited < 10_000; waited += 300) {
    await new Promise((r) => setTimeout(r, 300));
    const now = treeCpuMs(pid);
    if (now - last < 30) return;
    last = now;
  }
}

/** Where a start's time went, from the start of the server: listening, the first page's HTML received, its modules run. */
interface StartSteps {
  listenMs: number;
  htmlMs: number;
  readyMs: number;
}

const stepsText = (s: StartSteps) =>
  `listening ${(s.listenMs / 1000).toFixed(2)} s, HTML ${(s.htmlMs / 1000).toFixed(2)} s, modules run ${(s.readyMs / 1000).toFixed(2)} s`;

async function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  server.kill();
  await new Promise((r) => server.once("exit", r));
}

interface DevFigures {
  pages: number;
  /** A checkout's first start: no content checks kept from an earlier run. */
  firstMs: number;
  firstSteps: StartSteps;
  /** The next start, with the checks the first one kept (.builds/cache). */
  againMs: number;
  againSteps: StartSteps;
  saveMs: number;
  saveAll: number[];
  reloads: number;
}

async function measure(pages: number, saves: number, port: number): Promise<DevFigures> {
  const dir = join(projectRoot, ".tmp", `dev-${pages}`);
  const made = makeScaledSite(dir, pages);
  // As in any checkout after `npm install`, whose `prepare` step compiles them (with the content
  // validators, which the dev server would otherwise compile from the schemas at its first page).
  await compileCommands(dir);
  const browser = await puppeteer.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  let server: ChildProcess | null = null;
  try {
    const page = await browser.newPage();
    const first = await timeStart(dir, port, page);
    server = first.server;
    const original = readFileSync(join(dir, PAGE), "utf8");
    const saveAll: number[] = [];
    let reloads = 0;
    const countReload = (frame: Frame) => void (frame === page.mainFrame() && reloads++);
    page.on("framenavigated", countReload);
    for (let i = 1; i <= saves; i++) {
      const heading = `Privacy Policy ${i}`;
      const saved = performance.now();
      writeFileSync(join(dir, PAGE), original.replace(HEADING, `    heading: ${heading}`));
      await page.waitForFunction((h) => document.querySelector("h1")?.textContent === h, { timeout: 120_000, polling: 10 }, heading);
      saveAll.push(performance.now() - saved);
      // Let the reload settle before the next save.
      await new Promise((r) => setTimeout(r, 300));
    }
    page.off("framenavigated", countReload);
    writeFileSync(join(dir, PAGE), original);
    // The dev server keeps its checks once they pause (2 s after its cold start); then a second start.
    const store = contentChecksStore(dir);
    for (let waited = 0; !existsSync(store); waited += 100) {
      if (waited > 20_000) throw new Error(`the dev server never wrote its checks to ${store}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await stop(server);
    await page.goto("about:blank");
    const again = await timeStart(dir, port, page);
    server = again.server;
    return {
      pages: made.pages,
      firstMs: first.ms,
      firstSteps: first.steps,
      againMs: again.ms,
      againSteps: again.steps,
      saveMs: median(saveAll),
      saveAll,
      reloads,
    };
  } finally {
    // The server first: a browser that fails to close must not leave it running, on the port, over a deleted copy.
    try {
      if (server) await stop(server);
    } finally {
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

async function main() {
  const usage = "usage: npm run bench:dev [-- --pages 80,1000] [--saves 5] [--port 4611]";
  const { values } = readArgs(
    { pages: { type: "string", default: "80,1000" }, saves: { type: "string", default: "5" }, port: { type: "string", default: "4611" } },
    usage,
  );
  const sizes = values.pages.split(",").map(Number);
  const saves = Number(values.saves);
  const port = Number(values.port);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) usageError(usage, "--pages takes whole numbers separated by commas, e.g. 80,1000");
  if (!Number.isInteger(saves) || saves < 1) usageError(usage, "--saves takes a whole number");
  for (const pages of sizes) {
    const r = await measure(pages, saves, port);
    // Each start begins with node's own, timed in the same minutes.
    const nodeStart = nodeStartText(measureNodeStart());
    console.log(
      `${r.pages} pages: first start to first page ${(r.firstMs / 1000).toFixed(2)} s (${stepsText(r.firstSteps)}), next start ${(r.againMs / 1000).toFixed(2)} s (${stepsText(r.againSteps)}); save → shown median ${Math.round(r.saveMs)} ms (${r.saveAll.map(Math.round).join(", ")}), ${r.reloads} of ${saves} reloaded the page; ${nodeStart}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
  }
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
