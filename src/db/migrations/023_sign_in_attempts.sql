-- Failed sign-ins per account (lower-cased email as typed, whether or not it exists) and per client
-- address, kept in the database so every instance throttles the same guesser (README "Sign-in throttling").
CREATE TABLE sign_in_attempts (
  key text PRIMARY KEY,           -- 'account:<email>' or 'address:<ip>'
  failures int NOT NULL,
  last_failure_at timestamptz NOT NULL,
  locked_until timestamptz
);
CREATE INDEX sign_in_attempts_last_failure_idx ON sign_in_attempts (last_failure_at);
