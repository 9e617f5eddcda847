-- Outgoing webhooks (issue 29, README "Webhooks"): an account's endpoints, the events published for
-- accounts that subscribe to them, and one delivery per (event, endpoint) with its log.
CREATE TABLE webhook_endpoints (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  description text NOT NULL DEFAULT '',
  events text[] NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  -- The signing secret (whsec_…): sealed with AES-256-GCM under SECRETS_KEY when it is set (each part
  -- base64), otherwise kept as is in secret_plain; exactly one of the two forms is present.
  secret_plain text,
  secret_ciphertext text,
  secret_iv text,
  secret_tag text,
  -- Attempts failed in a row, and when the current run of failures began (null after a success).
  consecutive_failures int NOT NULL DEFAULT 0,
  failing_since timestamptz,
  disabled_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK ((secret_plain IS NULL) <> (secret_ciphertext IS NULL))
);
CREATE INDEX webhook_endpoints_user_idx ON webhook_endpoints (user_id);

-- Recorded only when some account concerned has an enabled endpoint for the type (publish-event.ts).
CREATE TABLE webhook_events (
  id bigserial PRIMARY KEY,
  -- The Standard Webhooks message id (webhook-id header), the same on every attempt and endpoint.
  message_id text NOT NULL UNIQUE,
  type text NOT NULL,
  account_ids int[] NOT NULL,
  -- What is posted, byte for byte: {type, timestamp, data}.
  payload text NOT NULL,
  -- Events that must happen once (a vote milestone) carry a key; a second publish is ignored.
  once_key text UNIQUE,
  created_at timestamptz NOT NULL
);

CREATE TABLE webhook_deliveries (
  id serial PRIMARY KEY,
  endpoint_id int NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
  event_id bigint NOT NULL REFERENCES webhook_events(id) ON DELETE CASCADE,
  -- A redelivery is a new delivery of the same event to the same endpoint.
  redelivery_of int REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts int NOT NULL DEFAULT 0,
  next_attempt_at timestamptz,
  last_attempt_at timestamptz,
  response_code int,
  response_excerpt text,
  error text,
  duration_ms int,
  created_at timestamptz NOT NULL,
  delivered_at timestamptz
);
CREATE UNIQUE INDEX webhook_deliveries_once_idx ON webhook_deliveries (event_id, endpoint_id) WHERE redelivery_of IS NULL;
CREATE INDEX webhook_deliveries_endpoint_idx ON webhook_deliveries (endpoint_id, id DESC);
