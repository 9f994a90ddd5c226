import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import type { Channel } from "../../../src/server/delivery/config.ts";
import type { Enquiry } from "../../../src/server/enquiry.ts";
import { NewerDatabaseError } from "../../../src/server/migrations.ts";
import { openPgStore } from "../../../src/server/pg-store.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import type { EnquiryStore, InsertResult, PersonalDataStore } from "../../../src/server/store.ts";
import { tempDbPath, VALID_ENQUIRY } from "./helpers.ts";
import { freshDatabase, postgresOnly } from "./postgres.ts";

/**
 * The one contract every EnquiryStore keeps, run against SQLite and a real PostgreSQL.
 * A "place" is one database (a SQLite file, a PostgreSQL database); several stores opened
 * on one place are several server instances sharing it.
 */
interface StoreOptions {
  now?: () => number;
  ipHashKey?: string;
  formSecret?: string;
  deliveryChannels?: readonly Channel[];
}

interface Place {
  open(options?: StoreOptions): Promise<EnquiryStore & PersonalDataStore>;
  /** Rows of a query, straight from the database (not through a store). */
  rows(sql: string): Promise<Record<string, unknown>[]>;
  /** Runs statements straight on the database, as an older version of the server left it. */
  exec(sql: string): Promise<void>;
}

interface Kind {
  name: string;
  place(): Promise<Place>;
}

const opened: EnquiryStore[] = [];

function remember<S extends EnquiryStore>(store: S): S {
  opened.push(store);
  return store;
}

const KINDS: Kind[] = [
  {
    name: "SQLite",
    async place() {
      const path = tempDbPath();
      return {
        open: async (options = {}) => remember(openSqliteStore({ path, ...options })),
        async rows(sql) {
          const db = new BetterSqlite3(path, { readonly: true });
          try {
            return db.prepare(sql).all() as Record<string, unknown>[];
          } finally {
            db.close();
          }
        },
        async exec(sql) {
          const db = new BetterSqlite3(path);
          try {
            db.exec(sql);
          } finally {
            db.close();
          }
        },
      };
    },
  },
  {
    name: "PostgreSQL",
    async place() {
      const connectionString = await freshDatabase();
      return {
        open: async (options = {}) => remember(await openPgStore({ connectionString, ...options })),
        async rows(sql) {
          const client = new pg.Client({ connectionString });
          await client.connect();
          try {
            return (await client.query(sql)).rows as Record<string, unknown>[];
          } finally {
            await client.end();
          }
        },
        async exec(sql) {
          const client = new pg.Client({ connectionString });
          await client.connect();
          try {
            await client.query(sql);
          } finally {
            await client.end();
          }
        },
      };
    },
  },
];

// Session ids are UUID v7 (src/server/time-ordered-id.mjs): the time first, so they sort by it.
const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const T0 = Date.parse("2025-05-22T09:00:00.000Z");

function sessionIdOf(result: InsertResult): string {
  if (result.outcome === "limited" || result.outcome === "key-reused") throw new Error(`expected a session id, got ${result.outcome}`);
  return result.sessionId;
}

