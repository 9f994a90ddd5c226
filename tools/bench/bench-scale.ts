// `npm run bench:scale`: what a page costs as the site grows. For each size it makes a throwaway
// copy of the project whose site/ holds that many pages in all (the real pages plus synthetic
// industries, copies of site/industries/health.yaml, each listed like a real one), validates it,
// builds it and measures dist/. It prints the figures and writes docs/bench-scale-<date>.md;
// it never fails on a time (speeds are not asserted; tests/budgets/scale.test.ts asserts bytes).
// Beside each build it builds the same pages with Hugo (Debian's hugo, tools/bench/hugo-site.ts)
// and prints the ratio of the two build times.
//   --pages 100,1000,10000   the sizes (default)
//   --unlisted               synthetic pages without a card, so no listing or header panel shows them:
//                            what a page costs by itself, apart from the listings that grow with it
//   --rebuilds 5             one-title rebuilds timed after each full build (each a new title); the
//                            median is the figure, as a rebuild of a second is moved more by a busy
//                            moment of the machine than a build of twenty
//   --keep                   leave the copies under .tmp/ to look at
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatText } from "../../src/content/format-problems.ts";
import { loadSiteContent } from "../../src/content/site.ts";
import { isEntryPoint, readArgs, usageError, wholeNumber } from "../../src/cli/options.ts";
import { describeTiming, timeSocialCards } from "../../src/cli/cards.ts";
import { htmlSize } from "../measure/size.ts";
import { filesUnder } from "../../src/shared/files-under.ts";
import { makeHugoSite } from "./hugo-site.ts";
import { measureNodeStart, nodeStartText, type NodeStart } from "./node-start.ts";
import { middleOf } from "./median.ts";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));
/** The routes whose initial JS and HTML are measured: the home page, a page no listing touches, the listing that lists every industry. */
export const MEASURED_ROUTES = ["/", "/legal-privacy", "/industries/details"] as const;
/** What a copy of the project needs to validate and build (node_modules is linked, not copied). */
const PROJECT_FILES = ["index.html", "package.json", "tsconfig.json", "tsconfig.base.json", "tsconfig.node.json", "vite.config.ts", "schema", "site", "src"];
const TEMPLATE = "site/industries/health.yaml";

/**
 * A throwaway copy of the project in `dir` whose site has `pages` pages in all: the real ones
 * plus synthetic industries. Each synthetic page differs from the template only in its title,
 * description and card title (without a card order, so they list after the real ones), so the HTML of a page the listings do not touch should not change.
 */
export function makeScaledSite(dir: string, pages: number, { unlisted = false } = {}): { pages: number; synthetic: number } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const f of PROJECT_FILES) cpSync(join(projectRoot, f), join(dir, f), { recursive: true });
  symlinkSync(join(projectRoot, "node_modules"), join(dir, "node_modules"), "dir");
  // The generator of the validators compiled ahead of time, which the copy's commands compile (compileCommands). Copied, not
  // linked: through a link esbuild bundles the generator with the project's own sources, which then wrote the validators
  // into the project's dist-server/, and the copy, finding none in its own, compiled the schemas in every process.
  cpSync(join(projectRoot, "tools", "codegen"), join(dir, "tools", "codegen"), { recursive: true });
  const real = loadSiteContent(dir).pages.length;
  const synthetic = Math.max(0, pages - real);
  const template = readFileSync(join(projectRoot, TEMPLATE), "utf8");
  for (let i = 1; i <= synthetic; i++) {
    const n = String(i).padStart(5, "0");
    const page = template
      .replace(/^title: .*$/m, `title: Synthetic Industry ${n} | Nexa AI`)
      .replace(
        /^description: .*$/m,
        `description: Synthetic industry page ${n}, one of ${synthetic} copies of the health page that measure how the site scales.`,
      )
      .replace(/^( {2}title:) .*$/m, `$1 Synthetic ${n}`)
      .replace(/^ {2}order: .*\n/m, "")
      .replace(unlisted ? /^card:\n(?: {2}.*\n| {4}.*\n)*/m : /(?!)/, "");
    writeFileSync(join(dir, "site", "industries", `synthetic-${n}.yaml`), page);
  }
  return { pages: real + synthetic, synthetic };
}

/**
 * Run the build in `dir` as `npm run build` runs it (the compiled command, one node process) and
 * sample its peak resident memory. The copy's commands are compiled first, untimed, as `npm
 * install` compiles them in the project: into the copy's own dist-server/, since a compiled
 * command finds schema/ and the site from where its sources were.
 */
