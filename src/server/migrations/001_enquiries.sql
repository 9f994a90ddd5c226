-- Enquiries sent from the contact form. Kept to SQL that PostgreSQL also accepts,
-- except the integer primary key, which a PostgreSQL migration spells as identity.
CREATE TABLE enquiries (
  id INTEGER PRIMARY KEY,
  session_id TEXT NOT NULL UNIQUE,
  first_name TEXT NOT NULL,
  last_name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone TEXT NOT NULL,
  subject TEXT NOT NULL,
  message TEXT NOT NULL DEFAULT '',
  idempotency_key TEXT UNIQUE,
  ip_hash TEXT,
  created_at TEXT NOT NULL
);

CREATE INDEX enquiries_created_at ON enquiries (created_at);
CREATE INDEX enquiries_ip_hash_created_at ON enquiries (ip_hash, created_at);

-- Server-held values such as the key for hashing IP addresses.
CREATE TABLE server_settings (
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
