-- PostgreSQL spelling of 005_spam.sql: the same columns, table and indexes, with timestamptz.
ALTER TABLE enquiries ADD COLUMN spam_reasons TEXT;
ALTER TABLE enquiries ADD COLUMN released_at TIMESTAMPTZ;

CREATE INDEX enquiries_spam ON enquiries (id) WHERE spam_reasons IS NOT NULL;

CREATE TABLE used_challenges (
  id TEXT PRIMARY KEY,
  expires_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX used_challenges_expires_at ON used_challenges (expires_at);
