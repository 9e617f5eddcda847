-- Votes come from people on the site, one per person per listing per launch (a relaunch is a new
-- launch). A vote that must not count (its voter owns the listing, or an administrator voided
-- it) is kept with counted = false, so the voter still sees it and every board skips it.
ALTER TABLE votes ADD COLUMN id serial;
ALTER TABLE votes DROP CONSTRAINT votes_pkey;
ALTER TABLE votes ADD PRIMARY KEY (id);
ALTER TABLE votes ADD COLUMN launch_week date;
ALTER TABLE votes ADD COLUMN counted boolean NOT NULL DEFAULT true;
ALTER TABLE votes ADD COLUMN ip text;
ALTER TABLE votes ADD COLUMN voided_at timestamptz;
ALTER TABLE votes ADD COLUMN voided_reason text;
UPDATE votes v SET launch_week = l.launch_week FROM listings l WHERE l.id = v.listing_id;
CREATE UNIQUE INDEX votes_one_per_launch ON votes (listing_id, user_id, coalesce(launch_week, DATE '1970-01-01'));
CREATE INDEX votes_user_idx ON votes (user_id);
