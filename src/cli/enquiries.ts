// Reads stored enquiries: `npm run enquiries -- list` or `-- export --format csv|json`; shows and
// requeues their deliveries: `-- deliveries`, `-- retry <delivery id>|failed`; personal data
// as the law asks (docs/api.md, "Personal data"): `-- purge` removes what is past the
// retention period, `-- find --email x` shows everything held for an address, `-- erase
// --email x` removes it; shows the spam kept back, `-- spam`, and releases one for delivery,
// `-- not-spam <session id>`.
import { existsSync } from "node:fs";
import { allEnquiries, csvHeader, csvRecord, enquiryTable, exportRecord, releaseReport, spamTable } from "../server/enquiry-export.ts";
import { deliveryChannels, deliveryConfigFromEnv } from "../server/delivery/config.ts";
import { openOutbox, type OutboxPlace } from "../server/delivery/index.ts";
import { DELIVERY_LIST_SIZE, deliveryReport, retryReport } from "../server/delivery/operator.ts";
import type { RetryTarget } from "../server/delivery/outbox.ts";
import { ConfigError } from "../server/config-error.ts";
import { openStore } from "../server/open-store.ts";
import { checkDatabaseUrl } from "../server/env.ts";
import { eraseReport, findReport, purgeReport } from "../server/personal-data.ts";
import { readSettings } from "../server/settings.ts";
import { ENQUIRIES_SETTINGS, ENQUIRIES_USAGE, parseEnquiriesArgs, type EnquiriesCommand } from "./enquiries-args.ts";
import { retentionCutoff, type EnquiryStore, type PersonalDataStore } from "../server/store.ts";

const LIST_SIZE = 50;

async function printList(store: EnquiryStore): Promise<void> {
  const [newest, total] = await Promise.all([store.list({ limit: LIST_SIZE }), store.count()]);
  process.stdout.write(enquiryTable(newest));
  process.stdout.write(`${newest.length} of ${total} enquiries shown, newest first.\n`);
}

async function printSpam(store: EnquiryStore): Promise<void> {
  const spam = await store.listSpam(LIST_SIZE);
  process.stdout.write(spamTable(spam));
  process.stdout.write(`${spam.length} held as spam (never delivered), newest first. Release one: npm run enquiries -- not-spam <session id>\n`);
}

/** Queues the enquiry for the channels this environment configures, as the server would have. */
async function release(store: EnquiryStore, sessionId: string): Promise<number> {
  let channels;
  try {
    channels = deliveryChannels(deliveryConfigFromEnv(process.env));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const report = releaseReport(sessionId, await store.releaseSpam(sessionId, channels));
  (report.exitCode === 0 ? process.stdout : process.stderr).write(report.text);
  return report.exitCode;
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

async function printDeliveries(place: OutboxPlace): Promise<void> {
  const outbox = openOutbox(place);
  try {
    const [rows, counts] = await Promise.all([outbox.list(DELIVERY_LIST_SIZE), outbox.counts()]);
    process.stdout.write(deliveryReport(rows, counts));
  } finally {
    await outbox.close();
  }
}

async function requeue(place: OutboxPlace, target: RetryTarget): Promise<number> {
  const outbox = openOutbox(place);
  try {
    const requeued = await outbox.retry(target);
    process.stdout.write(retryReport(target, requeued));
    // A running server sends them within a second; naming an unknown delivery is an error.
    return target !== "failed" && requeued === 0 ? 1 : 0;
  } finally {
    await outbox.close();
  }
}

async function purge(store: PersonalDataStore, days: number): Promise<void> {
  const before = retentionCutoff(Date.now(), days);
  process.stdout.write(`${purgeReport(await store.purgeBefore(before), before, days)}\n`);
}

/** What an absent database holds: nothing, said in each command's own shape. */
function nothingYet(command: EnquiriesCommand, days: number): void {
  if (command.command === "export") process.stdout.write(command.format === "csv" ? csvHeader() : "[]\n");
  else if (command.command === "find") process.stdout.write(findReport(command.email, []));
  else if (command.command === "erase") process.stdout.write(`${eraseReport({ enquiries: 0, deliveries: 0 })}\n`);
  else if (command.command === "purge") {
    const before = retentionCutoff(Date.now(), days);
    process.stdout.write(`${purgeReport({ enquiries: 0, deliveries: 0 }, before, days)}\n`);
  }
}

async function main(): Promise<number> {
  const command = parseEnquiriesArgs(process.argv.slice(2));
  if (command === null) {
    process.stderr.write(`${ENQUIRIES_USAGE}\n`);
    return 2;
  }
  let days: number, databaseUrl: string | undefined, dbPath: string;
  try {
    // Checked as the server checks them (docs/SETTINGS.md).
    const settings = readSettings(process.env, ENQUIRIES_SETTINGS);
    [days, databaseUrl, dbPath] = [settings.ENQUIRY_RETENTION_DAYS, checkDatabaseUrl(settings.DATABASE_URL), settings.ENQUIRY_DB];
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  // Reading must not create a database: an absent file simply holds no enquiries yet.
  if (!databaseUrl && !existsSync(dbPath)) {
    process.stderr.write(`No enquiries yet: ${dbPath} does not exist.\n`);
    nothingYet(command, days);
    return 0;
  }
  // Opening the store applies any new migration, so the outbox below exists.
  const store = await openStore({ databaseUrl, dbPath });
  try {
    if (command.command === "list") await printList(store);
    else if (command.command === "spam") await printSpam(store);
    else if (command.command === "not-spam") return await release(store, command.sessionId);
    else if (command.command === "deliveries") await printDeliveries({ databaseUrl, dbPath });
    else if (command.command === "retry") return await requeue({ databaseUrl, dbPath }, command.target);
    else if (command.command === "purge") await purge(store, days);
    else if (command.command === "find") process.stdout.write(findReport(command.email, await store.findByEmail(command.email)));
    else if (command.command === "erase") process.stdout.write(`${eraseReport(await store.eraseByEmail(command.email))}\n`);
    else if (command.format === "csv") await exportCsv(store);
    else await exportJson(store);
  } finally {
    await store.close();
  }
  return 0;
}

process.exitCode = await main();
