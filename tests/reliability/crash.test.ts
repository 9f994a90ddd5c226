import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { VALID_ENQUIRY } from "../unit/server/helpers.ts";
import { freshDatabase, postgresOnly } from "../unit/server/postgres.ts";
import { postJson } from "../unit/server/raw-http.ts";
import { killAllServers, spawnServer, type ServerProcess } from "./server-process.ts";

/**
 * An enquiry acknowledged with 201 is never lost: the server is killed with SIGKILL while
 * enquiries stream in, restarted on the same database, and every acknowledged enquiry is
 * there. Requests that were in flight at the kill may or may not have been stored (their
 * answer never came); resending them with their Idempotency-Key stores each at most once.
 */

interface Backend {
  name: string;
  /** The environment that points a server at a fresh database, and a way to read it. */
  prepare(): Promise<{ env: Record<string, string>; sessionIds(): Promise<string[]>; check(): Promise<void> }>;
}

const dirs: string[] = [];

const BACKENDS: Backend[] = [
  {
    name: "SQLite",
    async prepare() {
      const dir = mkdtempSync(join(tmpdir(), "nexa-crash-"));
      dirs.push(dir);
      const path = join(dir, "enquiries.db");
      const read = <T>(fn: (db: BetterSqlite3.Database) => T): T => {
        const db = new BetterSqlite3(path, { readonly: true });
        try {
          return fn(db);
        } finally {
          db.close();
        }
      };
      return {
        env: { ENQUIRY_DB: path },
        sessionIds: async () => read((db) => db.prepare("SELECT session_id FROM enquiries").pluck().all() as string[]),
        async check() {
          expect(read((db) => db.pragma("integrity_check", { simple: true }))).toBe("ok");
        },
      };
    },
  },
  {
    name: "PostgreSQL",
    async prepare() {
      const url = await freshDatabase();
      const query = async (sql: string) => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          return (await client.query(sql)).rows as Record<string, unknown>[];
        } finally {
          await client.end();
        }
      };
      return {
        env: { DATABASE_URL: url },
        sessionIds: async () => (await query("SELECT session_id FROM enquiries")).map((r) => String(r.session_id)),
        async check() {
          // Unique indexes hold: no key was stored twice.
          expect(await query("SELECT idempotency_key FROM enquiries GROUP BY idempotency_key HAVING COUNT(*) > 1")).toEqual([]);
        },
      };
    },
  },
];

interface Sent {
  key: string;
  body: Record<string, string>;
  sessionId?: string;
  /** The request failed without an answer (the server died under it). */
  unanswered?: boolean;
}

/**
 * Streams enquiries at `server` from `workers` concurrent senders; kills the server with
 * SIGKILL once `killAfter` have been acknowledged, and keeps sending until every sender has
 * seen a failure, so some requests are in flight at the moment of the kill.
 */
async function streamAndKill(server: ServerProcess, round: number, killAfter: number, workers = 12): Promise<Sent[]> {
  const sent: Sent[] = [];
  let acknowledged = 0;
  let killed = false;
  const worker = async (w: number) => {
    for (let i = 0; i < 1000; i += 1) {
      const item: Sent = {
        key: `crash-${round}-${w}-${i}`,
        body: { ...VALID_ENQUIRY, first_name: `Round${round}`, last_name: `W${w}N${i}` },
      };
      sent.push(item);
      try {
        const response = await postJson(server.url, item.body, { "idempotency-key": item.key });
        expect(response.status).toBe(201);
        item.sessionId = (response.json as { session_id: string }).session_id;
        acknowledged += 1;
        if (acknowledged >= killAfter && !killed) {
          killed = true;
          void server.kill9();
        }
      } catch (error) {
        if (!killed) throw error;
        item.unanswered = true;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  await server.exited;
  return sent;
}

afterEach(async () => {
  await killAllServers();
});

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe.each(BACKENDS)("kill -9 with $name", (backend) => {
  it(
    "loses no acknowledged enquiry, stays consistent, and serves again after a restart",
    { ...postgresOnly(backend.name === "PostgreSQL"), timeout: 90_000 },
    async () => {
      const db = await backend.prepare();
      const env = { ...db.env, ENQUIRY_RATE_LIMIT: "0" };
      const all: Sent[] = [];
      try {
        for (const round of [1, 2]) {
          const server = await spawnServer(env);
          const sent = await streamAndKill(server, round, 120);
          all.push(...sent);
          const acked = sent.filter((s) => s.sessionId !== undefined);
          expect(acked.length).toBeGreaterThanOrEqual(120);
          expect(sent.some((s) => s.unanswered)).toBe(true);

          const stored = new Set(await db.sessionIds());
          expect(acked.filter((s) => !stored.has(s.sessionId!))).toEqual([]);
          await db.check();
        }

        // Restarted, it serves again; an unanswered request resent with its key is stored at most once.
        const server = await spawnServer(env);
        const before = (await db.sessionIds()).length;
        expect((await postJson(server.url, VALID_ENQUIRY)).status).toBe(201);
        const unanswered = all.filter((s) => s.unanswered);
        const retries = await Promise.all(unanswered.map((s) => postJson(server.url, s.body, { "idempotency-key": s.key })));
        expect(retries.map((r) => r.status)).toEqual(unanswered.map(() => 201));
        const after = await db.sessionIds();
        expect(after.length).toBeLessThanOrEqual(before + 1 + unanswered.length);
        expect(new Set(after).size).toBe(after.length);
        await db.check();
        await server.stop();
        expect(server.child.exitCode).toBe(0);
      } finally {
        await killAllServers();
      }
    },
  );
});
