import { readFileSync } from "node:fs";
import { isEntryPoint, readArgs } from "../../src/cli/options.ts";

/**
 * Adds up the vitest and Playwright JSON reports of `npm test`: how many tests were skipped and
 * why, then one closing line, "N passed, N failed" (", N skipped" when some were).
 * `tsx tools/test/test-summary.ts <report.json>…`; exits 1 when a test failed or none passed.
 */

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; assertionResults: { status: string; fullName: string; meta?: { skipReason?: string } }[] }[];
}

interface PlaywrightTest {
  projectName: string;
  status: "expected" | "unexpected" | "flaky" | "skipped";
  annotations: { type: string; description?: string }[];
}

interface PlaywrightSuite {
  specs?: { tests: PlaywrightTest[] }[];
  suites?: PlaywrightSuite[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites: PlaywrightSuite[];
}

export interface Totals {
  passed: number;
  failed: number;
  /** Reason → how many tests were skipped for it. */
  skipped: Map<string, number>;
}

const VITEST_SKIPPED = new Set(["skipped", "pending", "todo", "disabled"]);

function addSkip(totals: Totals, reason: string): void {
  totals.skipped.set(reason, (totals.skipped.get(reason) ?? 0) + 1);
}

function* playwrightTests(suites: PlaywrightSuite[]): Generator<PlaywrightTest> {
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) yield* spec.tests;
    yield* playwrightTests(suite.suites ?? []);
  }
}

/** Folds one report (vitest's or Playwright's JSON reporter) into the totals. */
export function addReport(totals: Totals, report: VitestReport | PlaywrightReport): void {
  if ("stats" in report) {
    totals.passed += report.stats.expected + report.stats.flaky;
    totals.failed += report.stats.unexpected;
    for (const test of playwrightTests(report.suites)) {
      if (test.status !== "skipped") continue;
      const why = test.annotations.find((a) => a.type === "skip")?.description;
      // A skip decided while the test runs, with its project (a test written for one viewport is
      // tagged for that project and not run at the other at all, so it is not counted here).
      addSkip(totals, why ? `${why} (not run at the ${test.projectName} viewport)` : `no reason given (${test.projectName} viewport)`);
    }
    return;
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  for (const file of report.testResults) {
    for (const test of file.assertionResults) if (VITEST_SKIPPED.has(test.status)) addSkip(totals, test.meta?.skipReason ?? "no reason given");
  }
}

/** The lines npm test ends with: the skip reasons, most frequent first, then "N passed, N failed[, N skipped]". */
export function summaryLines(totals: Totals): string[] {
  const skipped = [...totals.skipped].sort(([a, x], [b, y]) => y - x || a.localeCompare(b));
  const count = skipped.reduce((sum, [, n]) => sum + n, 0);
  const lines = skipped.length > 0 ? [`Skipped ${count}:`, ...skipped.map(([reason, n]) => `${String(n).padStart(6)}  ${reason}`)] : [];
  lines.push(`${totals.passed} passed, ${totals.failed} failed${count > 0 ? `, ${count} skipped` : ""}`);
  return lines;
}

if (isEntryPoint(import.meta.url)) {
  const { positionals: reports } = readArgs({}, "usage: tsx tools/test/test-summary.ts <vitest-or-playwright-report.json> ...");
  const totals: Totals = { passed: 0, failed: 0, skipped: new Map() };
  for (const file of reports) addReport(totals, JSON.parse(readFileSync(file, "utf8")) as VitestReport | PlaywrightReport);
  for (const line of summaryLines(totals)) console.log(line);
  process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
}
