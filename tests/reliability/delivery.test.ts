import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { openOutbox, type OutboxPlace } from "../../src/server/delivery/index.ts";
import type { DeliveryRow } from "../../src/server/delivery/outbox.ts";
import { eventually, startReceiver, type TestReceiver } from "../unit/server/delivery-receivers.ts";
import { VALID_ENQUIRY } from "../unit/server/helpers.ts";
import { freshDatabase, postgresOnly } from "../unit/server/postgres.ts";
import { postJson } from "../unit/server/raw-http.ts";
import { killAllServers, spawnServer } from "./server-process.ts";

/**
 * Deliveries survive kill -9 (at least once: a delivery cut off mid-send is sent again, with
 * the same delivery id, once its lease has passed), and several API processes on one database
 * share the work without sending anything twice.
 */

const SECRET = "whsec_reliability";
const dirs: string[] = [];
const receivers: TestReceiver[] = [];

interface Place {
  env: Record<string, string>;
  outbox: OutboxPlace;
}

async function place(kind: "SQLite" | "PostgreSQL"): Promise<Place> {
  if (kind === "PostgreSQL") {
    const url = await freshDatabase();
    return { env: { DATABASE_URL: url }, outbox: { databaseUrl: url, dbPath: "" } };
  }
  const dir = mkdtempSync(join(tmpdir(), "nexa-delivery-"));
  dirs.push(dir);
  const dbPath = join(dir, "enquiries.db");
  return { env: { ENQUIRY_DB: dbPath }, outbox: { dbPath } };
}

async function deliveries(where: OutboxPlace): Promise<DeliveryRow[]> {
  const outbox = openOutbox(where);
  try {
    return await outbox.list(1000);
  } finally {
    await outbox.close();
  }
}

async function receiver(answer: Parameters<typeof startReceiver>[1]): Promise<TestReceiver> {
  const started = await startReceiver(0, answer);
  receivers.push(started);
  return started;
}

afterEach(async () => {
  await killAllServers();
  for (const r of receivers.splice(0)) await r.close();
});

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const KINDS = [
  { kind: "SQLite" as const, needsPostgres: false },
  { kind: "PostgreSQL" as const, needsPostgres: true },
];

describe.each(KINDS)("deliveries on $kind", ({ kind, needsPostgres }) => {
  it(
    "a delivery cut off by kill -9 mid-send is sent again, with the same delivery id, after a restart",
    { ...postgresOnly(needsPostgres), timeout: 120_000 },
    async () => {
      const where = await place(kind);
      // The first request is never answered: the server is killed while it waits.
      const hook = await receiver((index) => (index === 0 ? "hang" : 200));
      const env = { ...where.env, ENQUIRY_WEBHOOK_URL: hook.url, ENQUIRY_WEBHOOK_SECRET: SECRET, ENQUIRY_RATE_LIMIT: "0" };
      const first = await spawnServer(env);
      const response = await postJson(first.url, VALID_ENQUIRY);
      expect(response.status).toBe(201);
      await eventually(() => hook.requests.length === 1, 15_000, "the first try");
      await first.kill9();

      const second = await spawnServer(env);
      // The lease (30 s) has to pass before another worker may take the delivery up.
      const [row] = await eventually(
        async () => {
          const rows = await deliveries(where.outbox);
          return rows[0]?.status === "delivered" && rows;
        },
        60_000,
        "the delivery after the restart",
      );
      expect(row).toMatchObject({ channel: "webhook", attempts: 2, session_id: (response.json as { session_id: string }).session_id });
      expect(hook.requests).toHaveLength(2);
      const ids = hook.requests.map((r) => (JSON.parse(r.body) as { delivery_id: string }).delivery_id);
      expect(ids).toEqual([row!.id, row!.id]);
      await second.stop();
      expect(second.child.exitCode).toBe(0);
    },
  );

  it("two API processes on one database deliver every enquiry exactly once between them", { ...postgresOnly(needsPostgres), timeout: 90_000 }, async () => {
    const where = await place(kind);
    const hook = await receiver(() => 200);
    const env = { ...where.env, ENQUIRY_WEBHOOK_URL: hook.url, ENQUIRY_WEBHOOK_SECRET: SECRET, ENQUIRY_RATE_LIMIT: "0" };
    const instances = await Promise.all([spawnServer(env), spawnServer(env)]);
    const posted = await Promise.all(Array.from({ length: 60 }, (_, i) => postJson(instances[i % 2]!.url, { ...VALID_ENQUIRY, first_name: `P${i}` })));
    expect(posted.map((r) => r.status)).toEqual(Array(60).fill(201));
    const rows = await eventually(
      async () => {
        const all = await deliveries(where.outbox);
        return all.length === 60 && all.every((r) => r.status === "delivered") && all;
      },
      30_000,
      "60 deliveries",
    );
    const received = hook.requests.map((r) => (JSON.parse(r.body) as { delivery_id: string }).delivery_id);
    expect(received.sort()).toEqual(rows.map((r) => r.id).sort());
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });
});
