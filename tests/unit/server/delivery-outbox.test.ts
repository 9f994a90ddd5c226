import { afterEach, describe, expect, it } from "vitest";
import type { Channel } from "../../../src/server/delivery/config.ts";
import type { Outbox } from "../../../src/server/delivery/outbox.ts";
import { openPgOutbox } from "../../../src/server/delivery/pg-outbox.ts";
import { openSqliteOutbox } from "../../../src/server/sqlite-store.ts";
import { openPgStore } from "../../../src/server/pg-store.ts";
import { openSqliteStore } from "../../../src/server/sqlite-store.ts";
import type { EnquiryStore } from "../../../src/server/store.ts";
import { tempDbPath, VALID_ENQUIRY } from "./helpers.ts";
import { freshDatabase, postgresOnly } from "./postgres.ts";

/** The outbox contract, on SQLite and on a real PostgreSQL: rows written with the enquiry, claimed once, leased, settled, requeued. */

interface Place {
  store(channels?: readonly Channel[], options?: { now?: () => number }): Promise<EnquiryStore>;
  /** An outbox on the place; with `now`, it reads that clock instead of the real one. */
  outbox(now?: () => number): Outbox;
}

const opened: { close(): Promise<void> }[] = [];
const keep = <T extends { close(): Promise<void> }>(thing: T): T => {
  opened.push(thing);
  return thing;
};

afterEach(async () => {
  for (const thing of opened.splice(0).reverse()) await thing.close();
});

const KINDS = [
  {
    name: "SQLite",
    needsPostgres: false,
    async place(): Promise<Place> {
      const path = tempDbPath();
      return {
        store: async (channels = [], options = {}) => keep(openSqliteStore({ path, deliveryChannels: channels, ...options })),
        outbox: (now?: () => number) => keep(openSqliteOutbox(path, now)),
      };
    },
  },
  {
    name: "PostgreSQL",
    needsPostgres: true,
    async place(): Promise<Place> {
      const connectionString = await freshDatabase();
      return {
        store: async (channels = [], options = {}) => keep(await openPgStore({ connectionString, deliveryChannels: channels, ...options })),
        outbox: (now?: () => number) => keep(openPgOutbox(connectionString, undefined, now)),
      };
    },
  },
];

const BOTH: Channel[] = ["email", "webhook"];

