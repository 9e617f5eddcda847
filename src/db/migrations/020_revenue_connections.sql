-- Revenue that can be trusted (issue 18): a read-only payment-provider key per company, whose
-- figures the daily job stores as verified, beside the figures owners state by hand.
--
-- A connection belongs to the company, not to one listing: revenue_figures are company facts shared
-- by the company's listings on every site, so one key proves them everywhere. It is made through a
-- listing its creator owns (created_by, listing_id record which), and any owner of a listing of the
-- company may see or remove it.
CREATE TABLE revenue_connections (
  id serial PRIMARY KEY,
  company_id int NOT NULL UNIQUE REFERENCES companies(id) ON DELETE CASCADE,
  listing_id int REFERENCES listings(id) ON DELETE SET NULL,
  provider text NOT NULL CHECK (provider IN ('stripe')),
  -- AES-256-GCM under SECRETS_KEY (src/crypto/secret-box.ts), each part base64; the key itself is never stored.
  key_ciphertext text NOT NULL,
  key_iv text NOT NULL,
  key_tag text NOT NULL,
  -- The last characters of the key, so the owner can tell which key is connected.
  key_hint text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'ok' CHECK (status IN ('ok', 'broken')),
  last_error text,
  last_checked_at timestamptz,
  -- The daily job claims a connection by moving this forward (exactly once on any number of workers).
  next_check_at timestamptz NOT NULL DEFAULT now(),
  created_by int REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX revenue_connections_due_idx ON revenue_connections (next_check_at) WHERE status = 'ok';

-- The owner may keep the revenue of a listing off the listing page and the revenue board.
ALTER TABLE listings ADD COLUMN revenue_hidden boolean NOT NULL DEFAULT false;

-- Self-reported figures are rows with verified = false and source = 'self-reported'; a figure
-- remembers when it was last written, and a verified figure for a month replaces a stated one.
ALTER TABLE revenue_figures ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX revenue_figures_latest_idx ON revenue_figures (company_id, month DESC);
