import { randomBytes } from "node:crypto";
import type { Database } from "better-sqlite3";
import { applySqliteMigrations } from "../migrations.ts";
import { openDatabase } from "../sqlite-store.ts";
import {
  accountOf,
  auditOf,
  auditValues,
  normalEmail,
  passkeyOf,
  STAFF_COLUMNS,
  type AuditRow,
  type PasskeyRow,
  type StaffRow,
  type StaffStore,
  type StaffSummary,
} from "./staff-store.ts";

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The staff store on the SQLite file of the enquiries, through its own connection: staff writes
 * are few (a sign-in, a session touch), so they take the write lock directly rather than through
 * the enquiry writer thread, waiting on the busy timeout when it holds it.
 */
export function openSqliteStaffStore(path: string): StaffStore {
  const db: Database = openDatabase(path);
  try {
    applySqliteMigrations(db);
  } catch (error) {
    db.close();
    throw error;
  }
  const byEmail = db.prepare(`SELECT ${STAFF_COLUMNS} FROM staff s WHERE s.email = ?`);
  const removeAll = db.transaction((id: number) => {
    for (const table of ["staff_sessions", "staff_passkeys", "staff_invites"]) db.prepare(`DELETE FROM ${table} WHERE staff_id = ?`).run(id);
    db.prepare("DELETE FROM staff WHERE id = ?").run(id);
  });

  return {
    async count() {
      return (db.prepare("SELECT COUNT(*) AS n FROM staff").get() as { n: number }).n;
    },
    async invite(input, hash, expiresAtMs, nowMs) {
      const email = normalEmail(input.email);
      return db
        .transaction(() => {
          const existing = byEmail.get(email) as StaffRow | undefined;
          if (!existing && (input.name === undefined || input.role === undefined)) return { outcome: "needs-name-and-role" as const };
          if (!existing) {
            db.prepare("INSERT INTO staff (email, name, role, user_handle, created_at) VALUES (?, ?, ?, ?, ?)").run(
              email,
              input.name,
              input.role,
              randomBytes(32).toString("base64url"),
              iso(nowMs),
            );
          } else {
            if (input.name !== undefined) db.prepare("UPDATE staff SET name = ? WHERE id = ?").run(input.name, existing.id);
            if (input.role !== undefined) db.prepare("UPDATE staff SET role = ? WHERE id = ?").run(input.role, existing.id);
          }
          const account = accountOf(byEmail.get(email) as StaffRow);
          db.prepare("INSERT INTO staff_invites (token_hash, staff_id, expires_at) VALUES (?, ?, ?)").run(hash, account.id, iso(expiresAtMs));
          return { outcome: "invited" as const, account, created: !existing };
        })
        .immediate();
    },
    async list() {
      const rows = db
        .prepare(
          `SELECT ${STAFF_COLUMNS},
             (SELECT COUNT(*) FROM staff_passkeys p WHERE p.staff_id = s.id) AS passkeys,
             (SELECT COUNT(*) FROM staff_sessions x WHERE x.staff_id = s.id) AS sessions
           FROM staff s ORDER BY s.email`,
        )
        .all() as (StaffRow & { passkeys: number; sessions: number })[];
      return rows.map((row): StaffSummary => ({ ...accountOf(row), passkeys: row.passkeys, sessions: row.sessions }));
    },
    async setRole(email, role) {
      return db.prepare("UPDATE staff SET role = ? WHERE email = ?").run(role, normalEmail(email)).changes === 1;
    },
    async remove(email) {
      const row = byEmail.get(normalEmail(email)) as StaffRow | undefined;
      if (!row) return false;
      removeAll.immediate(Number(row.id));
      return true;
    },
    async invited(hash, nowMs) {
      const row = db
        .prepare(
          `SELECT ${STAFF_COLUMNS} FROM staff_invites i JOIN staff s ON s.id = i.staff_id WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ?`,
        )
        .get(hash, iso(nowMs)) as StaffRow | undefined;
      return row ? accountOf(row) : null;
    },
    async register(hash, passkey, sessionHash, nowMs) {
      return db
        .transaction(() => {
          const now = iso(nowMs);
          const row = db
            .prepare(
              `SELECT ${STAFF_COLUMNS} FROM staff_invites i JOIN staff s ON s.id = i.staff_id WHERE i.token_hash = ? AND i.used_at IS NULL AND i.expires_at > ?`,
            )
            .get(hash, now) as StaffRow | undefined;
          if (!row) return null;
          db.prepare("UPDATE staff_invites SET used_at = ? WHERE token_hash = ?").run(now, hash);
          db.prepare("DELETE FROM staff_passkeys WHERE staff_id = ?").run(row.id);
          db.prepare("DELETE FROM staff_sessions WHERE staff_id = ?").run(row.id);
          db.prepare("INSERT INTO staff_passkeys (id, staff_id, public_key, counter, transports, created_at) VALUES (?, ?, ?, ?, ?, ?)").run(
            passkey.id,
            row.id,
            Buffer.from(passkey.publicKey),
            passkey.counter,
            JSON.stringify(passkey.transports),
            now,
          );
          db.prepare("UPDATE staff SET last_sign_in_at = ? WHERE id = ?").run(now, row.id);
          db.prepare("INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)").run(sessionHash, row.id, now, now);
          return accountOf({ ...row, last_sign_in_at: now });
        })
        .immediate();
    },
    async passkey(credentialId) {
      const row = db
        .prepare(
          `SELECT p.id AS passkey_id, p.public_key, p.counter, p.transports, ${STAFF_COLUMNS} FROM staff_passkeys p JOIN staff s ON s.id = p.staff_id WHERE p.id = ?`,
        )
        .get(credentialId) as (StaffRow & Omit<PasskeyRow, "id"> & { passkey_id: string }) | undefined;
      return row ? { passkey: passkeyOf({ ...row, id: row.passkey_id }), account: accountOf(row) } : null;
    },
    async signIn(credentialId, counter, sessionHash, nowMs) {
      const now = iso(nowMs);
      db.transaction(() => {
        const row = db.prepare("SELECT staff_id FROM staff_passkeys WHERE id = ?").get(credentialId) as { staff_id: number } | undefined;
        if (!row) throw new Error("The passkey was removed during its sign-in.");
        db.prepare("UPDATE staff_passkeys SET counter = ? WHERE id = ?").run(counter, credentialId);
        db.prepare("UPDATE staff SET last_sign_in_at = ? WHERE id = ?").run(now, row.staff_id);
        db.prepare("INSERT INTO staff_sessions (token_hash, staff_id, created_at, last_seen_at) VALUES (?, ?, ?, ?)").run(sessionHash, row.staff_id, now, now);
      }).immediate();
    },
    async session(sessionHash) {
      const row = db
        .prepare(
          `SELECT x.created_at AS session_created, x.last_seen_at, ${STAFF_COLUMNS} FROM staff_sessions x JOIN staff s ON s.id = x.staff_id WHERE x.token_hash = ?`,
        )
        .get(sessionHash) as (StaffRow & { session_created: string; last_seen_at: string }) | undefined;
      return row ? { account: accountOf(row), createdAt: Date.parse(row.session_created), lastSeenAt: Date.parse(row.last_seen_at) } : null;
    },
    async touchSession(sessionHash, nowMs) {
      db.prepare("UPDATE staff_sessions SET last_seen_at = ? WHERE token_hash = ?").run(iso(nowMs), sessionHash);
    },
    async endSession(sessionHash) {
      db.prepare("DELETE FROM staff_sessions WHERE token_hash = ?").run(sessionHash);
    },
    async audit(entry, nowMs) {
      db.prepare("INSERT INTO staff_audit (at, email, action, page, commit_id, detail) VALUES (?, ?, ?, ?, ?, ?)").run(...auditValues(entry, nowMs));
    },
    async log(limit) {
      return (db.prepare("SELECT at, email, action, page, commit_id, detail FROM staff_audit ORDER BY id DESC LIMIT ?").all(limit) as AuditRow[]).map(auditOf);
    },
    async close() {
      db.close();
    },
  };
}
