-- PostgreSQL spelling of 006_staff.sql: the same tables, with identity keys, bytea and timestamptz.
CREATE TABLE staff (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('editor', 'publisher')),
  user_handle TEXT NOT NULL UNIQUE,
  created_at TIMESTAMPTZ NOT NULL,
  last_sign_in_at TIMESTAMPTZ
);

CREATE TABLE staff_invites (
  token_hash TEXT PRIMARY KEY,
  staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL,
  used_at TIMESTAMPTZ
);

CREATE TABLE staff_passkeys (
  id TEXT PRIMARY KEY,
  staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  public_key BYTEA NOT NULL,
  counter BIGINT NOT NULL,
  transports TEXT,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE staff_sessions (
  token_hash TEXT PRIMARY KEY,
  staff_id BIGINT NOT NULL REFERENCES staff (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX staff_invites_staff ON staff_invites (staff_id);
CREATE INDEX staff_passkeys_staff ON staff_passkeys (staff_id);
CREATE INDEX staff_sessions_staff ON staff_sessions (staff_id);

CREATE TABLE staff_audit (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at TIMESTAMPTZ NOT NULL,
  email TEXT,
  action TEXT NOT NULL,
  page TEXT,
  commit_id TEXT,
  detail TEXT
);
