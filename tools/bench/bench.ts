// `npm run bench`: how long the build takes and how fast the built site is. It prints figures and
// writes them to docs/bench-<date>.json and .md; it never fails on a time (speeds are not asserted).
//   --runs N   Lighthouse runs per page and form factor (default 3; the median by performance is kept)
//   --no-build measure the dist/ that is there instead of building first
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig } from "lighthouse";
import type { Result as LighthouseResult } from "lighthouse";
import { loadSiteContent } from "../../src/content/site.ts";
import { firstViewOnPhone, type FirstView } from "../measure/first-view.ts";
import { routeSizes } from "../measure/size.ts";
import { readArgs, usageError, wholeNumber } from "../../src/cli/options.ts";
import { freePort } from "../test/free-port.ts";
import { CHROMIUM_ARGS, chromiumPath } from "../../src/build/chromium.ts";
import { median } from "./median.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const CHROMIUM = chromiumPath();
// chrome-launcher starts a visible browser unless told otherwise; Playwright adds --headless itself.
const CHROME_FLAGS = ["--headless", ...CHROMIUM_ARGS];
const PAGES = ["/", "/industries/details", "/industries/agriculture", "/courses/normal-course", "/connect"];
/** The budget of the home page's first view on a phone (a slow mobile connection pays for every byte), before any interaction, in bytes over the wire. */
const FIRST_VIEW_TARGET = 150 * 1024;
const TARGETS = { mobilePerformance: 98, otherCategories: 100, cls: 0 };

const USAGE = "usage: npm run bench [-- --runs N] [--no-build]";
const { values: options, positionals } = readArgs({ runs: { type: "string", default: "3" }, "no-build": { type: "boolean", default: false } }, USAGE);
if (positionals.length > 0) usageError(USAGE, `unexpected ${positionals[0]}`);
const runs = wholeNumber(options.runs, "runs", USAGE);
const skipBuild = options["no-build"];
const today = new Date();
const date = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
const tmp = join(root, ".tmp", `bench-${process.pid}`);
mkdirSync(tmp, { recursive: true });

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// ── Build, with its phases (src/cli/build.ts writes them to BUILD_TIMINGS_FILE) ─────────────
function timedBuild(): Record<string, number> | null {
  if (skipBuild) return null;
  const timings = join(tmp, "build.json");
  const started = performance.now();
  const result = spawnSync(process.execPath, ["src/cli/launch.mjs", "build"], {
    cwd: root,
    env: { ...process.env, BUILD_TIMINGS_FILE: timings },
    stdio: "inherit",
  });
  const wall = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error("npm run build failed; nothing to measure.");
  const phases = JSON.parse(readFileSync(timings, "utf8")) as Record<string, number>;
  return Object.fromEntries(Object.entries({ ...phases, "wall clock (with node's start-up)": wall }).map(([k, v]) => [k, Math.round(v * 100) / 100]));
}

// ── Validation of every file, in process (what `npm run validate` and the build run) ────────
function timedValidation() {
  const times: number[] = [];
  let files = 0;
  let problems = 0;
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const content = loadSiteContent(root);
    times.push(performance.now() - started);
    files = content.filesChecked;
    problems = content.problems.length;
  }
  // The command as `npm run validate` runs it (compiled JavaScript, precompiled validators); the
  // fastest of five runs is the one least slowed by other work on the machine.
  spawnSync(process.execPath, ["src/cli/launch.mjs", "--build"], { cwd: root, stdio: "ignore" });
  const cliTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    spawnSync(process.execPath, ["src/cli/launch.mjs", "validate"], { cwd: root, stdio: "ignore" });
    cliTimes.push(performance.now() - started);
  }
  return {
    files,
    problems,
    firstRunMs: Math.round(times[0]!),
    medianMs: Math.round(median(times.slice(1))),
    cliWallMs: Math.round(Math.min(...cliTimes)),
  };
}

