-- The free launch queue: a free listing waits (awaiting_badge) until our badge is found on its
-- homepage. Each check is recorded, so the founder sees what is still missing and why.
ALTER TABLE listings ADD COLUMN badge_checked_at timestamptz;
ALTER TABLE listings ADD COLUMN badge_check_result jsonb; -- the last check: url, found, detail, evidence
ALTER TABLE listings ADD COLUMN badge_found_at timestamptz;
-- Weeks a listing was moved on because its badge was not found in time: [{from, to, at, reason}].
ALTER TABLE listings ADD COLUMN launch_week_moves jsonb NOT NULL DEFAULT '[]';
-- The scheduler and the badge checks look only at queued listings, a small part of the table.
CREATE INDEX listings_queued_idx ON listings (site_id, launch_week) WHERE status IN ('awaiting_badge', 'scheduled');
