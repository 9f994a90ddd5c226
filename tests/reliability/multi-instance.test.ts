import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { VALID_ENQUIRY } from "../unit/server/helpers.ts";
import { freshDatabase, postgresOnly } from "../unit/server/postgres.ts";
import { postJson } from "../unit/server/raw-http.ts";
import { killAllServers, spawnServer, type ServerProcess } from "./server-process.ts";

/**
 * Several stateless API processes sharing one database, each behind "a proxy" (requests
 * carry X-Forwarded-For, TRUST_PROXY=loopback): the rate limit and idempotency hold across
 * them, because both are decided inside the database transaction that stores.
 */

const dirs: string[] = [];

async function sharedDatabase(kind: "PostgreSQL" | "SQLite"): Promise<Record<string, string>> {
  if (kind === "PostgreSQL") return { DATABASE_URL: await freshDatabase() };
  const dir = mkdtempSync(join(tmpdir(), "nexa-multi-"));
  dirs.push(dir);
  return { ENQUIRY_DB: join(dir, "enquiries.db") };
}

afterEach(async () => {
  await killAllServers();
});

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const KINDS = [
  // The setup the issue is about: instances on several machines share PostgreSQL.
  { kind: "PostgreSQL" as const },
  // Several processes on one machine may also share one SQLite file.
  { kind: "SQLite" as const },
];

describe.each(KINDS)("two API instances on one $kind database", ({ kind }) => {
  it("admit exactly the limit per IP, in total, under concurrent requests to both", { ...postgresOnly(kind === "PostgreSQL"), timeout: 90_000 }, async () => {
    const env = { ...(await sharedDatabase(kind)), ENQUIRY_RATE_LIMIT: "5", TRUST_PROXY: "loopback" };
    // Started together: both apply migrations and agree on one stored IP hash key.
    const instances: ServerProcess[] = await Promise.all([spawnServer(env), spawnServer(env)]);
    const ips = ["198.51.100.10", "198.51.100.11", "198.51.100.12"];
    const requests = ips.flatMap((ip) =>
      Array.from({ length: 30 }, (_, i) => postJson(instances[i % 2]!.url, VALID_ENQUIRY, { "x-forwarded-for": ip }).then((r) => ({ ip, status: r.status }))),
    );
    const results = await Promise.all(requests);
    for (const ip of ips) {
      const statuses = results.filter((r) => r.ip === ip).map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    }
    // Each instance sees the other's enquiries: a new IP still has its full allowance on either.
    const fresh = await Promise.all(Array.from({ length: 6 }, (_, i) => postJson(instances[i % 2]!.url, VALID_ENQUIRY, { "x-forwarded-for": "203.0.113.77" })));
    expect(fresh.map((r) => r.status).sort()).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("store one enquiry for one Idempotency-Key sent to both at once", { ...postgresOnly(kind === "PostgreSQL"), timeout: 90_000 }, async () => {
    const env = { ...(await sharedDatabase(kind)), ENQUIRY_RATE_LIMIT: "0" };
    const instances = await Promise.all([spawnServer(env), spawnServer(env)]);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postJson(instances[i % 2]!.url, VALID_ENQUIRY, { "idempotency-key": "double-submit-1" })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(responses.map((r) => (r.json as { session_id: string }).session_id)).size).toBe(1);
  });

  it("keep serving when one of them is killed", { ...postgresOnly(kind === "PostgreSQL"), timeout: 90_000 }, async () => {
    const env = { ...(await sharedDatabase(kind)), ENQUIRY_RATE_LIMIT: "0" };
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    await a!.kill9();
    const responses = await Promise.all(Array.from({ length: 10 }, () => postJson(b!.url, VALID_ENQUIRY)));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
  });
});
