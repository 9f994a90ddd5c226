// `npm run bench:dev`: how `npm run dev` feels as the site grows. For each size it makes a
// throwaway copy of the project (as bench:scale does), starts Vite's dev server in it and
// Chromium against it, and measures:
//   cold start: from starting the server to the first page's heading drawn in the browser;
//   save → shown: from writing a new heading into site/legal-privacy.yaml to the open page
//                 showing it, medians of --saves saves, and how many of them reloaded the
//                 document (a saved page file is drawn in place over Vite's HMR channel).
// Times are printed, never asserted.
//   --pages 80,1000   the sizes (default)
//   --saves 5         saves timed per size
//   --port 4611       the dev server's port (127.0.0.1)
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { isEntryPoint, readArgs, usageError } from "../../src/cli/options.ts";
import { makeScaledSite } from "./bench-scale.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const PAGE = "site/legal-privacy.yaml";
const HEADING = "    heading: Privacy Policy";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function startDev(dir: string, port: number): ChildProcess {
  return spawn(process.execPath, [join(projectRoot, "node_modules", "vite", "bin", "vite.js"), "--port", String(port), "--strictPort"], {
    cwd: dir,
    stdio: "ignore",
  });
}

async function measure(
  pages: number,
  saves: number,
  port: number,
): Promise<{ pages: number; coldMs: number; saveMs: number; saveAll: number[]; reloads: number }> {
  const dir = join(projectRoot, ".tmp", `dev-${pages}`);
  const made = makeScaledSite(dir, pages);
  const browser = await puppeteer.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  const started = performance.now();
  const server = startDev(dir, port);
  try {
    const page = await browser.newPage();
    const url = `http://127.0.0.1:${port}/legal-privacy`;
    for (;;) {
      try {
        await page.goto(url, { waitUntil: "domcontentloaded", timeout: 60_000 });
        break;
      } catch {
        // The server is not listening yet.
        await new Promise((r) => setTimeout(r, 25));
      }
    }
    await page
      .waitForFunction(() => document.querySelector("h1")?.textContent === "Privacy Policy", { timeout: 120_000, polling: 10 })
      .catch(async (error: unknown) => {
        throw new Error(
          `the first page never showed its heading (${String(error)}); the page shows: ${(await page.evaluate(() => document.body.innerText)).slice(0, 300)}`,
        );
      });
    const coldMs = performance.now() - started;
    const original = readFileSync(join(dir, PAGE), "utf8");
    const saveAll: number[] = [];
    let reloads = 0;
    page.on("framenavigated", (frame) => void (frame === page.mainFrame() && reloads++));
    for (let i = 1; i <= saves; i++) {
      const heading = `Privacy Policy ${i}`;
      const saved = performance.now();
      writeFileSync(join(dir, PAGE), original.replace(HEADING, `    heading: ${heading}`));
      await page.waitForFunction((h) => document.querySelector("h1")?.textContent === h, { timeout: 120_000, polling: 10 }, heading);
      saveAll.push(performance.now() - saved);
      // Let the reload settle before the next save.
      await new Promise((r) => setTimeout(r, 300));
    }
    return { pages: made.pages, coldMs, saveMs: median(saveAll), saveAll, reloads };
  } finally {
    await browser.close();
    server.kill();
    await new Promise((r) => server.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
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
    console.log(
      `${r.pages} pages: cold start to first page ${(r.coldMs / 1000).toFixed(2)} s; save → shown median ${Math.round(r.saveMs)} ms (${r.saveAll.map(Math.round).join(", ")}), ${r.reloads} of ${saves} reloaded the page; load average ${loadavg()
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
