import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ENQUIRIES_USAGE, parseEnquiriesArgs } from "../../../src/cli/enquiries-args.ts";
import { csvCell, csvHeader, csvRecord, enquiryTable } from "../../../src/server/enquiry-export.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import type { StoredEnquiry } from "../../../src/server/store.ts";
import { tempDbPath, VALID_ENQUIRY } from "./helpers.ts";

const STORED: StoredEnquiry = Object.freeze({
  ...VALID_ENQUIRY,
  id: 7,
  session_id: "0f8f6a4e-3b1c-4d2e-9f00-1234567890ab",
  created_at: "2025-05-22T09:30:00.000Z",
});

describe("CSV export", () => {
  it.each([
    ["plain", '"plain"'],
    ['say "hi"', '"say ""hi"""'],
    ["a,b\nc", '"a,b\nc"'],
    ['=HYPERLINK("http://x")', '"\'=HYPERLINK(""http://x"")"'],
    ["+919876543210", '"\'+919876543210"'],
    ["-2+3", '"\'-2+3"'],
    ["@SUM(A1)", '"\'@SUM(A1)"'],
    ["\t=1", '"\'\t=1"'],
    ["", '""'],
  ])("writes %j as %s", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("writes a header and one CRLF-terminated row per enquiry", () => {
    expect(csvHeader()).toBe('"session_id","created_at","first_name","last_name","email","phone","subject","message"\r\n');
    expect(csvRecord(STORED)).toBe(
      '"0f8f6a4e-3b1c-4d2e-9f00-1234567890ab","2025-05-22T09:30:00.000Z","Asha","Verma",' +
        '"asha.verma@example.com","\'+919876543210","Course enquiry","I would like to know about the next GATE batch."\r\n',
    );
  });
});

describe("enquiry table", () => {
  it("shows one line per enquiry, cut to width, with control characters defused", () => {
    const table = enquiryTable([{ ...STORED, message: "Line one\nLine two \u001b[2J and a very long tail of words" }]);
    const lines = table.trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Received \(UTC\)\s+Name\s+Email\s+Phone\s+Subject\s+Message$/);
    expect(lines[2]).toContain("2025-05-22 09:30  Asha Verma");
    expect(lines[2]?.endsWith("Line one Line two  [2J and a very long …")).toBe(true);
    expect(table).not.toContain("\u001b");
  });
});

describe("enquiries command line", () => {
  it.each([
    [["list"], { command: "list" }],
    [["export", "--format", "csv"], { command: "export", format: "csv" }],
    [["export", "--format=json"], { command: "export", format: "json" }],
    [[], null],
    [["list", "--all"], null],
    [["export"], null],
    [["export", "--format", "xml"], null],
    [["delete"], null],
    [["deliveries"], { command: "deliveries" }],
    [["deliveries", "--all"], null],
    [["retry", "failed"], { command: "retry", target: "failed" }],
    [["retry", "5A0C2F6E-1D3B-4C8E-9F27-3B1E8D4A6C90"], { command: "retry", target: { id: "5a0c2f6e-1d3b-4c8e-9f27-3b1e8d4a6c90" } }],
    [["retry"], null],
    [["retry", "failed", "now"], null],
    [["export", "--format", "csv", "--format", "json"], null],
    [["export", "--format", "csv", "extra"], null],
    [["export", "--format"], null],
    [["list", "--format", "csv"], null],
    [["retry", "--email", "a@example.com"], null],
    [["--format", "csv", "export"], { command: "export", format: "csv" }],
  ])("parses %j", (args, command) => {
    expect(parseEnquiriesArgs(args)).toEqual(command);
  });

  // As `npm run enquiries` runs it: compiled, with plain node.
  const launcher = join(import.meta.dirname, "../../../src/cli/launch.mjs");
  const run = (args: string[], dbPath: string) =>
    spawnSync(process.execPath, [launcher, "enquiries", ...args], {
      encoding: "utf8",
      env: { ...process.env, ENQUIRY_DB: dbPath },
    });

  it("exits 2 with the usage line for a bad command", () => {
    const result = run(["export", "--format", "xml"], tempDbPath());
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${ENQUIRIES_USAGE}\n`);
  });

  it("exports every stored enquiry as JSON and CSV", async () => {
    const dbPath = tempDbPath();
    const store = openSqliteStore({ path: dbPath });
    await store.insert(VALID_ENQUIRY);
    await store.insert({ ...VALID_ENQUIRY, first_name: "Ravi" });
    await store.close();

    const json = run(["export", "--format", "json"], dbPath);
    expect(json.status).toBe(0);
    const rows = JSON.parse(json.stdout) as StoredEnquiry[];
    expect(rows.map((row) => row.first_name)).toEqual(["Asha", "Ravi"]);
    expect(Object.keys(rows[0] ?? {})).not.toContain("ip_hash");

    const csv = run(["export", "--format=csv"], dbPath);
    expect(csv.stdout.split("\r\n")).toHaveLength(4);

    const list = run(["list"], dbPath);
    expect(list.stdout).toContain("2 of 2 enquiries shown, newest first.");
  });

  it("reports an absent database without creating one", () => {
    const dbPath = tempDbPath();
    const result = run(["export", "--format", "json"], dbPath);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("[]\n");
    expect(result.stderr).toBe(`No enquiries yet: ${dbPath} does not exist.\n`);
  });
});
