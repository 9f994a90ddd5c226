-- PostgreSQL spelling of 001_enquiries.sql: the same tables, columns, constraints and
-- indexes, with PostgreSQL's types (an identity key, uuid, timestamptz).
CREATE TABLE enquiries (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  session_id UUID NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  idempotency_key TEXT UNIQUE,
  ip_hash TEXT,
  created_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX enquiries_created_at ON enquiries (created_at);
CREATE INDEX enquiries_ip_hash_created_at ON enquiries (ip_hash, created_at);

-- Server-held values such as the key for hashing IP addresses.
CREATE TABLE server_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
