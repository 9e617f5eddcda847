-- Community moderation (issue 14): suspended accounts, reports of abuse, and a record of every
-- moderation action with who took it and why. Votes of young accounts are held (counted = false,
-- held_until set) until the account is old enough, then counted by the scheduler.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspended_reason text;

-- A listing hidden by a moderator leaves every public list (its status is 'hidden'); restoring it
-- puts back the status it had.
ALTER TABLE listings ADD COLUMN hidden_from_status text;

ALTER TABLE votes ADD COLUMN held_until timestamptz;
CREATE INDEX votes_held_idx ON votes (held_until) WHERE held_until IS NOT NULL;
CREATE INDEX votes_listing_created_idx ON votes (listing_id, created_at);

CREATE TABLE reports (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  target_kind text NOT NULL CHECK (target_kind IN ('listing', 'review', 'comment')),
  target_id int NOT NULL,
  reporter_id int REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL,
  details text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'resolved', 'dismissed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by int REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX reports_open_idx ON reports (site_id, status, created_at);
CREATE UNIQUE INDEX reports_one_open_per_reporter ON reports (target_kind, target_id, reporter_id) WHERE status = 'open';

CREATE TABLE moderation_actions (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  admin_id int REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL,
  target_kind text NOT NULL,
  target_id int NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX moderation_actions_site_idx ON moderation_actions (site_id, created_at DESC);
