-- Spam defences (docs/api.md, "Spam"). An enquiry that fails them is stored with its reasons
-- (a JSON array of text, e.g. ["honeypot","too-fast"]) and gets no delivery rows; NULL means
-- not spam. `npm run enquiries -- not-spam` sets released_at and queues its deliveries then.
ALTER TABLE enquiries ADD COLUMN spam_reasons TEXT;
ALTER TABLE enquiries ADD COLUMN released_at TEXT;

CREATE INDEX enquiries_spam ON enquiries (id) WHERE spam_reasons IS NOT NULL;

-- ALTCHA's replay store: each proof-of-work challenge counts once. Written in the transaction
-- that stores the enquiry; rows past their challenge's expiry are deleted as new ones arrive.
CREATE TABLE used_challenges (
  id TEXT PRIMARY KEY,
  expires_at TEXT NOT NULL
);

CREATE INDEX used_challenges_expires_at ON used_challenges (expires_at);