export async function buildSite(dir: string): Promise<{ seconds: number; peakBytes: number; output: string }> {
  await compileCommands(dir);
  return timeProcess(process.execPath, ["src/cli/launch.mjs", "build", "--no-cards"], dir);
}

/** Compiles a copy's commands into its own dist-server/, as `npm install` (its `prepare` step) does in every checkout; once. */
export async function compileCommands(dir: string): Promise<void> {
  if (!existsSync(join(dir, "dist-server", "meta.json"))) await timeProcess(process.execPath, ["src/cli/launch.mjs", "--build"], dir);
}

/** Runs a command in `dir`, timing it (wall clock) and sampling its peak resident memory; rejects, with its output, when it fails. */
function timeProcess(command: string, args: string[], dir: string): Promise<{ seconds: number; peakBytes: number; output: string }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command, args, { cwd: dir, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d));
    child.stderr.on("data", (d: Buffer) => (output += d));
    let peakBytes = 0;
    // VmHWM is the kernel's high-water mark of the process's resident memory, so sampling it misses nothing but the last moments.
    const sample = () => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"));
        if (m) peakBytes = Math.max(peakBytes, Number(m[1]) * 1024);
      } catch {
        // the process has just exited
      }
    };
    const timer = setInterval(sample, 50);
    child.on("error", reject);
    child.on("exit", (code) => {
      clearInterval(timer);
      const seconds = (performance.now() - started) / 1000;
      if (code === 0) resolve({ seconds, peakBytes, output });
      else reject(new Error(`${command} ${args.join(" ")} in ${dir} failed:\n${output}`));
    });
  });
}

export interface DistFigures {
  distBytes: number;
  htmlFiles: number;
  htmlPerPage: number;
  routes: Record<string, { js: number; html: number; jsFiles: string[] }>;
}

function walk(dir: string, visit: (file: string, bytes: number) => void): void {
  for (const file of filesUnder(dir)) visit(file, statSync(file).size);
}

/** The byte figures of a built dist/: its size, the mean HTML per page, and initial JS and HTML of the measured routes. */
export function measureDist(dist: string): DistFigures {
  let distBytes = 0;
  let htmlBytes = 0;
  let htmlFiles = 0;
  walk(dist, (file, bytes) => {
    distBytes += bytes;
    if (file.endsWith("/index.html") || file === join(dist, "index.html")) {
      htmlBytes += bytes;
      htmlFiles++;
    }
  });
  const routes: DistFigures["routes"] = {};
  for (const route of MEASURED_ROUTES) {
    const file = route === "/" ? join(dist, "index.html") : join(dist, route.slice(1), "index.html");
    const size = htmlSize(dist, file);
    routes[route] = { js: size.js, html: statSync(file).size, jsFiles: size.files.filter((f) => f.endsWith(".js")) };
  }
  return { distBytes, htmlFiles, htmlPerPage: Math.round(htmlBytes / htmlFiles), routes };
}

/**
 * Builds the copy's pages with Hugo (tools/bench/hugo-site.ts), right after the project's own
 * build of them, so the two figures share the machine's state. Debian's hugo is needed
 * (`apt-get install hugo`); without it the row says so instead of failing the benchmark.
 */
async function buildWithHugo(dir: string): Promise<Row["hugo"]> {
  if (spawnSync("hugo", ["version"], { stdio: "ignore" }).status !== 0) return null;
  const site = join(dir, ".tmp", "hugo");
  makeHugoSite(dir, site);
  const run = await timeProcess("hugo", ["--quiet", "--destination", "public"], site);
  let outBytes = 0;
  let htmlBytes = 0;
  let htmlFiles = 0;
  walk(join(site, "public"), (file, bytes) => {
    outBytes += bytes;
    if (file.endsWith("/index.html")) {
      htmlBytes += bytes;
      htmlFiles++;
    }
  });
  return { seconds: run.seconds, peakBytes: run.peakBytes, outBytes, htmlPerPage: Math.round(htmlBytes / htmlFiles) };
}

interface Row {
  pages: number;
  validateSeconds: number;
  buildSeconds: number;
  peakBytes: number;
  dist: DistFigures;
  /** Rebuilds after the full build: nothing changed, then one page's title changed (--rebuilds times: the median, and each). */
  unchangedSeconds: number;
  titleSeconds: number;
  titleAll: number[];
  /** What the one-title rebuild wrote into the live build, in place (null: it made a new build folder). */
  titleFiles: { written: number; removed: number } | null;
  /** Node's own start, the floor under every rebuild's time (node-start.ts), timed after the rebuilds. */
  nodeStart: NodeStart;
  /** The same pages built by Hugo in the same run (null when Debian's hugo is not installed). */
  hugo: { seconds: number; peakBytes: number; outBytes: number; htmlPerPage: number } | null;
}

