import { describe, expect, it } from "vitest";
import { postgresRequired } from "../../../tools/test/postgres.ts";
import { addReport, summaryLines, type Totals } from "../../../tools/test/test-summary.ts";

const vitestReport = (tests: { status: string; skipReason?: string }[]) => ({
  numPassedTests: tests.filter((t) => t.status === "passed").length,
  numFailedTests: tests.filter((t) => t.status === "failed").length,
  testResults: [
    {
      name: "a.test.ts",
      assertionResults: tests.map((t, i) => ({ status: t.status, fullName: `test ${i}`, ...(t.skipReason ? { meta: { skipReason: t.skipReason } } : {}) })),
    },
  ],
});

const playwrightTest = (projectName: string, status: "expected" | "unexpected" | "flaky" | "skipped", skip?: string) => ({
  projectName,
  status,
  annotations: skip ? [{ type: "skip", description: skip }] : [],
});

const playwrightReport = {
  stats: { expected: 3, unexpected: 1, flaky: 1, skipped: 3 },
  suites: [
    {
      specs: [{ tests: [playwrightTest("desktop", "expected"), playwrightTest("phone", "skipped", "desktop navigation")] }],
      suites: [
        {
          specs: [
            { tests: [playwrightTest("desktop", "skipped", "phone navigation"), playwrightTest("phone", "expected")] },
            { tests: [playwrightTest("desktop", "unexpected"), playwrightTest("phone", "skipped", "desktop navigation")] },
            { tests: [playwrightTest("desktop", "expected"), playwrightTest("phone", "flaky")] },
          ],
        },
      ],
    },
  ],
};

function summarize(...reports: Parameters<typeof addReport>[1][]): string[] {
  const totals: Totals = { passed: 0, failed: 0, skipped: new Map() };
  for (const report of reports) addReport(totals, report);
  return summaryLines(totals);
}

describe("tools/test/test-summary.ts", () => {
  it("ends with 'N passed, N failed' and no skipped part when nothing was skipped", () => {
    expect(summarize(vitestReport([{ status: "passed" }, { status: "passed" }, { status: "failed" }]))).toEqual(["2 passed, 1 failed"]);
  });

  it("adds vitest and Playwright reports, and says how many were skipped and why, most frequent first", () => {
    const lines = summarize(
      vitestReport([
        { status: "passed" },
        { status: "skipped", skipReason: "PostgreSQL is not installed" },
        { status: "skipped", skipReason: "PostgreSQL is not installed" },
        { status: "pending" },
      ]),
      playwrightReport,
    );
    expect(lines).toEqual([
      "Skipped 6:",
      "     2  desktop navigation (not run at the phone viewport)",
      "     2  PostgreSQL is not installed",
      "     1  no reason given",
      "     1  phone navigation (not run at the desktop viewport)",
      "5 passed, 1 failed, 6 skipped",
    ]);
  });
});

describe("postgresRequired: CI=true makes a missing PostgreSQL a failure", () => {
  it.each([
    [undefined, false],
    ["", false],
    ["0", false],
    ["false", false],
    ["FALSE", false],
    ["true", true],
    ["1", true],
    [" True ", true],
  ])("CI=%j → %s", (ci, required) => {
    expect(postgresRequired(ci === undefined ? {} : { CI: ci })).toBe(required);
  });
});
