-- A hash of the enquiry stored with its idempotency key: the same key sent again with a
-- different enquiry is refused (422) instead of silently answered with the first one.
ALTER TABLE enquiries ADD COLUMN request_hash TEXT;