describe.each(KINDS)("$name delivery outbox", ({ needsPostgres, place: makePlace }) => {
  it("gets one pending row per channel with each new enquiry, and none for a repeat or a refused one", postgresOnly(needsPostgres), async () => {
    const place = await makePlace();
    const store = await place.store(BOTH);
    const first = await store.insert(VALID_ENQUIRY, { idempotencyKey: "k1", ip: "198.51.100.1", limit: { max: 1, sinceMs: 0 } });
    expect(first.outcome).toBe("created");
    expect((await store.insert(VALID_ENQUIRY, { idempotencyKey: "k1" })).outcome).toBe("repeat");
    expect((await store.insert(VALID_ENQUIRY, { ip: "198.51.100.1", limit: { max: 1, sinceMs: 0 } })).outcome).toBe("limited");
    const outbox = place.outbox();
    const rows = await outbox.list(100);
    expect(rows.map((row) => [row.channel, row.status, row.attempts, row.session_id, row.last_error])).toEqual(
      expect.arrayContaining([
        ["email", "pending", 0, first.outcome === "created" && first.sessionId, null],
        ["webhook", "pending", 0, first.outcome === "created" && first.sessionId, null],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.id)).size).toBe(2);
    // A UUID: v7 on SQLite (time-ordered-id.mjs), PostgreSQL's gen_random_uuid() (v4) there.
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[47][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await outbox.counts()).toEqual({ pending: 2, delivered: 0, failed: 0 });

    // Without channels (no delivery configured) nothing is queued.
    await store.close();
    const plain = await place.store([]);
    await plain.insert(VALID_ENQUIRY);
    expect(await outbox.counts()).toEqual({ pending: 2, delivered: 0, failed: 0 });
  });

  it("gives each due delivery to one claimer only, whatever the number of claimers", postgresOnly(needsPostgres), async () => {
    const place = await makePlace();
    const store = await place.store(BOTH);
    for (let i = 0; i < 15; i += 1) await store.insert({ ...VALID_ENQUIRY, first_name: `N${i}` });
    const claimers = [place.outbox(), place.outbox(), place.outbox()];
    const claimed: string[] = [];
    for (let round = 0; round < 10; round += 1) {
      const batches = await Promise.all(claimers.map((outbox) => outbox.claim(4, 60_000, BOTH)));
      claimed.push(...batches.flat().map((d) => d.id));
      if (batches.every((batch) => batch.length === 0)) break;
    }
    expect(claimed).toHaveLength(30);
    expect(new Set(claimed).size).toBe(30);
  });

  it("claims only the channels asked for, with the enquiry as stored", postgresOnly(needsPostgres), async () => {
    const place = await makePlace();
    const store = await place.store(BOTH);
    const result = await store.insert(VALID_ENQUIRY);
    const [due, ...more] = await place.outbox().claim(10, 60_000, ["webhook"]);
    expect(more).toEqual([]);
    expect(due).toMatchObject({ channel: "webhook", attempts: 1, enquiry: { ...VALID_ENQUIRY } });
    expect(due!.enquiry.session_id).toBe(result.outcome === "created" ? result.sessionId : "");
    expect(due!.enquiry.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("takes a leased delivery up again only once the lease has passed (a worker killed mid-send)", postgresOnly(needsPostgres), async () => {
    const place = await makePlace();
    const store = await place.store(["webhook"]);
    await store.insert(VALID_ENQUIRY);
    // One clock for both claimers, moved by hand: the lease passes without waiting for it.
    let clock = Date.now();
    const [a, b] = [place.outbox(() => clock), place.outbox(() => clock)];
    const [first] = await a.claim(10, 500, ["webhook"]);
    expect(first!.attempts).toBe(1);
    clock += 499;
    expect(await b.claim(10, 500, ["webhook"])).toEqual([]);
    clock += 1;
    const [again] = await b.claim(10, 500, ["webhook"]);
    expect(again).toMatchObject({ id: first!.id, attempts: 2 });
  });

  it("records each outcome, and requeues failed deliveries or one by id", postgresOnly(needsPostgres), async () => {
    const place = await makePlace();
    const store = await place.store(BOTH);
    await store.insert(VALID_ENQUIRY);
    await store.insert({ ...VALID_ENQUIRY, first_name: "Ravi" });
    const outbox = place.outbox();
    const due = await outbox.claim(10, 60_000, BOTH);
    expect(due).toHaveLength(4);
    const [later, done, failed, released] = due as [(typeof due)[number], (typeof due)[number], (typeof due)[number], (typeof due)[number]];
    await outbox.settle(later.id, { status: "pending", delayMs: 60_000, error: "webhook answered 503" });
    await outbox.settle(done.id, { status: "delivered" });
    await outbox.settle(failed.id, { status: "failed", error: "SMTP: 554 no" });
    await outbox.settle(released.id, { status: "released" });
    expect(await outbox.counts()).toEqual({ pending: 2, delivered: 1, failed: 1 });

    const rows = await outbox.list(10);
    expect(rows.map((row) => row.status)).toEqual(["failed", "pending", "pending", "delivered"]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(failed.id)).toMatchObject({ attempts: 1, last_error: "SMTP: 554 no" });
    expect(byId.get(later.id)).toMatchObject({ attempts: 1, last_error: "webhook answered 503" });
    expect(Date.parse(byId.get(later.id)!.next_attempt_at) - Date.now()).toBeGreaterThan(50_000);
    expect(byId.get(done.id)!.delivered_at).not.toBeNull();
    expect(byId.get(released.id)).toMatchObject({ attempts: 0, last_error: null });

    // Only the released one is due now; the one to try later is not.
    expect((await outbox.claim(10, 60_000, BOTH)).map((d) => d.id)).toEqual([released.id]);

    expect(await outbox.retry("failed")).toBe(1);
    expect(await outbox.retry({ id: later.id })).toBe(1);
    expect(await outbox.retry({ id: "00000000-0000-4000-8000-000000000000" })).toBe(0);
    expect(await outbox.retry({ id: "not-a-delivery-id" })).toBe(0);
    const requeued = await outbox.claim(10, 60_000, BOTH);
    expect(requeued.map((d) => [d.id, d.attempts]).sort()).toEqual(
      [
        [failed.id, 1],
        [later.id, 1],
      ].sort(),
    );
  });
});
