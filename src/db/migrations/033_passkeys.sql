-- Passkeys (WebAuthn credentials) that sign into an account (README "Passkeys"). Only the public key
-- is kept; `counter` is the authenticator's signature counter, which must grow (a clone reporting a
-- lower one is refused).
CREATE TABLE passkeys (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id text NOT NULL UNIQUE,   -- base64url, as the browser names it
  public_key text NOT NULL,             -- COSE key, base64url
  counter bigint NOT NULL DEFAULT 0,
  transports text[] NOT NULL DEFAULT '{}',
  aaguid text NOT NULL,                 -- the authenticator's model, for its default name
  name text NOT NULL,
  backed_up boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz
);
CREATE INDEX passkeys_user_idx ON passkeys (user_id);

-- The WebAuthn user handle of an account: random, so a passkey reveals nothing about the account.
ALTER TABLE users ADD COLUMN webauthn_handle text;
CREATE UNIQUE INDEX users_webauthn_handle_key ON users (webauthn_handle);

-- Challenges of ceremonies under way: single use (deleted when answered), short-lived, and bound to
-- the browser that asked by the hash of a random value in its cookie. A sign-up's challenge carries
-- the address, name and user handle of the account it will create.
CREATE TABLE webauthn_challenges (
  challenge text PRIMARY KEY,
  browser_hash text NOT NULL,
  purpose text NOT NULL,                -- 'register', 'sign_in' or 'sign_up'
  user_id int REFERENCES users(id) ON DELETE CASCADE,
  payload jsonb NOT NULL DEFAULT '{}',
  expires_at timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at);
