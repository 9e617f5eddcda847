-- Orders, checkout, VAT, payment and fulfilment (issue 12).
-- What a bundle product contains (product codes), set by the administrator.
ALTER TABLE products ADD COLUMN includes text[] NOT NULL DEFAULT '{}';

ALTER TABLE orders ADD COLUMN expires_at timestamptz;
ALTER TABLE orders ADD COLUMN cancelled_at timestamptz;
ALTER TABLE orders ADD COLUMN fulfilled_at timestamptz;
ALTER TABLE orders ADD COLUMN refunded_at timestamptz;
ALTER TABLE orders ADD COLUMN status_reason text;
-- The VAT decision the totals were computed with: {kind, rate_bp, explanation, legal_mention, country}.
ALTER TABLE orders ADD COLUMN vat jsonb NOT NULL DEFAULT '{}';
-- The seller as it stood when the order was paid (name, address, country, VAT number), for the invoice.
ALTER TABLE orders ADD COLUMN seller jsonb;
ALTER TABLE orders ADD COLUMN invoice_number text;
ALTER TABLE orders ADD COLUMN invoiced_at timestamptz;
CREATE UNIQUE INDEX orders_invoice_number_idx ON orders (site_id, invoice_number) WHERE invoice_number IS NOT NULL;
CREATE INDEX orders_pending_expiry_idx ON orders (expires_at) WHERE status = 'pending';
CREATE INDEX orders_provider_ref_idx ON orders (provider_ref) WHERE provider_ref IS NOT NULL;

ALTER TABLE order_lines ADD COLUMN name text NOT NULL DEFAULT '';
ALTER TABLE order_lines ADD COLUMN quantity int NOT NULL DEFAULT 1;
ALTER TABLE order_lines ADD COLUMN net_cents bigint NOT NULL DEFAULT 0;
ALTER TABLE order_lines ADD COLUMN amount_cents bigint; -- billboard contributions
-- A bundle's parts are lines of their own (price 0) pointing at the bundle's line.
ALTER TABLE order_lines ADD COLUMN parent_line_id int REFERENCES order_lines(id) ON DELETE CASCADE;
-- What fulfilment did, in plain words and data: {detail, ...}. Set with fulfilled_at, in one transaction.
ALTER TABLE order_lines ADD COLUMN fulfilment jsonb;
CREATE INDEX order_lines_week_idx ON order_lines (week) WHERE week IS NOT NULL;

-- Sequential invoice numbers per site and year, without gaps: taken in the transaction that marks an order paid.
CREATE TABLE invoice_counters (
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  year int NOT NULL,
  last int NOT NULL DEFAULT 0,
  PRIMARY KEY (site_id, year)
);

-- Provider notifications already handled: the same event delivered twice changes nothing.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  order_id int REFERENCES orders(id) ON DELETE SET NULL,
  type text NOT NULL,
  outcome text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, event_id)
);

-- Featured placement bought with an order: shown on the site and in search until it ends.
ALTER TABLE listings ADD COLUMN featured_until timestamptz;

-- Work the team does by hand (done_for_you): an order line is fulfilled when its task is marked done.
CREATE TABLE admin_tasks (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  order_line_id int NOT NULL UNIQUE REFERENCES order_lines(id) ON DELETE CASCADE,
  listing_id int REFERENCES listings(id) ON DELETE SET NULL,
  kind text NOT NULL,
  title text NOT NULL,
  status text NOT NULL DEFAULT 'open', -- open | done
  note text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  done_at timestamptz
);
CREATE INDEX admin_tasks_open_idx ON admin_tasks (site_id, created_at) WHERE status = 'open';

-- Written reviews of a listing's profile and website (ai_review), shown to its owners.
CREATE TABLE listing_profile_reviews (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  order_line_id int UNIQUE REFERENCES order_lines(id) ON DELETE SET NULL,
  method text NOT NULL, -- llm | checklist
  points jsonb NOT NULL, -- [{field, severity, advice, quote}]
  summary text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_profile_reviews_listing_idx ON listing_profile_reviews (listing_id, created_at DESC);

-- Launches after the first (relaunch): the listing's launch week moves to it when that week begins.
CREATE TABLE relaunches (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  week date NOT NULL,
  order_line_id int UNIQUE REFERENCES order_lines(id) ON DELETE SET NULL,
  applied_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX relaunches_due_idx ON relaunches (week) WHERE applied_at IS NULL;

-- Trophy cabinets bought for a listing: how its awards are displayed on the listing page.
CREATE TABLE trophy_cabinets (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  order_line_id int UNIQUE REFERENCES order_lines(id) ON DELETE SET NULL,
  options jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trophy_cabinets_listing_idx ON trophy_cabinets (listing_id);
