import { randomBytes } from "node:crypto";
import type pg from "pg";
import { applyPgMigrations } from "../migrations.ts";
import {
  accountOf,
  auditOf,
  auditValues,
  normalEmail,
  passkeyOf,
  STAFF_COLUMNS,
  type AuditRow,
  type InviteResult,
  type PasskeyRow,
  type StaffAccount,
  type StaffRow,
  type StaffStore,
} from "./staff-store.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/** The staff store on PostgreSQL, with a small pool of its own: staff requests are few. */
export async function openPgStaffStore(connectionString: string): Promise<StaffStore> {
  const { default: driver } = await import("pg");
  const pool = new driver.Pool({ connectionString, max: 2, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000, application_name: "nexa-staff" });
  pool.on("error", (error: Error) => console.error(`PostgreSQL connection error: ${error.message}`));
  try {
    await applyPgMigrations(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }

  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  const byEmail = async (client: pg.PoolClient | pg.Pool, email: string) =>
    (await client.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff s WHERE s.email = $1`, [email])).rows[0];

  return {
    async count() {
      return (await pool.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM staff")).rows[0]!.n;
    },
    async invite(input, hash, expiresAtMs, nowMs) {
      const email = normalEmail(input.email);
      return inTransaction(async (client): Promise<InviteResult> => {
        let row = await byEmail(client, email);
        let created = false;
        if (!row) {
          if (input.name === undefined || input.role === undefined) return { outcome: "needs-name-and-role" };
          // Another invite making the same account meanwhile leaves it to that one: this invite is then for it.
          const inserted = await client.query(
            "INSERT INTO staff (email, name, role, user_handle, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (email) DO NOTHING",
            [email, input.name, input.role, randomBytes(32).toString("base64url"), iso(nowMs)],
          );
          created = inserted.rowCount === 1;
        } else {
          if (input.name !== undefined) await client.query("UPDATE staff SET name = $1 WHERE id = $2", [input.name, row.id]);
          if (input.role !== undefined) await client.query("UPDATE staff SET role = $1 WHERE id = $2", [input.role, row.id]);
        }
        row = (await byEmail(client, email))!;
        await client.query("INSERT INTO staff_invites (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)", [hash, row.id, iso(expiresAtMs)]);
        return { outcome: "invited", account: accountOf(row), created };
      });
    },
    async list() {
      const { rows } = await pool.query<StaffRow & { passkeys: number; sessions: number }>(
        `SELECT ${STAFF_COLUMNS},
           (SELECT COUNT(*)::int FROM staff_passkeys p WHERE p.staff_id = s.id) AS passkeys,
           (SELECT COUNT(*)::int FROM staff_sessions x WHERE x.staff_id = s.id) AS sessions
         FROM staff s ORDER BY s.email`,
      );
      return rows.map((row) => ({ ...accountOf(row), passkeys: row.passkeys, sessions: row.sessions }));
    },
    async setRole(email, role) {
      return ((await pool.query("UPDATE staff SET role = $1 WHERE email = $2", [role, normalEmail(email)])).rowCount ?? 0) === 1;
    },
    async remove(email) {
      return inTransaction(async (client) => {
        const row = await byEmail(client, normalEmail(email));
        if (!row) return false;
        for (const table of ["staff_sessions", "staff_passkeys", "staff_invites"]) await client.query(`DELETE FROM ${table} WHERE staff_id = $1`, [row.id]);
        await client.query("DELETE FROM staff WHERE id = $1", [row.id]);
        return true;
      });
    },
    async invited(hash, nowMs) {
      const { rows } = await pool.query<StaffRow>(
        `SELECT ${STAFF_COLUMNS} FROM staff_invites i JOIN staff s ON s.id = i.staff_id WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.expires_at > $2`,
        [hash, iso(nowMs)],
      );
      return rows[0] ? accountOf(rows[0]) : null;
    },
    async register(hash, passkey, sessionHash, nowMs) {
      const now = iso(nowMs);
      return inTransaction(async (client): Promise<StaffAccount | null> => {
        // The UPDATE takes the invite's row lock: of two registrations racing on one link, the second finds it used.
        const used = await client.query<{ staff_id: string }>(
          "UPDATE staff_invites SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING staff_id",
          [hash, now],
        );
        const staffId = used.rows[0]?.staff_id;
        if (staffId === undefined) return null;
        await client.query("DELETE FROM staff_passkeys WHERE staff_id = $1", [staffId]);
        await client.query("DELETE FROM staff_sessions WHERE staff_id = $1", [staffId]);
        await client.query("INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)", [
          passkey.id,
          staffId,
          Buffer.from(passkey.publicKey),
          passkey.counter,
          JSON.stringify(passkey.transports),
          now,
        ]);
        await client.query("UPDATE staff SET last_sign_in_at = $1 WHERE id = $2", [now, staffId]);
        await client.query("INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [sessionHash, staffId, now]);
        const { rows } = await client.query<StaffRow>(`SELECT ${STAFF_COLUMNS} FROM staff s WHERE s.id = $1`, [staffId]);
        return accountOf(rows[0]!);
      });
    },
    async passkey(credentialId) {
      const { rows } = await pool.query<StaffRow & Omit<PasskeyRow, "id"> & { passkey_id: string }>(
        `SELECT p.id AS passkey_id, p.public_key, p.counter, p.transports, ${STAFF_COLUMNS} FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE p.id = $1`,
        [credentialId],
      );
      const row = rows[0];
      return row ? { passkey: passkeyOf({ ...row, id: row.passkey_id }), account: accountOf(row) } : null;
    },
    async signIn(credentialId, counter, sessionHash, nowMs) {
      const now = iso(nowMs);
      await inTransaction(async (client) => {
        const updated = await client.query<{ staff_id: string }>("UPDATE staff_passkeys SET counter = $1 WHERE id = $2 RETURNING staff_id", [
          counter,
          credentialId,
        ]);
        const staffId = updated.rows[0]?.staff_id;
        if (staffId === undefined) throw new Error("The passkey was removed during its sign-in.");
        await client.query("UPDATE staff SET last_sign_in_at = $1 WHERE id = $2", [now, staffId]);
        await client.query("INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at) VALUES ($1, $2, $3, $3)", [sessionHash, staffId, now]);
      });
    },
    async session(sessionHash) {
      const { rows } = await pool.query<StaffRow & { session_created: Date; last_seen_at: Date }>(
        `SELECT x.created_at AS session_created, x.last_seen_at, ${STAFF_COLUMNS} FROM staff_sessions x JOIN staff s ON s.id = x.staff_id WHERE x.token_hash = $1`,
        [sessionHash],
      );
      const row = rows[0];
      return row ? { account: accountOf(row), createdAt: row.session_created.getTime(), lastSeenAt: row.last_seen_at.getTime() } : null;
    },
    async touchSession(sessionHash, nowMs) {
      await pool.query("UPDATE staff_sessions SET last_seen_at = $1 WHERE token_hash = $2", [iso(nowMs), sessionHash]);
    },
    async endSession(sessionHash) {
      await pool.query("DELETE FROM staff_sessions WHERE token_hash = $1", [sessionHash]);
    },
    async audit(entry, nowMs) {
      await pool.query("INSERT INTO staff_audit (at, email, action, page, commit_id, detail) VALUES ($1, $2, $3, $4, $5, $6)", auditValues(entry, nowMs));
    },
    async log(limit) {
      const { rows } = await pool.query<AuditRow>("SELECT at, email, action, page, commit_id, detail FROM staff_audit ORDER BY id DESC LIMIT $1", [limit]);
      return rows.map(auditOf);
    },
    async close() {
      await pool.end();
    },
  };
}
