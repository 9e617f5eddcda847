-- What a signed-out visitor asked for (an upvote, a follow, a comment, a review) before being sent to sign
-- in, done for them right after any sign-in (README "The vote survives signing in"). Keyed by the
-- hash of a random value in that browser's cookie; used once; 15 minutes, or until the address is
-- confirmed when the account that signed in has not confirmed it yet (then bound to that account).
CREATE TABLE pending_actions (
  browser_hash text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('vote', 'follow', 'comment', 'review')),
  slug text NOT NULL,
  body text,                              -- a comment's text; a review's rating and text as JSON
  back text NOT NULL,
  user_id int REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX pending_actions_expires_idx ON pending_actions (expires_at);
