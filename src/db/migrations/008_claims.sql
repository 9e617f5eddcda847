-- Claims: verification checks are rate limited per claim in fixed one-hour windows (a check
-- reaches out to DNS or the company's website, so it must not be a free amplifier).
ALTER TABLE claims ADD COLUMN window_started_at timestamptz;
ALTER TABLE claims ADD COLUMN window_checks int NOT NULL DEFAULT 0;
-- One pending claim per user, listing and method: a repeated claim_listing returns it, and two
-- racing requests cannot both insert one.
CREATE UNIQUE INDEX claims_pending_once_idx ON claims (user_id, listing_id, method) WHERE status = 'pending';
-- The expiry sweep looks only at pending claims.
CREATE INDEX claims_pending_expiry_idx ON claims (expires_at) WHERE status = 'pending';
