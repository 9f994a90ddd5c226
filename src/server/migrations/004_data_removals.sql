-- What was removed for the law's sake (docs/api.md, "Personal data"): enquiries past the
-- retention period ("retention") and a person's enquiries erased on request ("erasure"),
-- with counts and time only. It never holds who was erased: keeping the email address of
-- someone who asked to be forgotten would defeat the erasure.
CREATE TABLE data_removals (
  id INTEGER PRIMARY KEY,
  reason TEXT NOT NULL,
  enquiries INTEGER NOT NULL,
  deliveries INTEGER NOT NULL,
  -- retention: enquiries received before this time were removed; NULL for an erasure.
  received_before TEXT,
  removed_at TEXT NOT NULL
);

-- Finding one person's enquiries (find, erase) compares addresses without regard to case.
CREATE INDEX enquiries_email ON enquiries (lower(email));
