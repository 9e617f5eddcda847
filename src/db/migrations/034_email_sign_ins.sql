-- Sign-in links by email (README "Sign-in links by email"): one mail holds a link and a six-digit
-- code, valid 15 minutes, and using either uses both. Only hashes are kept: the link's token, and
-- the code keyed by a random value in the cookie of the browser that asked (the code is typed
-- there), so a database dump cannot rebuild either. Five wrong codes and the mail is dead.
CREATE TABLE email_sign_ins (
  id serial PRIMARY KEY,
  link_hash text NOT NULL UNIQUE,
  browser_hash text NOT NULL UNIQUE,
  code_hash text NOT NULL,
  email text NOT NULL,
  user_id int REFERENCES users(id) ON DELETE CASCADE,   -- null: no account yet, one is made on first use
  next text,
  wrong_codes int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX email_sign_ins_email_idx ON email_sign_ins (lower(email)) WHERE used_at IS NULL;
CREATE INDEX email_sign_ins_expires_idx ON email_sign_ins (expires_at);
