-- PostgreSQL spelling of 004_data_removals.sql: the same table and index, with an identity
-- key and timestamptz.
CREATE TABLE data_removals (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  reason TEXT NOT NULL,
  enquiries INTEGER NOT NULL,
  deliveries INTEGER NOT NULL,
  received_before TIMESTAMPTZ,
  removed_at TIMESTAMPTZ NOT NULL
);

CREATE INDEX enquiries_email ON enquiries (lower(email));
