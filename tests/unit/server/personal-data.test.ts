import { spawnSync } from "node:child_process";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { ENQUIRIES_USAGE, parseEnquiriesArgs } from "../../../src/cli/enquiries-args.ts";
import { ConfigError } from "../../../src/server/env.ts";
import { openPgStore } from "../../../src/server/pg-store.ts";
import { eraseReport, purgeReport, startRetention } from "../../../src/server/personal-data.ts";
import { readSettings, SETTING_DEFAULTS } from "../../../src/server/settings.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import { DAY_MS, type EnquiryStore, type PersonalDataStore } from "../../../src/server/store.ts";
import { eventually } from "./delivery-receivers.ts";
import { tempDbPath, VALID_ENQUIRY } from "./helpers.ts";
import { freshDatabase, postgresOnly } from "./postgres.ts";

type Store = EnquiryStore & PersonalDataStore;

interface Place {
  open(now: () => number): Promise<Store>;
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** The environment that makes `npm run enquiries` use this database. */
  env: Record<string, string>;
}

const opened: Store[] = [];
afterEach(async () => {
  for (const store of opened.splice(0).reverse()) await store.close();
});

const KINDS: { name: string; place(): Promise<Place> }[] = [
  {
    name: "SQLite",
    async place() {
      const path = tempDbPath();
      return {
        async open(now) {
          const store = openSqliteStore({ path, now, deliveryChannels: ["email", "webhook"] });
          opened.push(store);
          return store;
        },
        async rows(sql) {
          const db = new BetterSqlite3(path, { readonly: true });
          try {
            return db.prepare(sql).all() as Record<string, unknown>[];
          } finally {
            db.close();
          }
        },
        env: { ENQUIRY_DB: path },
      };
    },
  },
  {
    name: "PostgreSQL",
    async place() {
      const connectionString = await freshDatabase();
      return {
        async open(now) {
          const store = await openPgStore({ connectionString, now, deliveryChannels: ["email", "webhook"] });
          opened.push(store);
          return store;
        },
        async rows(sql) {
          const client = new pg.Client({ connectionString });
          await client.connect();
          try {
            return (await client.query(sql)).rows as Record<string, unknown>[];
          } finally {
            await client.end();
          }
        },
        env: { DATABASE_URL: connectionString },
      };
    },
  },
];

const T0 = Date.parse("2025-05-22T09:00:00.000Z");
const ASHA = VALID_ENQUIRY;
const RAVI = { ...VALID_ENQUIRY, first_name: "Ravi", email: "ravi@example.org", phone: "+919812345678" };

/** A clock the test moves. */
function clock(start = T0) {
  let time = start;
  return { now: () => time, set: (ms: number) => (time = ms) };
}

// As `npm run enquiries` runs it: compiled, with plain node.
const LAUNCHER = join(import.meta.dirname, "../../../src/cli/launch.mjs");
function cli(args: string[], env: Record<string, string>) {
  const { DATABASE_URL: _url, ENQUIRY_DB: _db, ...inherited } = process.env;
  return spawnSync(process.execPath, [LAUNCHER, "enquiries", ...args], { encoding: "utf8", env: { ...inherited, ...env } });
}

