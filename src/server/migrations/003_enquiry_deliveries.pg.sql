-- PostgreSQL spelling of 003_enquiry_deliveries.sql: the same table and indexes, with
-- PostgreSQL's types (uuid, bigint, timestamptz).
CREATE TABLE enquiry_deliveries (
  id UUID PRIMARY KEY,
  enquiry_id BIGINT NOT NULL REFERENCES enquiries (id),
  channel TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ NOT NULL,
  lease_until TIMESTAMPTZ,
  last_error TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  delivered_at TIMESTAMPTZ
);

CREATE INDEX enquiry_deliveries_due ON enquiry_deliveries (status, next_attempt_at);
CREATE INDEX enquiry_deliveries_enquiry ON enquiry_deliveries (enquiry_id);
