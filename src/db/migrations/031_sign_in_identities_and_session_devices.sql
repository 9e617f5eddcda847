-- Accounts at GitHub, Google or the site's own OpenID Connect provider that sign into an account here
-- (README "Signing in with GitHub, Google or your own identity provider"). The provider's subject is
-- its stable id for the person (GitHub's numeric user id, the ID token's `sub`), never the email.
CREATE TABLE user_identities (
  id serial PRIMARY KEY,
  provider text NOT NULL,          -- 'github', 'google' or 'oidc'
  subject text NOT NULL,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  email text,                      -- what the provider last said, shown on the account page
  created_at timestamptz NOT NULL,
  last_used_at timestamptz,
  UNIQUE (provider, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- What the account page shows of each session: an id to sign it out by (the cookie's hash stays
-- private), the browser it was made in, the network it was last seen from (an IPv4 /24 or IPv6 /48,
-- never the full address) and when. last_seen_at moves at most every few minutes, not per request.
ALTER TABLE sessions ADD COLUMN id serial;
ALTER TABLE sessions ADD COLUMN user_agent text;
ALTER TABLE sessions ADD COLUMN ip_prefix text;
ALTER TABLE sessions ADD COLUMN last_seen_at timestamptz;
