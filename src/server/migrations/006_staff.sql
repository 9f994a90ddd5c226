-- Staff who sign in to the editor inside `npm start` (docs/editor.md, "Staff sign-in"). Tokens
-- (invites, sessions) are kept only as their SHA-256, so the database cannot give one back;
-- a passkey is its public key, never a secret. The audit trail names people by email and holds
-- no key, challenge or token.
CREATE TABLE staff (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('editor', 'publisher')),
  -- WebAuthn's user handle: random, so a passkey names no email or row number.
  user_handle TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL,
  last_sign_in_at TEXT
);

CREATE TABLE staff_invites (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  expires_at TEXT NOT NULL,
  used_at TEXT
);

CREATE TABLE staff_passkeys (
  id TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  public_key BLOB NOT NULL,
  counter INTEGER NOT NULL,
  transports TEXT,
  created_at TEXT NOT NULL
);

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id INTEGER NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  last_seen_at TEXT NOT NULL
);

CREATE INDEX staff_invites_staff ON staff_invites (staff_id);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

CREATE TABLE staff_audit (
  id INTEGER PRIMARY KEY,
  at TEXT NOT NULL,
  email TEXT,
  action TEXT NOT NULL,
  page TEXT,
  commit_id TEXT,
  detail TEXT
);