describe.each(KINDS)("personal data on $name", (kind) => {
  describe("the store", postgresOnly(kind.name === "PostgreSQL"), () => {
    it("finds everything held for an address, whatever its case: fields, idempotency key, IP hash, deliveries", async () => {
      const place = await kind.place();
      const time = clock();
      const store = await place.open(time.now);
      await store.insert(ASHA, { idempotencyKey: "key-asha-1", ip: "203.0.113.9" });
      time.set(T0 + 60_000);
      await store.insert({ ...ASHA, email: "Asha.Verma@Example.com", message: "Second" });
      await store.insert(RAVI);
      const held = await store.findByEmail("ASHA.VERMA@example.com");
      expect(held.map((e) => [e.email, e.message, e.created_at, e.idempotency_key])).toEqual([
        [ASHA.email, ASHA.message, "2025-05-22T09:00:00.000Z", "key-asha-1"],
        ["Asha.Verma@Example.com", "Second", "2025-05-22T09:01:00.000Z", null],
      ]);
      expect(held[0]!.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(held[1]!.ip_hash).toBeNull();
      expect(held[0]!.deliveries.map((d) => [d.channel, d.status, d.attempts, d.created_at, d.delivered_at, d.last_error])).toEqual([
        ["email", "pending", 0, "2025-05-22T09:00:00.000Z", null, null],
        ["webhook", "pending", 0, "2025-05-22T09:00:00.000Z", null, null],
      ]);
      expect(await store.findByEmail("nobody@example.com")).toEqual([]);
    });

    it("erases one person's enquiries, deliveries and idempotency keys, leaves others, is idempotent, and records no address", async () => {
      const place = await kind.place();
      const time = clock();
      const store = await place.open(time.now);
      await store.insert(ASHA, { idempotencyKey: "key-asha-1" });
      await store.insert({ ...ASHA, email: "ASHA.VERMA@EXAMPLE.COM" });
      await store.insert(RAVI);
      time.set(T0 + DAY_MS);
      expect(await store.eraseByEmail("asha.verma@example.com")).toEqual({ enquiries: 2, deliveries: 4 });
      expect(await store.eraseByEmail("asha.verma@example.com")).toEqual({ enquiries: 0, deliveries: 0 });
      expect(await store.findByEmail(ASHA.email)).toEqual([]);
      expect((await store.list()).map((e) => e.email)).toEqual([RAVI.email]);
      expect((await place.rows("SELECT COUNT(*) AS n FROM enquiry_deliveries")).map((row) => Number(row.n))).toEqual([2]);
      // The key is free again: the same key now stores a new enquiry instead of answering the erased one.
      expect((await store.insert(ASHA, { idempotencyKey: "key-asha-1" })).outcome).toBe("created");
      const removals = await place.rows("SELECT reason, enquiries, deliveries, received_before FROM data_removals ORDER BY id");
      expect(removals).toEqual([
        { reason: "erasure", enquiries: 2, deliveries: 4, received_before: null },
        { reason: "erasure", enquiries: 0, deliveries: 0, received_before: null },
      ]);
      expect(JSON.stringify(await place.rows("SELECT * FROM data_removals")).toLowerCase()).not.toContain("asha");
    });

    it("purges enquiries received before the cut-off with their deliveries, and records it only when something went", async () => {
      const place = await kind.place();
      const time = clock();
      const store = await place.open(time.now);
      await store.insert(ASHA);
      time.set(T0 + 10 * DAY_MS);
      await store.insert(RAVI);
      time.set(T0 + 20 * DAY_MS);
      expect(await store.purgeBefore(T0 + 10 * DAY_MS)).toEqual({ enquiries: 1, deliveries: 2 });
      expect(await store.purgeBefore(T0 + 10 * DAY_MS)).toEqual({ enquiries: 0, deliveries: 0 });
      expect((await store.list()).map((e) => e.first_name)).toEqual(["Ravi"]);
      const removals = await place.rows("SELECT reason, enquiries, deliveries, received_before, removed_at FROM data_removals");
      expect(
        removals.map((r) => ({
          ...r,
          received_before: new Date(r.received_before as string).toISOString(),
          removed_at: new Date(r.removed_at as string).toISOString(),
        })),
      ).toEqual([{ reason: "retention", enquiries: 1, deliveries: 2, received_before: "2025-06-01T09:00:00.000Z", removed_at: "2025-06-11T09:00:00.000Z" }]);
    });

    it("npm run enquiries -- find, erase and purge print what they found and removed", async () => {
      const place = await kind.place();
      const store = await place.open(Date.now);
      await store.insert(ASHA, { idempotencyKey: "key-cli" });
      await store.insert(RAVI);
      await store.close();
      opened.splice(opened.indexOf(store), 1);

      const found = cli(["find", "--email", "ASHA.VERMA@example.com"], place.env);
      expect(found.status).toBe(0);
      const report = JSON.parse(found.stdout) as { email: string; enquiries: Record<string, unknown>[] };
      expect(report.email).toBe("ASHA.VERMA@example.com");
      expect(report.enquiries).toHaveLength(1);
      expect(report.enquiries[0]).toMatchObject({ ...ASHA, idempotency_key: "key-cli" });
      expect(report.enquiries[0]!.deliveries).toHaveLength(2);

      const erased = cli(["erase", "--email=asha.verma@example.com"], place.env);
      expect(erased.status).toBe(0);
      expect(erased.stdout).toBe(
        "Erased 1 enquiry and 2 deliveries sent with that address, with their idempotency keys; the erasure is recorded without the address.\n",
      );
      expect(cli(["erase", "--email", "asha.verma@example.com"], place.env).stdout).toBe(
        "Erased 0 enquiries and 0 deliveries sent with that address, with their idempotency keys; the erasure is recorded without the address.\n",
      );
      expect(JSON.parse(cli(["find", "--email", ASHA.email], place.env).stdout)).toEqual({ email: ASHA.email, enquiries: [] });

      const kept = cli(["purge"], { ...place.env, ENQUIRY_RETENTION_DAYS: "1" });
      expect(kept.status).toBe(0);
      expect(kept.stdout).toMatch(
        /^Removed 0 enquiries and 0 deliveries received before \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \(ENQUIRY_RETENTION_DAYS=1\)\.\n$/,
      );
    });
  });
});

const DEFAULT_RETENTION_DAYS = SETTING_DEFAULTS.ENQUIRY_RETENTION_DAYS;
const retentionDaysFromEnv = (env: NodeJS.ProcessEnv) => readSettings(env, ["ENQUIRY_RETENTION_DAYS"]).ENQUIRY_RETENTION_DAYS;

describe("the retention period", () => {
  it.each([
    [{}, 730],
    [{ ENQUIRY_RETENTION_DAYS: "365" }, 365],
    [{ ENQUIRY_RETENTION_DAYS: " 1 " }, 1],
  ])("ENQUIRY_RETENTION_DAYS %j is %i days", (env, days) => {
    expect(retentionDaysFromEnv(env)).toBe(days);
  });

  it.each(["0", "-5", "two years", "1.5", "36501"])("ENQUIRY_RETENTION_DAYS=%s is refused naming the setting", (raw) => {
    expect(() => retentionDaysFromEnv({ ENQUIRY_RETENTION_DAYS: raw })).toThrow(
      new ConfigError(`ENQUIRY_RETENTION_DAYS must be a whole number of days from 1 to 36500, not "${raw}".`),
    );
  });

  it("the server removes what is older at start-up and then every day, logging counts only", async () => {
    const time = clock(T0);
    const store = openSqliteStore({ path: tempDbPath(), now: time.now, deliveryChannels: ["email"] });
    opened.push(store);
    await store.insert(ASHA);
    time.set(T0 + DAY_MS);
    await store.insert(RAVI);
    const lines: string[] = [];
    const log = { info: (line: string) => lines.push(line), error: (line: string) => lines.push(`error: ${line}`) };
    time.set(T0 + (DEFAULT_RETENTION_DAYS + 0.5) * DAY_MS);
    const retention = startRetention({ store, days: DEFAULT_RETENTION_DAYS, log, now: time.now, intervalMs: 50 });
    try {
      await eventually(() => lines.length === 1, 5_000, "the first pass");
      expect(lines).toEqual(["Removed 1 enquiry and 1 delivery received before 2025-05-22T21:00:00.000Z (ENQUIRY_RETENTION_DAYS=730)."]);
      time.set(T0 + (DEFAULT_RETENTION_DAYS + 1.5) * DAY_MS);
      await eventually(() => lines.length === 2, 5_000, "the next day's pass");
      expect(lines[1]).toBe("Removed 1 enquiry and 1 delivery received before 2025-05-23T21:00:00.000Z (ENQUIRY_RETENTION_DAYS=730).");
      expect(await store.count()).toBe(0);
    } finally {
      await retention.stop();
    }
    expect(lines.join("\n")).not.toMatch(/asha|ravi|example|\+91/i);
  });

  it.each([
    [{ enquiries: 1, deliveries: 1 }, "Removed 1 enquiry and 1 delivery received before 2025-05-22T09:00:00.000Z (ENQUIRY_RETENTION_DAYS=730)."],
    [{ enquiries: 3, deliveries: 0 }, "Removed 3 enquiries and 0 deliveries received before 2025-05-22T09:00:00.000Z (ENQUIRY_RETENTION_DAYS=730)."],
  ])("purge says %j as %s", (removed, text) => {
    expect(purgeReport(removed, T0, 730)).toBe(text);
  });

  it("erase never repeats the address it was given", () => {
    expect(eraseReport({ enquiries: 2, deliveries: 4 })).toBe(
      "Erased 2 enquiries and 4 deliveries sent with that address, with their idempotency keys; the erasure is recorded without the address.",
    );
  });
});

describe("npm run enquiries: the personal-data commands' arguments", () => {
  it.each([
    [["purge"], { command: "purge" }],
    [["purge", "--all"], null],
    [["find", "--email", "a@example.com"], { command: "find", email: "a@example.com" }],
    [["find", "--email=a@example.com"], { command: "find", email: "a@example.com" }],
    [["erase", "--email", " a@example.com "], { command: "erase", email: "a@example.com" }],
    [["find"], null],
    [["find", "--email"], null],
    [["erase", "--email", ""], null],
    [["erase", "--email", "not-an-address"], null],
    [["erase", "a@example.com"], null],
    [["erase", "--email", "a@example.com", "--email", "b@example.com"], null],
    [["erase", "--email", "a@example.com", "b@example.com"], null],
    [["find", "--email", "a@example.com", "--format", "csv"], null],
  ])("parse %j", (args, command) => {
    expect(parseEnquiriesArgs(args)).toEqual(command);
  });

  it("a missing address is a usage error, exit 2, and nothing is erased", () => {
    const result = cli(["erase"], { ENQUIRY_DB: tempDbPath() });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${ENQUIRIES_USAGE}\n`);
  });

  it("a bad ENQUIRY_RETENTION_DAYS is one line naming it, exit 2", () => {
    const result = cli(["purge"], { ENQUIRY_DB: tempDbPath(), ENQUIRY_RETENTION_DAYS: "forever" });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('ENQUIRY_RETENTION_DAYS must be a whole number of days from 1 to 36500, not "forever".\n');
  });

  it("checks DATABASE_URL as the server does: one line naming it, exit 2", () => {
    const result = cli(["list"], { ENQUIRY_DB: tempDbPath(), DATABASE_URL: "mysql://db.internal/nexa" });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe('DATABASE_URL must start with postgres:// or postgresql://, not "mysql://".\n');
  });

  it("is not stopped by a setting only the server reads", () => {
    const result = cli(["purge"], { ENQUIRY_DB: tempDbPath(), PORT: "http", LOG_LEVEL: "loud" });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^Removed 0 enquiries and 0 deliveries received before /);
  });
});