// ── Bytes per route: initial JS and CSS (gzip, tools/measure/size.ts) and the pictures its HTML names ──
function imageBytes(route: string): number {
  const file = route === "/" ? join(root, "dist", "index.html") : join(root, "dist", route.slice(1), "index.html");
  const html = readFileSync(file, "utf8");
  const srcs = new Set([...html.matchAll(/<(?:img[^>]*\ssrc|video[^>]*\sposter)="(\/[^"]+)"/g)].map((m) => m[1]!));
  let total = 0;
  for (const src of srcs) {
    try {
      total += statSync(join(root, "dist", decodeURI(src))).size;
    } catch {
      // A missing file is the link checker's business, not the benchmark's.
    }
  }
  return total;
}

// ── Lighthouse against `npm start` on a free port ────────────────────────────────────────────

async function startSite(port: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/start.ts"], {
    cwd: root,
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ENQUIRY_DB: join(tmp, "enquiries.db"), LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("nexa site and API on")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`npm start exited (${code}) before it listened:\n${out}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

type FormFactor = "mobile" | "desktop";
interface PageScore {
  page: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Audits that did not pass in the kept run: id, title and what Lighthouse shows. */
  flagged: string[];
}

/** The metrics themselves are in the table; the list of what Lighthouse flags is for the rest. */
const METRIC_AUDITS = new Set([
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "max-potential-fid",
  "interactive",
  "speed-index",
  "cumulative-layout-shift",
]);

/** Why a diagnostic that remains is left as it is. */
const WHY_LEFT: Record<string, string> = {
  "render-blocking-resources":
    "the one stylesheet (about 6.5 KB gzip) blocks the first paint; inlining it would need `style-src 'unsafe-inline'` or a hash in the CSP, and the policy allows neither",
  "render-blocking-insight": "the same stylesheet",
  "unused-javascript":
    "most of it is react-dom code that hydration does not run on this page; the entry is within its budget and splitting React is not worth a second request",
  "uses-long-cache-ttl":
    "pictures and videos keep their own names (no content hash), so they get an hour of cache; hashed files under /assets/ are cached for a year",
  "cache-insight": "the same cache lifetimes",
  "image-delivery-insight":
    "the service-card posters are 480×320 WebPs of about 5 KB shown at about 300×200 in the four-column desktop grid; smaller sizes would need a srcset field in the content model",
  "network-dependency-tree-insight": "informational: HTML → entry script, stylesheet and the chunks of the page's blocks (all preloaded), no deeper chain",
  "lcp-discovery-insight":
    "the largest paint is a card picture: in the HTML and not lazy, but without fetchpriority=high (the card cannot know it is the largest)",
  "forced-reflow-insight": "seen in some runs only, on different pages, and with no source named",
};

function score(lhr: LighthouseResult, page: string, formFactor: FormFactor): PageScore {
  const category = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const inCategories = new Set(Object.values(lhr.categories).flatMap((c) => c.auditRefs.map((r) => r.id)));
  const flagged = Object.values(lhr.audits)
    .filter(
      (a) =>
        inCategories.has(a.id) &&
        !METRIC_AUDITS.has(a.id) &&
        a.score !== null &&
        a.score < 1 &&
        ["binary", "numeric", "metricSavings"].includes(a.scoreDisplayMode),
    )
    .map((a) => `${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}`);
  return {
    page,
    formFactor,
    performance: category("performance"),
    accessibility: category("accessibility"),
    bestPractices: category("best-practices"),
    seo: category("seo"),
    lcpMs: Math.round(metric("largest-contentful-paint")),
    cls: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
    tbtMs: Math.round(metric("total-blocking-time")),
    fcpMs: Math.round(metric("first-contentful-paint")),
    flagged,
  };
}

async function lighthouseRun(url: string, page: string, formFactor: FormFactor): Promise<PageScore> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: "silent" });
  try {
    const result = await lighthouse(
      url + page,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility", "best-practices", "seo"] },
      formFactor === "desktop" ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
    if (result.lhr.runtimeError) throw new Error(`${page}: ${result.lhr.runtimeError.message}`);
    return score(result.lhr, page, formFactor);
  } finally {
    chrome.kill();
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is retried, twice at most. */
async function lighthouseRetried(url: string, page: string, formFactor: FormFactor): Promise<PageScore> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(url, page, formFactor);
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`  (retrying ${formFactor} ${page}: ${(error as Error).message.split("\n")[0]})`);
    }
  }
}

async function lighthouseAll(): Promise<{ scores: PageScore[]; firstView: FirstView }> {
  const site = await startSite(await freePort());
  const kept: PageScore[] = [];
  try {
    const firstView = await firstViewOnPhone(`${site.url}/`);
    console.log(
      `  first view of / on a phone: ${kb(firstView.beforeVideo)} before the intro video starts (target ${kb(FIRST_VIEW_TARGET)}), ${kb(firstView.bytes)} with it; largest: ${firstView.files
        .slice(0, 4)
        .map((f) => `${f.path} ${kb(f.bytes)}`)
        .join(", ")}`,
    );
    for (const formFactor of ["mobile", "desktop"] as const) {
      for (const page of PAGES) {
        const all: PageScore[] = [];
        for (let i = 0; i < runs; i++) all.push(await lighthouseRetried(site.url, page, formFactor));
        const byPerformance = [...all].sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
        const chosen = byPerformance[Math.floor(byPerformance.length / 2)]!;
        kept.push(chosen);
        console.log(
          `  ${formFactor.padEnd(7)} ${page.padEnd(26)} perf ${String(chosen.performance).padStart(3)} (runs: ${all.map((r) => r.performance).join(", ")})  a11y ${chosen.accessibility}  bp ${chosen.bestPractices}  seo ${chosen.seo}  LCP ${chosen.lcpMs} ms  CLS ${chosen.cls}  TBT ${chosen.tbtMs} ms`,
        );
      }
    }
    return { scores: kept, firstView };
  } finally {
    await site.stop();
  }
}

// ── Report ───────────────────────────────────────────────────────────────────────────────────
function markdown(report: Report): string {
  const lines: string[] = [];
  const { machine, build, validation, sizes, lighthouse: lh } = report;
  lines.push(`# Benchmark, ${report.date}`, "");
  lines.push(`Written by \`npm run bench\` (tools/bench/bench.ts). Figures, not assertions: budgets on bytes are asserted in`);
  lines.push(`tests/budgets/; times depend on the machine. Machine: ${machine.cpus} × ${machine.cpuModel}, Node ${machine.node},`);
  lines.push(
    `Chromium ${machine.chromium}; load average (1/5/15 min) ${machine.loadAverage.join(" / ")} at the start, ${report.loadAverageAtEnd.join(" / ")} at the end`,
  );
  lines.push("(other work on the machine inflates the times; the bytes and Lighthouse's simulated mobile figures move little).", "");
  lines.push("## Build", "");
  if (build) {
    lines.push("| phase | seconds |", "|---|---:|");
    for (const [phase, s] of Object.entries(build)) lines.push(`| ${phase} | ${s.toFixed(2)} |`);
  } else lines.push("Not measured (`--no-build`).");
  lines.push("", "## Validation of every file", "");
  lines.push(
    `${validation.files} files, ${validation.problems} problems. In process: first run ${validation.firstRunMs} ms (cold), then median ${validation.medianMs} ms; \`npm run validate\` as a command (\`node src/cli/launch.mjs validate\`, fastest of 5): ${validation.cliWallMs} ms.`,
  );
  lines.push("", "## Bytes per route", "");
  lines.push(`Initial JS of /: ${kb(sizes.initialJsOfHome)} gzip (budget in tests/budgets/). All CSS: ${kb(sizes.allCss)} gzip (budget 20 KB).`);
  lines.push(
    "JS and CSS are the gzip (level 9) bytes a route loads before it is interactive; images are the raw bytes of the pictures its HTML names (eager and lazy).",
    "",
  );
  lines.push("| route | JS (gzip) | CSS (gzip) | images |", "|---|---:|---:|---:|");
  for (const r of sizes.routes) lines.push(`| ${r.route} | ${kb(r.js)} | ${kb(r.css)} | ${kb(r.images)} |`);
  lines.push("", "## First view of / on a phone", "");
  lines.push(
    `${kb(report.firstView.beforeVideo)} over the wire until the page is idle and the intro video may start (target ${kb(FIRST_VIEW_TARGET)}); ${kb(report.firstView.bytes)} with the video it then starts. Everything a 375×812 phone fetches until the network has been quiet for 3 s, without any interaction (tools/measure/first-view.ts).`,
    "",
  );
  lines.push("| file | bytes |", "|---|---:|");
  for (const f of report.firstView.files) lines.push(`| ${f.path} | ${kb(f.bytes)} |`);
  lines.push("", "## Lighthouse 12.8", "");
  lines.push(
    `Against \`npm start\` on a free port; default mobile (simulated Moto G Power, slow 4G) and desktop settings; median of ${report.runs} run(s) by performance score.`,
  );
  lines.push(
    `Targets: performance ≥ ${TARGETS.mobilePerformance} on mobile, ${TARGETS.otherCategories} for the other three categories, CLS ${TARGETS.cls}.`,
    "",
  );
  lines.push("| form factor | page | performance | accessibility | best practices | SEO | LCP | CLS | TBT |", "|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const s of lh)
    lines.push(
      `| ${s.formFactor} | ${s.page} | ${s.performance} | ${s.accessibility} | ${s.bestPractices} | ${s.seo} | ${s.lcpMs} ms | ${s.cls} | ${s.tbtMs} ms |`,
    );
  const byAudit = new Map<string, { title: string; where: string[] }>();
  for (const s of lh) {
    for (const f of s.flagged) {
      const [id, ...rest] = f.split(": ");
      const entry = byAudit.get(id!) ?? { title: rest.join(": ").replace(/ \(.*\)$/, ""), where: [] };
      entry.where.push(`${s.formFactor} ${s.page}${/\((.*)\)$/.exec(f) ? ` (${/\((.*)\)$/.exec(f)![1]})` : ""}`);
      byAudit.set(id!, entry);
    }
  }
  lines.push("", "### What Lighthouse still flags, and why it is left", "");
  lines.push("Beyond the metrics in the table (which score below 1 until they reach Lighthouse's ideal values):", "");
  if (byAudit.size === 0) lines.push("Nothing: every other scored audit passes on every page.");
  for (const [id, { title, where }] of byAudit) {
    lines.push(`- **${id}** (${title}): ${where.join(", ")}.${WHY_LEFT[id] ? ` Left: ${WHY_LEFT[id]}.` : ""}`);
  }
  lines.push("");
  return lines.join("\n");
}

interface Report {
  date: string;
  runs: number;
  machine: { cpus: number; cpuModel: string; node: string; chromium: string; loadAverage: number[] };
  build: Record<string, number> | null;
  validation: ReturnType<typeof timedValidation>;
  sizes: { initialJsOfHome: number; allCss: number; routes: { route: string; js: number; css: number; images: number }[] };
  firstView: FirstView;
  lighthouse: PageScore[];
  targets: typeof TARGETS;
  loadAverageAtEnd: number[];
}

const machine = {
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model.trim() ?? "unknown",
  node: process.version,
  chromium:
    spawnSync(CHROMIUM, ["--version"], { encoding: "utf8" })
      .stdout.replace(/^Chromium\s*/, "")
      .split(" ")[0] ?? "unknown",
  loadAverage: loadavg().map((n) => Math.round(n * 100) / 100),
};

try {
  console.log("== build");
  const build = timedBuild();
  if (build) for (const [phase, s] of Object.entries(build)) console.log(`  ${phase.padEnd(32)} ${s.toFixed(2)} s`);

  console.log("== validation of every file");
  const validation = timedValidation();
  console.log(
    `  ${validation.files} files: first ${validation.firstRunMs} ms, then median ${validation.medianMs} ms in process; ${validation.cliWallMs} ms as a command`,
  );

  console.log("== bytes per route");
  const routes = routeSizes().map((r) => ({ route: r.route, js: r.js, css: r.css, images: imageBytes(r.route) }));
  const home = routes.find((r) => r.route === "/")!;
  const allCss = new Set(routeSizes().flatMap((r) => r.files.filter((f) => f.endsWith(".css"))));
  const cssBytes = [...allCss].reduce((n, f) => n + gzipSync(readFileSync(join(root, "dist", f)), { level: 9 }).length, 0);
  for (const r of routes) console.log(`  ${r.route.padEnd(58)} JS ${kb(r.js).padStart(9)}  CSS ${kb(r.css).padStart(8)}  images ${kb(r.images).padStart(9)}`);

  console.log(`== Lighthouse (${runs} run(s) each)`);
  const { scores, firstView } = await lighthouseAll();

  const report: Report = {
    date,
    runs,
    machine,
    build,
    validation,
    sizes: { initialJsOfHome: home.js, allCss: cssBytes, routes },
    firstView,
    lighthouse: scores,
    targets: TARGETS,
    loadAverageAtEnd: loadavg().map((n) => Math.round(n * 100) / 100),
  };
  mkdirSync(join(root, "docs"), { recursive: true });
  writeFileSync(join(root, "docs", `bench-${date}.json`), JSON.stringify(report, null, 2) + "\n");
  writeFileSync(join(root, "docs", `bench-${date}.md`), markdown(report));
  const missed = scores.filter(
    (s) =>
      (s.formFactor === "mobile" && s.performance < TARGETS.mobilePerformance) ||
      s.accessibility < 100 ||
      s.bestPractices < 100 ||
      s.seo < 100 ||
      s.cls > TARGETS.cls,
  );
  console.log(
    `\nWrote docs/bench-${date}.json and docs/bench-${date}.md. ${missed.length === 0 ? "Every Lighthouse target met." : `Targets missed on: ${missed.map((s) => `${s.formFactor} ${s.page}`).join(", ")}.`}`,
  );
  console.log("== The browser editor (npm run bench:editor)");
  spawnSync(process.execPath, [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(root, "tools", "bench", "bench-editor.ts")], {
    cwd: root,
    stdio: "inherit",
  });
  spawnSync(process.execPath, [join(root, "node_modules", "tsx", "dist", "cli.mjs"), join(root, "tools", "bench", "bench-publish.ts")], {
    cwd: root,
    stdio: "inherit",
  });
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
