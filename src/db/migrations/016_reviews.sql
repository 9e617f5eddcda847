-- Community reviews (issue 14 §4): one review per person per listing, which its author may edit
-- or delete; a moderator may hide one (hidden reviews are neither shown nor rated); the
-- listing's owners may answer each review once. Demo and imported reviews have no author
-- (user_id NULL), so the one-per-person rule covers authored reviews only.
-- updated_at stays NULL until the author changes the rating or text (the "edited" mark).
ALTER TABLE reviews ADD COLUMN updated_at timestamptz;
ALTER TABLE reviews ADD COLUMN hidden_at timestamptz;
ALTER TABLE reviews ADD COLUMN owner_reply text CHECK (char_length(owner_reply) <= 1000);
ALTER TABLE reviews ADD COLUMN owner_reply_at timestamptz;
ALTER TABLE reviews ADD COLUMN owner_reply_by int REFERENCES users(id) ON DELETE SET NULL;

CREATE UNIQUE INDEX reviews_one_per_person ON reviews (listing_id, user_id) WHERE user_id IS NOT NULL;
-- A listing's reviews newest first, a page at a time (also serves every lookup by listing, so
-- the plain listing index goes).
CREATE INDEX reviews_listing_newest_idx ON reviews (listing_id, created_at DESC, id DESC);
DROP INDEX reviews_listing_idx;
-- The per-account rate limit counts an account's recent reviews and replies.
CREATE INDEX reviews_user_idx ON reviews (user_id) WHERE user_id IS NOT NULL;
CREATE INDEX reviews_reply_by_idx ON reviews (owner_reply_by) WHERE owner_reply_by IS NOT NULL;
