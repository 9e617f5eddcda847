-- Notifications (README "Notifications"): owners are mailed about their listings, followers get a
-- weekly digest. Kinds are on unless the account turned them off: only the "off" choices are stored.
CREATE TABLE notification_opt_outs (
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, kind)
);

-- What is waiting to be mailed: one row per thing to tell (a comment, a review, held votes of a
-- listing…), gathered into one mail per (site, person, kind) at most hourly, then deleted. `ref`
-- names the thing, so telling it twice (a retried job, a double submit) queues it once.
CREATE TABLE notification_items (
  id bigserial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  ref text NOT NULL,
  detail jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  UNIQUE (site_id, user_id, kind, ref)
);

-- When each person was last mailed about each kind: the batch job claims a (site, person, kind)
-- by moving this forward only when the last mail is an hour old, so one instance sends it.
CREATE TABLE notification_sends (
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (site_id, user_id, kind)
);

-- The week of the last weekly digest each follower got (its Monday): claimed by moving it forward,
-- so a digest goes once per week per person whatever the number of instances.
CREATE TABLE notification_digests (
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  week_start date NOT NULL,
  PRIMARY KEY (site_id, user_id)
);

-- Extra headers of a mail (List-Unsubscribe and List-Unsubscribe-Post of RFC 8058).
ALTER TABLE mail_outbox ADD COLUMN headers jsonb;
