// Staff accounts, their passkeys, invites and sessions, and the audit trail, in the enquiry
// database (SQLite or PostgreSQL, migration 006_staff). Both stores keep the one contract below
// (tests/unit/server/staff/staff-store.test.ts runs it against each).
import { createHash, randomBytes } from "node:crypto";

export const ROLES = ["editor", "publisher"] as const;
export type Role = (typeof ROLES)[number];

export interface StaffAccount {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** WebAuthn's user handle (base64url): random, names no one. */
  userHandle: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  lastSignInAt: string | null;
}

export interface StaffSummary extends StaffAccount {
  passkeys: number;
  sessions: number;
}

/** A passkey as kept: its credential id (base64url), public key and signature counter. */
export interface StoredPasskey {
  id: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

export interface StaffSession {
  account: StaffAccount;
  /** Epoch ms. */
  createdAt: number;
  lastSeenAt: number;
}

export const AUDIT_ACTIONS = [
  "invite",
  "register",
  "sign-in",
  "sign-in-failed",
  "sign-out",
  "save",
  "new-page",
  "picture",
  "publish",
  "ask-review",
  "send-back",
  "publish-draft",
  "discard-draft",
  "role",
  "remove",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One line of the audit trail: who (an email, or null when the passkey was not known), what, and where. Never a key or a token. */
export interface AuditEntry {
  at: string;
  email: string | null;
  action: AuditAction;
  page: string | null;
  commit: string | null;
  detail: string | null;
}

export type NewAuditEntry = Omit<AuditEntry, "at" | "page" | "commit" | "detail"> & Partial<Pick<AuditEntry, "page" | "commit" | "detail">>;

export interface InviteInput {
  email: string;
  /** Required for a new account; for an existing one, changes it when given. */
  name?: string;
  role?: Role;
}

export type InviteResult = { outcome: "invited"; account: StaffAccount; created: boolean } | { outcome: "needs-name-and-role" };

export interface StaffStore {
  count(): Promise<number>;
  /** Makes the account when new, and an invite for it, kept as `tokenHash`, valid until `expiresAtMs`. */
  invite(input: InviteInput, tokenHash: string, expiresAtMs: number, nowMs: number): Promise<InviteResult>;
  list(): Promise<StaffSummary[]>;
  setRole(email: string, role: Role): Promise<boolean>;
  /** Removes the account with its passkeys, invites and sessions. */
  remove(email: string): Promise<boolean>;
  /** The account an invite is for, while it is unused and unexpired. */
  invited(tokenHash: string, nowMs: number): Promise<StaffAccount | null>;
  /**
   * Uses the invite (once: only one of two racing calls gets the account) and, in the same
   * transaction, replaces the account's passkeys with this one, ends its sessions and opens a
   * new session kept as `sessionHash`. Null when the invite is used, expired or unknown.
   */
  register(tokenHash: string, passkey: StoredPasskey, sessionHash: string, nowMs: number): Promise<StaffAccount | null>;
  passkey(credentialId: string): Promise<{ passkey: StoredPasskey; account: StaffAccount } | null>;
  /** After a verified sign-in: the passkey's new counter, the sign-in time, and a new session. */
  signIn(credentialId: string, counter: number, sessionHash: string, nowMs: number): Promise<void>;
  session(sessionHash: string): Promise<StaffSession | null>;
  touchSession(sessionHash: string, nowMs: number): Promise<void>;
  endSession(sessionHash: string): Promise<void>;
  audit(entry: NewAuditEntry, nowMs: number): Promise<void>;
  /** The newest entries first. */
  log(limit: number): Promise<AuditEntry[]>;
  close(): Promise<void>;
}

/** How long an invite link works. */
export const INVITE_MS = 24 * 60 * 60 * 1000;
/** A session ends after this long without a request… */
export const SESSION_IDLE_MS = 8 * 60 * 60 * 1000;
/** …and this long after sign-in, whatever happens. */
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;

/** A new secret token (an invite, a session): 32 random bytes, base64url. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token: its SHA-256. A token is random and long, so no salt or slow hash is needed. */
export function tokenHash(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Emails are compared as written in lower case. */
export function normalEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether a session is still open at `nowMs`. */
export function sessionIsLive(session: Pick<StaffSession, "createdAt" | "lastSeenAt">, nowMs: number): boolean {
  return nowMs - session.lastSeenAt < SESSION_IDLE_MS && nowMs - session.createdAt < SESSION_ABSOLUTE_MS;
}

/** A time column as epoch ms: SQLite keeps ISO text, PostgreSQL answers a Date. */
export function epochMs(value: string | Date): number {
  return value instanceof Date ? value.getTime() : Date.parse(value);
}

export function isoOrNull(value: string | Date | null): string | null {
  return value === null ? null : new Date(epochMs(value)).toISOString();
}

/** A row of `staff` (both stores select the same columns) as an account. */
export interface StaffRow {
  id: number | string;
  email: string;
  name: string;
  role: Role;
  user_handle: string;
  created_at: string | Date;
  last_sign_in_at: string | Date | null;
}

export const STAFF_COLUMNS = "s.id, s.email, s.name, s.role, s.user_handle, s.created_at, s.last_sign_in_at";

export function accountOf(row: StaffRow): StaffAccount {
  return {
    id: Number(row.id),
    email: row.email,
    name: row.name,
    role: row.role,
    userHandle: row.user_handle,
    createdAt: isoOrNull(row.created_at)!,
    lastSignInAt: isoOrNull(row.last_sign_in_at),
  };
}

export interface AuditRow {
  at: string | Date;
  email: string | null;
  action: AuditAction;
  page: string | null;
  commit_id: string | null;
  detail: string | null;
}

export function auditOf(row: AuditRow): AuditEntry {
  return { at: isoOrNull(row.at)!, email: row.email, action: row.action, page: row.page, commit: row.commit_id, detail: row.detail };
}

/** An audit entry as the values of `INSERT INTO staff_audit (at, email, action, page, commit_id, detail)`, in that order, for both stores. */
export function auditValues(entry: NewAuditEntry, nowMs: number): [string, string | null, AuditAction, string | null, string | null, string | null] {
  return [new Date(nowMs).toISOString(), entry.email, entry.action, entry.page ?? null, entry.commit ?? null, entry.detail ?? null];
}

export interface PasskeyRow {
  id: string;
  public_key: Uint8Array;
  counter: number | string;
  transports: string | null;
}

export function passkeyOf(row: PasskeyRow): StoredPasskey {
  return {
    id: row.id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports ? (JSON.parse(row.transports) as string[]) : [],
  };
}
