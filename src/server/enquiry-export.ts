import { ENQUIRY_FIELD_NAMES } from "./enquiry.ts";
import type { EnquiryStore, ReleaseResult, SpamEnquiry, StoredEnquiry } from "./store.ts";

/** An export's columns: when and which, then what the visitor typed (enquiry.ts), in the table's order. */
export const EXPORT_COLUMNS = ["session_id", "created_at", ...ENQUIRY_FIELD_NAMES] as const satisfies readonly (keyof StoredEnquiry)[];

const PAGE_SIZE = 500;

/** Every stored enquiry, oldest first, a page at a time. */
export async function* allEnquiries(store: EnquiryStore): AsyncGenerator<StoredEnquiry> {
  for (let offset = 0; ; offset += PAGE_SIZE) {
    const page = await store.list({ limit: PAGE_SIZE, offset, order: "oldest-first" });
    yield* page;
    if (page.length < PAGE_SIZE) return;
  }
}

// Spreadsheets run a cell starting with one of these as a formula (CSV injection).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: always quoted, quotes doubled, formula-like text defused with a leading '. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function csvRow(values: readonly string[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export function csvHeader(): string {
  return csvRow(EXPORT_COLUMNS);
}

export function csvRecord(enquiry: StoredEnquiry): string {
  return csvRow(EXPORT_COLUMNS.map((column) => enquiry[column]));
}

export function exportRecord(enquiry: StoredEnquiry): Record<(typeof EXPORT_COLUMNS)[number], string> {
  return Object.fromEntries(EXPORT_COLUMNS.map((column) => [column, enquiry[column]])) as Record<(typeof EXPORT_COLUMNS)[number], string>;
}

/** A column of a fixed-width terminal table. */
export interface TableColumn<T> {
  heading: string;
  width: number;
  value: (row: T) => string;
}

const TABLE_COLUMNS: readonly TableColumn<StoredEnquiry>[] = [
  { heading: "Received (UTC)", width: 16, value: (e) => e.created_at.slice(0, 16).replace("T", " ") },
  { heading: "Name", width: 24, value: (e) => `${e.first_name} ${e.last_name}` },
  { heading: "Email", width: 30, value: (e) => e.email },
  { heading: "Phone", width: 15, value: (e) => e.phone },
  { heading: "Subject", width: 28, value: (e) => e.subject },
  { heading: "Message", width: 40, value: (e) => e.message },
];

// Characters that reorder the rest of a line in a terminal (bidirectional embeddings,
// overrides and isolates). The API refuses them in names; older rows and other fields may hold them.
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Stored text as one line a terminal shows as it is: control characters (escape sequences
 * among them) become spaces, bidirectional controls are written out as \u202E.
 */
export function printable(text: string): string {
  return text.replace(/\p{Cc}+/gu, " ").replace(BIDI_CONTROL, (char) => `\\u${char.codePointAt(0)!.toString(16).toUpperCase()}`);
}

function fit(text: string, width: number): string {
  const chars = [...printable(text)];
  if (chars.length <= width) return chars.join("").padEnd(width);
  return `${chars.slice(0, width - 1).join("")}…`;
}

function tableLine(cells: readonly string[]): string {
  return cells.join("  ").trimEnd();
}

/** A fixed-width table for a terminal, rows in the order given; long values end in "…". */
export function fixedWidthTable<T>(columns: readonly TableColumn<T>[], rows: readonly T[]): string {
  const heading = tableLine(columns.map((column) => fit(column.heading, column.width)));
  const rule = tableLine(columns.map((column) => "-".repeat(column.width)));
  const lines = rows.map((row) => tableLine(columns.map((column) => fit(column.value(row), column.width))));
  return [heading, rule, ...lines].join("\n") + "\n";
}

/** The enquiries as a terminal table, newest first as given. */
export function enquiryTable(enquiries: readonly StoredEnquiry[]): string {
  return fixedWidthTable(TABLE_COLUMNS, enquiries);
}

const SPAM_COLUMNS: readonly TableColumn<SpamEnquiry>[] = [
  { heading: "Session id", width: 36, value: (e) => e.session_id },
  TABLE_COLUMNS[0]!,
  TABLE_COLUMNS[1]!,
  TABLE_COLUMNS[2]!,
  // Wide enough for a naive bot's whole list: "honeypot, token-missing, fill-time-missing, pow-missing".
  { heading: "Why", width: 56, value: (e) => e.spam_reasons.join(", ") },
  { heading: "Message", width: 30, value: (e) => e.message },
];

/** Spam kept back, newest first as given, with the session id `not-spam` takes and the reasons. */
export function spamTable(enquiries: readonly SpamEnquiry[]): string {
  return fixedWidthTable(SPAM_COLUMNS, enquiries);
}

/** What `not-spam <session id>` prints, and its exit code. */
export function releaseReport(sessionId: string, result: ReleaseResult): { text: string; exitCode: number } {
  if (result.outcome === "released") {
    const queued =
      result.channels === 0
        ? "no delivery channel is configured, so it is listed with the others"
        : `${result.channels} ${result.channels === 1 ? "delivery" : "deliveries"} queued`;
    return { text: `Released ${sessionId}: not spam; ${queued}.\n`, exitCode: 0 };
  }
  if (result.outcome === "not-found") return { text: `No enquiry has the session id ${sessionId}.\n`, exitCode: 1 };
  return { text: `${sessionId} is not held as spam: nothing to release.\n`, exitCode: 1 };
}
