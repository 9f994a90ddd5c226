-- The delivery outbox (docs/notifications.md): one row per configured channel ("email",
-- "webhook"), written in the transaction that stores the enquiry, then worked off by the
-- delivery worker. Times are ISO 8601 UTC text with milliseconds, like enquiries.created_at,
-- so they sort and compare as text.
CREATE TABLE enquiry_deliveries (
  -- A UUID, stable across retries: what receivers de-duplicate by.
  id TEXT PRIMARY KEY,
  enquiry_id INTEGER NOT NULL REFERENCES enquiries (id),
  channel TEXT NOT NULL,
  -- pending, delivered or failed.
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT NOT NULL,
  -- Set while a worker is sending; another worker may take the row once it has passed.
  lease_until TEXT,
  last_error TEXT,
  created_at TEXT NOT NULL,
  delivered_at TEXT
);

CREATE INDEX enquiry_deliveries_due ON enquiry_deliveries (status, next_attempt_at);
CREATE INDEX enquiry_deliveries_enquiry ON enquiry_deliveries (enquiry_id);