describe.each(KINDS)("$name enquiry store", (kind) => {
  describe("contract", postgresOnly(kind.name === "PostgreSQL"), () => {
    // Close what each test opened, so its PostgreSQL database can be dropped after.
    afterEach(async () => {
      for (const store of opened.splice(0).reverse()) await store.close();
    });

    it("applies the migrations once, however often it is opened", async () => {
      const place = await kind.place();
      await (await place.open()).close();
      await (await place.open()).close();
      expect(await place.rows("SELECT version, name FROM schema_migrations ORDER BY version")).toEqual([
        { version: 1, name: "enquiries" },
        { version: 2, name: "request_hash" },
        { version: 3, name: "enquiry_deliveries" },
        { version: 4, name: "data_removals" },
        { version: 5, name: "spam" },
        { version: 6, name: "staff" },
      ]);
    });

    // The spam defences were first written as migration 004 beside another 004
    // (data_removals); a database made on that line records spam as 4 and has no data_removals.
    it("migrates a database that recorded spam as migration 4: renumbers it, then adds data_removals", async () => {
      const place = await kind.place();
      await (await place.open()).close();
      await place.exec(`DROP INDEX enquiries_email; DROP TABLE data_removals;
        DELETE FROM schema_migrations WHERE version = 4; UPDATE schema_migrations SET version = 4 WHERE name = 'spam'`);
      const store = await place.open({ now: () => T0 });
      expect(await place.rows("SELECT version, name FROM schema_migrations ORDER BY version")).toEqual([
        { version: 1, name: "enquiries" },
        { version: 2, name: "request_hash" },
        { version: 3, name: "enquiry_deliveries" },
        { version: 4, name: "data_removals" },
        { version: 5, name: "spam" },
        { version: 6, name: "staff" },
      ]);
      sessionIdOf(await store.insert(VALID_ENQUIRY, { spamReasons: ["honeypot"] }));
      expect(await store.eraseByEmail(VALID_ENQUIRY.email)).toEqual({ enquiries: 1, deliveries: 0 });
      expect(await place.rows("SELECT reason, enquiries FROM data_removals")).toEqual([{ reason: "erasure", enquiries: 1 }]);
    });

    it("refuses a database a newer version migrated, naming the migration it does not know, and leaves it as it was", async () => {
      const place = await kind.place();
      await (await place.open()).close();
      await place.exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (7, 'visitors', '2027-01-01T00:00:00Z')");
      await expect(place.open()).rejects.toThrow(
        new NewerDatabaseError(
          "The database has migration 7 (visitors), which this version of the server does not know (it knows up to 6 (staff)): " +
            "a newer version migrated it. Run that version or a newer one, or restore a backup taken before it.",
        ),
      );
      expect((await place.rows("SELECT version FROM schema_migrations ORDER BY version")).map((row) => row.version)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    });

    it("stores an enquiry and lists it back, field for field", async () => {
      const place = await kind.place();
      const store = await place.open({ now: () => T0 });
      const result = await store.insert(VALID_ENQUIRY);
      expect(result.outcome).toBe("created");
      const [row] = await store.list();
      expect(row).toEqual({
        id: expect.any(Number),
        session_id: sessionIdOf(result),
        ...VALID_ENQUIRY,
        created_at: "2025-05-22T09:00:00.000Z",
      });
      expect(row!.session_id).toMatch(UUID_V7);
    });

    it("gives session ids that carry the enquiry's time and sort in the order they were stored", async () => {
      const place = await kind.place();
      let ms = T0;
      const store = await place.open({ now: () => ms });
      const ids: string[] = [];
      for (const step of [0, 1, 1, 60_000]) {
        ms += step;
        ids.push(sessionIdOf(await store.insert(VALID_ENQUIRY)));
      }
      expect(ids.map((id) => parseInt(id.replace(/-/g, "").slice(0, 12), 16))).toEqual([T0, T0 + 1, T0 + 2, T0 + 60_002]);
      expect([...ids].sort()).toEqual(ids);
      expect((await store.list({ order: "oldest-first" })).map((row) => row.session_id)).toEqual(ids);
    });

    it("stores an enquiry without a message as an empty message", async () => {
      const place = await kind.place();
      const store = await place.open();
      const { message: _omitted, ...withoutMessage } = VALID_ENQUIRY;
      await store.insert(withoutMessage as Enquiry);
      expect((await store.list())[0]?.message).toBe("");
    });

    it("keeps any text verbatim: quotes, SQL, right-to-left scripts, emoji, line breaks", async () => {
      const place = await kind.place();
      const store = await place.open();
      const odd: Enquiry = {
        first_name: "Robert'); DROP TABLE enquiries;--",
        last_name: "محمد 👩‍👩‍👧‍👦",
        email: "o'brien+tag@example.com",
        phone: "+919876543210",
        subject: `" OR "1"="1`,
        message: "line one\nline two\ttabbed \\ backslash $1 %s ${x}",
      };
      await store.insert(odd);
      const [row] = await store.list();
      expect(row).toMatchObject(odd);
      expect(await store.count()).toBe(1);
    });

    it("has the same columns, and stores a keyed hash of the IP, never the address", async () => {
      const place = await kind.place();
      const store = await place.open();
      await store.insert(VALID_ENQUIRY, { ip: "198.51.100.23" });
      const rows = await place.rows("SELECT * FROM enquiries");
      expect(Object.keys(rows[0]!)).toEqual([
        "id",
        "session_id",
        "first_name",
        "last_name",
        "email",
        "phone",
        "subject",
        "message",
        "idempotency_key",
        "ip_hash",
        "created_at",
        "request_hash",
        "spam_reasons",
        "released_at",
      ]);
      expect(rows[0]?.ip_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain("198.51.100.23");
    });

    it("answers a repeated idempotency key with the first session id and stores nothing", async () => {
      const place = await kind.place();
      const store = await place.open();
      const first = await store.insert(VALID_ENQUIRY, { idempotencyKey: "abc" });
      const second = await store.insert({ ...VALID_ENQUIRY }, { idempotencyKey: "abc" });
      expect(first.outcome).toBe("created");
      expect(second).toEqual({ outcome: "repeat", sessionId: sessionIdOf(first) });
      expect(await store.count()).toBe(1);
    });

    it.each(["first_name", "last_name", "email", "phone", "subject", "message"] as const)(
      "refuses an idempotency key reused with a different %s, and stores nothing",
      async (field) => {
        const place = await kind.place();
        const store = await place.open();
        await store.insert(VALID_ENQUIRY, { idempotencyKey: "abc" });
        const changed = { ...VALID_ENQUIRY, [field]: `${VALID_ENQUIRY[field] ?? ""}x` };
        expect(await store.insert(changed, { idempotencyKey: "abc" })).toEqual({ outcome: "key-reused" });
        expect(await store.count()).toBe(1);
        expect((await store.list())[0]?.[field]).toBe(VALID_ENQUIRY[field]);
      },
    );

    it("refuses an IP at its limit, counting a sliding window, and reports the oldest counted", async () => {
      let now = T0;
      const place = await kind.place();
      const store = await place.open({ now: () => now });
      const limitAt = (max: number) => ({ ip: "203.0.113.9", limit: { max, sinceMs: now - 10 * 60_000 } });
      for (const step of [0, 60_000, 60_000]) {
        now += step;
        expect((await store.insert(VALID_ENQUIRY, limitAt(3))).outcome).toBe("created");
      }
      expect(await store.insert(VALID_ENQUIRY, limitAt(3))).toEqual({ outcome: "limited", count: 3, oldestAt: T0 });
      expect((await store.insert(VALID_ENQUIRY, { ...limitAt(3), ip: "203.0.113.10" })).outcome).toBe("created");
      now = T0 + 10 * 60_000 + 1; // the first one has left the window
      expect((await store.insert(VALID_ENQUIRY, limitAt(3))).outcome).toBe("created");
      expect(await store.count()).toBe(5);
    });

    it("answers a repeated idempotency key even when the IP is over its limit", async () => {
      const place = await kind.place();
      const store = await place.open();
      const options = { ip: "203.0.113.9", idempotencyKey: "once", limit: { max: 1, sinceMs: 0 } };
      const first = await store.insert(VALID_ENQUIRY, options);
      expect(await store.insert(VALID_ENQUIRY, options)).toEqual({ outcome: "repeat", sessionId: sessionIdOf(first) });
      expect((await store.insert(VALID_ENQUIRY, { ...options, idempotencyKey: "other" })).outcome).toBe("limited");
    });

    it("keeps the IP hash key across restarts, so limits survive them", async () => {
      const place = await kind.place();
      const limit = { max: 1, sinceMs: 0 };
      const first = await place.open();
      await first.insert(VALID_ENQUIRY, { ip: "198.51.100.23", limit });
      await first.close();
      const second = await place.open();
      expect((await second.insert(VALID_ENQUIRY, { ip: "198.51.100.23", limit })).outcome).toBe("limited");
      expect((await second.insert(VALID_ENQUIRY, { ip: "198.51.100.24", limit })).outcome).toBe("created");
    });

    it("lets two instances with one configured IP hash key share limits", async () => {
      const place = await kind.place();
      const limit = { max: 1, sinceMs: 0 };
      const a = await place.open({ ipHashKey: "shared-secret" });
      const b = await place.open({ ipHashKey: "shared-secret" });
      expect((await a.insert(VALID_ENQUIRY, { ip: "198.51.100.7", limit })).outcome).toBe("created");
      expect((await b.insert(VALID_ENQUIRY, { ip: "198.51.100.7", limit })).outcome).toBe("limited");
    });

    it("never admits one too many when two instances take the same IP's enquiries at once", async () => {
      const place = await kind.place();
      const instances = [await place.open(), await place.open()];
      const limit = { max: 5, sinceMs: 0 };
      const results = await Promise.all(Array.from({ length: 24 }, (_, i) => instances[i % 2]!.insert(VALID_ENQUIRY, { ip: "192.0.2.50", limit })));
      const outcomes = results.map((r) => r.outcome);
      expect(outcomes.filter((o) => o === "created")).toHaveLength(5);
      expect(outcomes.filter((o) => o === "limited")).toHaveLength(19);
      expect(await instances[0]!.count()).toBe(5);
    });

    it("stores one row for one idempotency key sent to two instances at once", async () => {
      const place = await kind.place();
      const instances = [await place.open(), await place.open()];
      const results = await Promise.all(Array.from({ length: 16 }, (_, i) => instances[i % 2]!.insert(VALID_ENQUIRY, { idempotencyKey: "double-click" })));
      expect(results.filter((r) => r.outcome === "created")).toHaveLength(1);
      expect(new Set(results.map(sessionIdOf)).size).toBe(1);
      expect(await instances[1]!.count()).toBe(1);
    });

    it("has committed the row when insert resolves: another connection sees it at once", async () => {
      const place = await kind.place();
      const store = await place.open();
      const results = await Promise.all(Array.from({ length: 20 }, () => store.insert(VALID_ENQUIRY)));
      const ids = (await place.rows("SELECT session_id FROM enquiries")).map((r) => String(r.session_id));
      expect(ids.sort()).toEqual(results.map(sessionIdOf).sort());
    });

    // Both stores commit a burst together, with one decision for the batch: each enquiry is
    // answered as if it had come alone, after the ones before it.
    it("answers a burst sent at once as one after the other: repeats, reused keys, limits and replays counted across it", async () => {
      const place = await kind.place();
      const store = await place.open({ now: () => T0, deliveryChannels: ["email"] });
      const limited = { ip: "192.0.2.7", limit: { max: 2, sinceMs: 0 } };
      const challenge = { id: "burst-challenge", expiresAtMs: T0 + 60_000 };
      const results = await Promise.all([
        store.insert({ ...VALID_ENQUIRY, first_name: "A" }, { idempotencyKey: "k1", ...limited }),
        store.insert({ ...VALID_ENQUIRY, first_name: "A" }, { idempotencyKey: "k1", ...limited }),
        store.insert({ ...VALID_ENQUIRY, first_name: "B" }, { idempotencyKey: "k1" }),
        store.insert({ ...VALID_ENQUIRY, first_name: "C" }, { ...limited, challenge }),
        store.insert({ ...VALID_ENQUIRY, first_name: "D" }, limited),
        store.insert({ ...VALID_ENQUIRY, first_name: "E" }, { challenge }),
        store.insert({ ...VALID_ENQUIRY, first_name: "F" }),
      ]);
      const first = sessionIdOf(results[0]!);
      expect(results.map((r) => (r.outcome === "limited" ? { ...r, oldestAt: r.oldestAt - T0 } : { outcome: r.outcome }))).toEqual([
        { outcome: "created" },
        { outcome: "repeat" },
        { outcome: "key-reused" },
        { outcome: "created" },
        { outcome: "limited", count: 2, oldestAt: 0 },
        { outcome: "created" },
        { outcome: "created" },
      ]);
      expect(results[1]).toEqual({ outcome: "repeat", sessionId: first });
      const rows = await place.rows(
        "SELECT e.first_name, e.spam_reasons, (SELECT COUNT(*) FROM enquiry_deliveries d WHERE d.enquiry_id = e.id) AS deliveries FROM enquiries e ORDER BY e.id",
      );
      expect(rows.map((row) => [row.first_name, row.spam_reasons, Number(row.deliveries)])).toEqual([
        ["A", null, 1],
        ["C", null, 1],
        ["E", '["pow-replayed"]', 0],
        ["F", null, 1],
      ]);
    });

    it("fails only the enquiry at fault in a burst: the others are stored and answered", async () => {
      const place = await kind.place();
      const store = await place.open();
      // What validation would refuse (a missing name): the database refuses it too.
      const broken = { ...VALID_ENQUIRY, first_name: undefined } as unknown as Enquiry;
      const results = await Promise.allSettled([
        store.insert({ ...VALID_ENQUIRY, first_name: "Before" }),
        store.insert(broken),
        store.insert({ ...VALID_ENQUIRY, first_name: "Keyed" }, { idempotencyKey: "k" }),
        store.insert({ ...VALID_ENQUIRY, first_name: "Keyed" }, { idempotencyKey: "k" }),
      ]);
      expect(results.map((r) => (r.status === "fulfilled" ? r.value.outcome : "rejected"))).toEqual(["created", "rejected", "created", "repeat"]);
      expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/first_name/);
      expect((await store.list({ order: "oldest-first" })).map((e) => e.first_name)).toEqual(["Before", "Keyed"]);
    });

    it("lists newest first by default, oldest first on request, in pages", async () => {
      const place = await kind.place();
      const store = await place.open();
      for (const first_name of ["A", "B", "C", "D"]) await store.insert({ ...VALID_ENQUIRY, first_name });
      const names = async (options: Parameters<typeof store.list>[0]) => (await store.list(options)).map((row) => row.first_name);
      expect(await names({})).toEqual(["D", "C", "B", "A"]);
      expect(await names({ limit: 2 })).toEqual(["D", "C"]);
      expect(await names({ limit: 2, offset: 2, order: "oldest-first" })).toEqual(["C", "D"]);
      expect(await names({ offset: 3, order: "oldest-first" })).toEqual(["D"]);
      await expect(store.list({ limit: -1 })).rejects.toThrow("limit must be a whole number of 0 or more.");
    });

    it("can be closed twice, and refuses inserts once closed", async () => {
      const place = await kind.place();
      const store = await place.open();
      await store.close();
      await expect(store.close()).resolves.toBeUndefined();
      await expect(store.insert(VALID_ENQUIRY)).rejects.toThrow("The enquiry store is closed.");
    });
    it("keeps spam with its reasons and no delivery rows; a used challenge makes the next one spam; release queues the deliveries", async () => {
      const place = await kind.place();
      const store = await place.open({ now: () => T0, deliveryChannels: ["email", "webhook"] });
      const challenge = { id: "challenge-1", expiresAtMs: T0 + 86_400_000 };
      const clean = sessionIdOf(await store.insert({ ...VALID_ENQUIRY, first_name: "Clean" }, { challenge }));
      const replayed = sessionIdOf(await store.insert({ ...VALID_ENQUIRY, first_name: "Replay" }, { challenge }));
      const flagged = sessionIdOf(await store.insert({ ...VALID_ENQUIRY, first_name: "Flagged" }, { spamReasons: ["honeypot", "links"], challenge }));
      const rows = await place.rows(
        "SELECT e.first_name, e.spam_reasons, (SELECT COUNT(*) FROM enquiry_deliveries d WHERE d.enquiry_id = e.id) AS deliveries FROM enquiries e ORDER BY e.id",
      );
      const reasons = (value: unknown) => (value === null ? null : (JSON.parse(String(value)) as string[]));
      expect(rows.map((row) => [row.first_name, reasons(row.spam_reasons), Number(row.deliveries)])).toEqual([
        ["Clean", null, 2],
        ["Replay", ["pow-replayed"], 0],
        ["Flagged", ["honeypot", "links", "pow-replayed"], 0],
      ]);
      expect((await store.list()).map((e) => e.session_id)).toEqual([clean]);
      expect(await store.count()).toBe(1);
      expect((await store.listSpam(10)).map((e) => [e.session_id, e.spam_reasons])).toEqual([
        [flagged, ["honeypot", "links", "pow-replayed"]],
        [replayed, ["pow-replayed"]],
      ]);
      expect(await store.releaseSpam(replayed, ["email"])).toEqual({ outcome: "released", channels: 1 });
      expect(await store.releaseSpam(replayed, ["email"])).toEqual({ outcome: "not-spam" });
      expect(await store.releaseSpam(clean, ["email"])).toEqual({ outcome: "not-spam" });
      expect(await store.releaseSpam("00000000-0000-4000-8000-000000000000", ["email"])).toEqual({ outcome: "not-found" });
      expect(await store.releaseSpam("not-a-uuid", ["email"])).toEqual({ outcome: "not-found" });
      expect((await store.list()).map((e) => e.session_id)).toEqual([replayed, clean]);
      expect((await store.listSpam(10)).map((e) => e.session_id)).toEqual([flagged]);
    });

    it("keeps one form secret for every opening of the database, unless one is given", async () => {
      const place = await kind.place();
      const first = (await place.open()).formSecret;
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect((await place.open()).formSecret).toBe(first);
      expect((await place.open({ formSecret: "s".repeat(40) })).formSecret).toBe("s".repeat(40));
    });
  });
});
