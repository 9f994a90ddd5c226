// Reads stored enquiries: `npm run enquiries -- list` or `-- export --format csv|json`.
import { existsSync } from "node:fs";
import {
  allEnquiries,
  csvHeader,
  csvRecord,
  ENQUIRIES_USAGE,
  enquiryTable,
  exportRecord,
  parseEnquiriesArgs,
} from "../src/server/enquiry-export.ts";
import { openStore } from "../src/server/open-store.ts";
import { DEFAULT_DB_PATH } from "../src/server/sqlite-store.ts";
import type { EnquiryStore } from "../src/server/store.ts";

const LIST_SIZE = 50;

async function printList(store: EnquiryStore): Promise<void> {
  const [newest, total] = await Promise.all([store.list({ limit: LIST_SIZE }), store.count()]);
  process.stdout.write(enquiryTable(newest));
  process.stdout.write(`${newest.length} of ${total} enquiries shown, newest first.\n`);
}

async function exportCsv(store: EnquiryStore): Promise<void> {
  process.stdout.write(csvHeader());
  for await (const enquiry of allEnquiries(store)) process.stdout.write(csvRecord(enquiry));
}

async function exportJson(store: EnquiryStore): Promise<void> {
  let separator = "\n";
  process.stdout.write("[");
  for await (const enquiry of allEnquiries(store)) {
    process.stdout.write(separator + JSON.stringify(exportRecord(enquiry)));
    separator = ",\n";
  }
  process.stdout.write("\n]\n");
}

async function main(): Promise<number> {
  const command = parseEnquiriesArgs(process.argv.slice(2));
  if (command === null) {
    process.stderr.write(`${ENQUIRIES_USAGE}\n`);
    return 2;
  }
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dbPath = process.env.ENQUIRY_DB?.trim() || DEFAULT_DB_PATH;
  // Reading must not create a database: an absent file simply holds no enquiries yet.
  if (!databaseUrl && !existsSync(dbPath)) {
    process.stderr.write(`No enquiries yet: ${dbPath} does not exist.\n`);
    if (command.command === "export") process.stdout.write(command.format === "csv" ? csvHeader() : "[]\n");
    return 0;
  }
  const store = await openStore({ databaseUrl, dbPath });
  try {
    if (command.command === "list") await printList(store);
    else if (command.format === "csv") await exportCsv(store);
    else await exportJson(store);
  } finally {
    await store.close();
  }
  return 0;
}

process.exitCode = await main();