/**
 * The edit an author makes most: one page's title. The first synthetic page when there is one (a
 * page the listings show by its card title, so only that page is drawn again), else the privacy
 * page. Edit `n` gives it a title no earlier edit gave it.
 */
function changeOneTitle(dir: string, n: number): void {
  const synthetic = join(dir, "site", "industries", "synthetic-00001.yaml");
  const file = existsSync(synthetic) ? synthetic : join(dir, "site", "legal-privacy.yaml");
  const text = readFileSync(file, "utf8");
  const changed = text.replace(/^title: (.*?)(?: \(edit \d+\))?$/m, `title: $1 (edit ${n})`);
  if (changed === text) throw new Error(`${file} has no top-level title to change`);
  writeFileSync(file, changed);
}

/** The files an in-place rebuild wrote and removed, from its summary line. */
function inPlace(output: string): Row["titleFiles"] {
  const m = /in place: (\d+) files written, (\d+) removed/.exec(output);
  return m ? { written: Number(m[1]), removed: Number(m[2]) } : null;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

function table(rows: Row[]): string {
  const head = ["figure", ...rows.map((r) => `${r.pages.toLocaleString("en")} pages`)];
  const line = (name: string, f: (r: Row) => string) => `| ${name} | ${rows.map(f).join(" | ")} |`;
  return [
    `| ${head.join(" | ")} |`,
    `|${head.map(() => "---").join("|")}|`,
    line("validate (in process)", (r) => `${r.validateSeconds.toFixed(2)} s`),
    line("build", (r) => `${r.buildSeconds.toFixed(1)} s`),
    line("build peak memory", (r) => mb(r.peakBytes)),
    line("rebuild, nothing changed", (r) => `${r.unchangedSeconds.toFixed(2)} s`),
    line("rebuild, one title changed (median)", (r) => `${r.titleSeconds.toFixed(2)} s`),
    line("… each rebuild", (r) => r.titleAll.map((t) => t.toFixed(2)).join(", ")),
    line("… as a share of the full build", (r) => `${((100 * r.titleSeconds) / r.buildSeconds).toFixed(1)} %`),
    line("… files it wrote (removed)", (r) => (r.titleFiles ? `${r.titleFiles.written} (${r.titleFiles.removed})` : "a new build folder")),
    line("… of it, node's own start (`node -e 0`)", (r) =>
      r.nodeStart.withoutCaSeconds === null
        ? `${r.nodeStart.seconds.toFixed(2)} s`
        : `${r.nodeStart.seconds.toFixed(2)} s (${r.nodeStart.withoutCaSeconds.toFixed(2)} s without NODE_EXTRA_CA_CERTS)`,
    ),
    line("Hugo: full build of the same pages", (r) => (r.hugo ? `${r.hugo.seconds.toFixed(1)} s` : "not installed")),
    line("… build ÷ Hugo's", (r) => (r.hugo ? `${(r.buildSeconds / r.hugo.seconds).toFixed(1)}×` : "–")),
    line("Hugo: peak memory", (r) => (r.hugo ? mb(r.hugo.peakBytes) : "–")),
    line("Hugo: output size", (r) => (r.hugo ? mb(r.hugo.outBytes) : "–")),
    line("Hugo: HTML per page (mean)", (r) => (r.hugo ? kb(r.hugo.htmlPerPage) : "–")),
    line("`dist/` size", (r) => mb(r.dist.distBytes)),
    line("HTML files", (r) => String(r.dist.htmlFiles)),
    line("HTML per page (mean)", (r) => kb(r.dist.htmlPerPage)),
    ...MEASURED_ROUTES.flatMap((route) => [
      line(`initial JS of \`${route}\` (gzip)`, (r) => kb(r.dist.routes[route]!.js)),
      line(`HTML of \`${route}\``, (r) => kb(r.dist.routes[route]!.html)),
    ]),
  ].join("\n");
}

async function main() {
  const usage = "usage: npm run bench:scale [-- --pages 100,1000,10000] [--unlisted] [--rebuilds 5] [--keep]";
  const { values } = readArgs(
    {
      pages: { type: "string", default: "100,1000,10000" },
      keep: { type: "boolean", default: false },
      unlisted: { type: "boolean", default: false },
      rebuilds: { type: "string", default: "5" },
    },
    usage,
  );
  const { keep, unlisted } = values;
  const rebuilds = wholeNumber(values.rebuilds, "rebuilds", usage);
  const sizes = values.pages.split(",").map(Number);
  if (sizes.some((n) => !Number.isInteger(n) || n < 1)) usageError(usage, "--pages takes whole numbers separated by commas, e.g. 100,1000");
  const cardLines: string[] = [];
  const rows: Row[] = [];
  for (const pages of sizes) {
    const dir = join(projectRoot, ".tmp", `scale-${pages}`);
    const made = makeScaledSite(dir, pages, { unlisted });
    const started = performance.now();
    const content = loadSiteContent(dir);
    const validateSeconds = (performance.now() - started) / 1000;
    if (content.problems.length > 0) throw new Error(`the scaled copy at ${dir} has content problems:\n${formatText(content.problems, content.filesChecked)}`);
    const built = await buildSite(dir);
    const dist = measureDist(join(dir, "dist"));
    // The same process, the same copy: what the incremental build saves is measured against the full build just made.
    const unchanged = await buildSite(dir);
    const titleRuns: Awaited<ReturnType<typeof buildSite>>[] = [];
    for (let n = 1; n <= rebuilds; n++) {
      changeOneTitle(dir, n);
      titleRuns.push(await buildSite(dir));
    }
    const titleAll = titleRuns.map((run) => run.seconds);
    const title = middleOf(titleRuns, (run) => run.seconds)!;
    const hugo = await buildWithHugo(dir);
    const nodeStart = measureNodeStart();
    const row: Row = {
      pages: made.pages,
      validateSeconds,
      buildSeconds: built.seconds,
      peakBytes: built.peakBytes,
      dist,
      unchangedSeconds: unchanged.seconds,
      titleSeconds: title.seconds,
      titleAll,
      titleFiles: inPlace(title.output),
      hugo,
      nodeStart,
    };
    rows.push(row);
    console.log(
      `${made.pages} pages (${made.synthetic} synthetic): validate ${validateSeconds.toFixed(2)} s, build ${built.seconds.toFixed(1)} s, peak ${mb(built.peakBytes)}, dist ${mb(row.dist.distBytes)}, HTML/page ${kb(row.dist.htmlPerPage)}; ` +
        `rebuild unchanged ${unchanged.seconds.toFixed(2)} s, one title changed ${title.seconds.toFixed(2)} s (median of ${titleAll.map((t) => t.toFixed(2)).join(", ")}; ${((100 * title.seconds) / built.seconds).toFixed(1)} % of the full build, ${row.titleFiles ? `${row.titleFiles.written} files written` : "a new build folder"}; ${nodeStartText(nodeStart)}); ` +
        (hugo
          ? `Hugo ${hugo.seconds.toFixed(1)} s (build ÷ Hugo's ${(built.seconds / hugo.seconds).toFixed(1)}×), peak ${mb(hugo.peakBytes)}`
          : "Hugo not installed"),
    );
    if (pages === 1000) {
      // The build above ran with --no-cards: the social cards are a cached step of their own, timed here from an empty cache and again from a full one.
      const cacheDir = join(dir, ".tmp", "card-cache");
      for (const run of ["from an empty cache", "again, all cached"]) {
        const timing = await timeSocialCards(dir, { outDir: join(dir, ".tmp", "cards"), cacheDir });
        cardLines.push(`Social cards at ${made.pages} pages, ${run}: ${describeTiming(timing)}`);
        console.log(cardLines.at(-1));
      }
    }
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
  const md = table(rows);
  console.log(`\n${md}`);
  const today = new Date().toISOString().slice(0, 10);
  const file = join(projectRoot, "docs", `bench-scale-${today}${unlisted ? "-unlisted" : ""}.md`);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? "CPU"}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} at the end, Node ${process.version}`;
  writeFileSync(
    file,
    [
      `# Scale benchmark, ${today}`,
      "",
      "`npm run bench:scale`: throwaway copies of the project whose site has N pages in all (the real pages plus synthetic",
      unlisted
        ? "industries, copies of `site/industries/health.yaml` without a card, so no listing or header panel shows them). Build time is wall clock of"
        : "industries, copies of `site/industries/health.yaml` listed like real ones). Build time is wall clock of",
      "`npm run build -- --no-cards` (the compiled command, `node src/cli/launch.mjs build`) in one node process (the social cards are timed on their own, below), peak memory its resident high-water mark; initial JS is gzip level 9,",
      "as `npm run size` measures. Times depend on the machine and its load; bytes do not.",
      "",
      `Machine: ${machine}.`,
      "",
      md,
      "",
      ...cardLines.flatMap((line) => [line, ""]),
    ].join("\n"),
  );
  console.log(`\nWrote ${file}`);
}

if (isEntryPoint(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
