import { chromium, type Page } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { makeScaledSite } from "./bench-scale.ts";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { readOptions, usageError } from "../../src/cli/options.ts";
import { median } from "./median.ts";

/**
 * npm run bench:editor: the browser editor in Chromium, on throwaway copies of the site at
 * today's size and at 1,000 pages. For each, prints the time from a keystroke to its problem
 * shown in the problem list, and from a keystroke to the preview drawing it (medians and the
 * slowest of --runs keystrokes). Figures, never a failure.
 */
const USAGE = "usage: npm run bench:editor [-- --pages 0,1000] [--runs 10] [--port 4404]   (0 = the site as it is)";
const { values } = readOptions(
  { pages: { type: "string", default: "0,1000" }, runs: { type: "string", default: "10" }, port: { type: "string", default: "4404" } },
  USAGE,
);
const sizes = values.pages.split(",").map(Number);
const runs = Number(values.runs);
const port = Number(values.port);
if (sizes.some((n) => !Number.isInteger(n) || n < 0) || !Number.isInteger(runs) || runs < 1)
  usageError(USAGE, "--pages takes whole numbers separated by commas, --runs a whole number from 1");
const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
const FILE = "site/industries/health.yaml";

function startEditor(root: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [join(projectRoot, "node_modules", "tsx", "dist", "cli.mjs"), join(projectRoot, "src", "cli", "edit.ts"), "--root", root],
    {
      env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("open http")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`the editor stopped (exit code ${code})`)));
  });
}

/** The preview's main heading. */
const previewHeading = () => document.querySelector("iframe")?.contentDocument?.querySelector("h1")?.textContent ?? "";
/** The problem list shows at least one problem. */
const problemShown = () => !!document.querySelector(".problems li") && document.querySelector(".problems h3")?.textContent !== "No problems";
const noProblem = () => document.querySelector(".problems h3")?.textContent === "No problems";

/**
 * Type at the end of a line, and time until `done` holds in the page. The conditions are functions,
 * not strings: the editor's CSP has no 'unsafe-eval', so a condition given as text cannot run there.
 */
async function timeKeystroke(page: Page, key: string, done: (expected: string) => boolean, expected = ""): Promise<number> {
  const started = performance.now();
  await page.keyboard.press(key);
  await page.waitForFunction(done, expected, { polling: "raf", timeout: 30_000 });
  return performance.now() - started;
}

async function measure(root: string): Promise<{ problems: number[]; preview: number[] }> {
  const editor = await startEditor(root);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS] });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`http://127.0.0.1:${port}/admin/?page=${FILE}`);
    await page.waitForFunction(() => (document.querySelector("iframe")?.contentDocument?.querySelector("h1")?.textContent ?? "").length > 0, undefined, {
      timeout: 60_000,
    });
    // The cursor goes to the end of the hero's heading: typing there changes the preview's h1.
    const line = page
      .locator(".cm-line")
      .filter({ hasText: /^ {4}heading: / })
      .first();
    await line.click();
    await page.keyboard.press("End");
    const problems: number[] = [];
    const preview: number[] = [];
    for (let i = 0; i < runs; i++) {
      const before = await page.evaluate(previewHeading);
      preview.push(
        await timeKeystroke(
          page,
          "x",
          (expected) => (document.querySelector("iframe")?.contentDocument?.querySelector("h1")?.textContent ?? "") === expected,
          `${before}x`,
        ),
      );
      // A colon at the end makes the heading's text a field of its own: a problem at this line.
      problems.push(await timeKeystroke(page, ":", problemShown));
      await page.keyboard.press("Backspace");
      await page.waitForFunction(noProblem, undefined, { timeout: 30_000 });
    }
    return { problems, preview };
  } finally {
    await browser.close();
    // Waited for: the editor writes its check store as it stops, and the copy is removed next.
    const exited = new Promise((resolve) => editor.once("exit", resolve));
    editor.kill("SIGTERM");
    await exited;
  }
}

const loadBefore = loadavg()[0]!;
const rows: string[] = [];
for (const size of sizes) {
  const dir = join(projectRoot, ".tmp", "bench-editor", String(size));
  const { pages } = makeScaledSite(dir, size);
  const { problems, preview } = await measure(dir);
  rows.push(
    `| ${pages} | ${median(problems).toFixed(0)} ms | ${Math.max(...problems).toFixed(0)} ms | ${median(preview).toFixed(0)} ms | ${Math.max(...preview).toFixed(0)} ms |`,
  );
  rmSync(dir, { recursive: true, force: true });
}
// Other work on the machine lengthens every figure: the load average says how busy it was.
console.log(
  `Browser editor, ${runs} keystrokes each (keystroke → problem shown; keystroke → preview drawn); load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after:`,
);
console.log("| pages | problem shown, median | slowest | preview drawn, median | slowest |");
console.log("|---|---|---|---|---|");
for (const row of rows) console.log(row);
