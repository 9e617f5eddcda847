-- The whole data model of the directory, laid down at once so later work adds behaviour, not tables.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- Sites: one deployment can serve several directories; company facts are shared across them,
-- listings (headline, summary, SEO, votes, launches) belong to one site (update_my_listing's apply_to).
CREATE TABLE sites (
  id serial PRIMARY KEY,
  key text NOT NULL UNIQUE,
  name text NOT NULL,
  purpose text NOT NULL DEFAULT '',
  base_url text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE site_settings (
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  key text NOT NULL,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (site_id, key)
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  password_hash text,
  is_admin boolean NOT NULL DEFAULT false,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  csrf_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Single-use tokens sent by mail: email verification, password reset, co-founder invites, email claims.
CREATE TABLE email_tokens (
  token_hash text PRIMARY KEY,
  kind text NOT NULL,
  user_id int REFERENCES users(id) ON DELETE CASCADE,
  email text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE TABLE api_keys (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  scopes text[] NOT NULL,
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX api_keys_user_idx ON api_keys (user_id);

-- OAuth 2.1: registered clients, what each user granted to each client, and the
-- authorization server's short-lived artefacts (codes, tokens) keyed by kind and id.
CREATE TABLE oauth_clients (
  client_id text PRIMARY KEY,
  registration text NOT NULL, -- dcr | metadata_document | static
  metadata jsonb NOT NULL,
  fetched_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE oauth_grants (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  client_id text NOT NULL REFERENCES oauth_clients(client_id) ON DELETE CASCADE,
  scopes text[] NOT NULL,
  resource text,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  UNIQUE (user_id, client_id)
);
CREATE TABLE oauth_artifacts (
  kind text NOT NULL,
  id text NOT NULL,
  grant_id int REFERENCES oauth_grants(id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  PRIMARY KEY (kind, id)
);
CREATE INDEX oauth_artifacts_grant_idx ON oauth_artifacts (grant_id);

-- Company facts, shared by its listings on every site.
CREATE TABLE companies (
  id serial PRIMARY KEY,
  name text NOT NULL,
  domain text NOT NULL UNIQUE,
  website_url text NOT NULL,
  logo_url text,
  tagline text NOT NULL DEFAULT '',
  short_description text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  stage text,
  pricing_model text,
  pricing_summary text,
  country text,
  city text,
  founded_year int,
  contact_email text,
  demo_video_url text,
  features text[] NOT NULL DEFAULT '{}',
  usps text[] NOT NULL DEFAULT '{}',
  keywords text[] NOT NULL DEFAULT '{}',
  tags text[] NOT NULL DEFAULT '{}',
  socials jsonb NOT NULL DEFAULT '{}',
  attributes jsonb NOT NULL DEFAULT '{}',
  -- profile fields the company's own website did not state (never invented)
  not_found_on_website text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE categories (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  slug text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  parent_id int REFERENCES categories(id) ON DELETE SET NULL,
  position int NOT NULL DEFAULT 0,
  -- the comparison attributes of this category: [{key, label}]
  attributes jsonb NOT NULL DEFAULT '[]',
  UNIQUE (site_id, slug)
);
CREATE INDEX categories_parent_idx ON categories (parent_id);

CREATE TABLE category_faqs (
  id serial PRIMARY KEY,
  category_id int NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  question text NOT NULL,
  answer text NOT NULL,
  position int NOT NULL DEFAULT 0
);
CREATE INDEX category_faqs_category_idx ON category_faqs (category_id);

CREATE TABLE listings (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  company_id int NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  slug text NOT NULL,
  status text NOT NULL DEFAULT 'draft',
  plan text, -- free | paid
  headline text NOT NULL DEFAULT '',
  summary text NOT NULL DEFAULT '',
  seo_title text NOT NULL DEFAULT '',
  seo_description text NOT NULL DEFAULT '',
  primary_category_id int REFERENCES categories(id) ON DELETE SET NULL,
  launch_week date,
  launched_at timestamptz,
  is_verified boolean NOT NULL DEFAULT false,
  unlocked_sections text[] NOT NULL DEFAULT '{}',
  votes_count int NOT NULL DEFAULT 0,
  views_count int NOT NULL DEFAULT 0,
  followers_count int NOT NULL DEFAULT 0,
  search_vector tsvector,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, slug),
  UNIQUE (site_id, company_id)
);
CREATE INDEX listings_search_idx ON listings USING gin (search_vector);
CREATE INDEX listings_site_status_votes_idx ON listings (site_id, status, votes_count DESC);
CREATE INDEX listings_site_status_launched_idx ON listings (site_id, status, launched_at DESC);
CREATE INDEX listings_primary_category_idx ON listings (primary_category_id, status);
CREATE INDEX listings_launch_week_idx ON listings (site_id, launch_week);
CREATE INDEX listings_company_idx ON listings (company_id);

CREATE TABLE listing_owners (
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL DEFAULT 'owner', -- owner | cofounder
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, user_id)
);
CREATE INDEX listing_owners_user_idx ON listing_owners (user_id);

-- Paid listings may sit in up to 3 more categories besides the primary one.
CREATE TABLE listing_extra_categories (
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  category_id int NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
  PRIMARY KEY (listing_id, category_id)
);
CREATE INDEX listing_extra_categories_category_idx ON listing_extra_categories (category_id);

CREATE TABLE listing_faqs (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  question text NOT NULL,
  answer text NOT NULL,
  position int NOT NULL DEFAULT 0
);
CREATE INDEX listing_faqs_listing_idx ON listing_faqs (listing_id);

CREATE TABLE listing_alternatives (
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  alternative_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  approved boolean NOT NULL DEFAULT false,
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (listing_id, alternative_id)
);

CREATE TABLE listing_media (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  kind text NOT NULL, -- image | video
  url text NOT NULL,
  caption text NOT NULL DEFAULT '',
  position int NOT NULL DEFAULT 0
);
CREATE INDEX listing_media_listing_idx ON listing_media (listing_id);

CREATE TABLE listing_versions (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  user_id int REFERENCES users(id) ON DELETE SET NULL,
  fields text[] NOT NULL,
  before jsonb NOT NULL,
  after jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_versions_listing_idx ON listing_versions (listing_id, created_at DESC);

CREATE TABLE founders (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  user_id int REFERENCES users(id) ON DELETE SET NULL,
  name text NOT NULL,
  title text NOT NULL DEFAULT '',
  bio text NOT NULL DEFAULT '',
  country text,
  avatar_url text,
  socials jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX founders_name_trgm_idx ON founders USING gin (lower(name) gin_trgm_ops);
CREATE UNIQUE INDEX founders_user_idx ON founders (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE company_founders (
  company_id int NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  founder_id int NOT NULL REFERENCES founders(id) ON DELETE CASCADE,
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, founder_id)
);
CREATE INDEX company_founders_founder_idx ON company_founders (founder_id);

CREATE TABLE stories (
  listing_id int PRIMARY KEY REFERENCES listings(id) ON DELETE CASCADE,
  title text NOT NULL DEFAULT '',
  story text NOT NULL DEFAULT '',
  why_started text NOT NULL DEFAULT '',
  problem text NOT NULL DEFAULT '',
  journey text NOT NULL DEFAULT '',
  challenges text NOT NULL DEFAULT '',
  achievements text NOT NULL DEFAULT '',
  lessons text NOT NULL DEFAULT '',
  whats_next text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE milestones (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  date date NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX milestones_listing_idx ON milestones (listing_id, date);

CREATE TABLE listing_updates (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  author_id int REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_updates_listing_idx ON listing_updates (listing_id, created_at DESC);

CREATE TABLE followers (
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, user_id)
);
CREATE INDEX followers_user_idx ON followers (user_id);

-- Votes come only from people on the site (no API); awards and community boards follow them.
CREATE TABLE votes (
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (listing_id, user_id)
);
CREATE INDEX votes_created_idx ON votes (created_at, listing_id);

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  user_id int REFERENCES users(id) ON DELETE SET NULL,
  rating int NOT NULL CHECK (rating BETWEEN 1 AND 5),
  body text NOT NULL DEFAULT '',
  -- only genuine reviews count toward the community rating (moderation marks the rest)
  is_genuine boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_listing_idx ON reviews (listing_id);

-- Third-party Domain Rating, one reading per company per day.
CREATE TABLE domain_ratings (
  company_id int NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  measured_on date NOT NULL,
  rating int NOT NULL CHECK (rating BETWEEN 0 AND 100),
  PRIMARY KEY (company_id, measured_on)
);

CREATE TABLE revenue_figures (
  company_id int NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  month date NOT NULL,
  mrr_cents bigint NOT NULL CHECK (mrr_cents >= 0),
  verified boolean NOT NULL DEFAULT false,
  source text NOT NULL DEFAULT 'self-reported',
  PRIMARY KEY (company_id, month)
);

-- Per-site, per-week capacity and state of the free launch queue.
CREATE TABLE launch_weeks (
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  week_start date NOT NULL,
  free_capacity int,
  awards_computed_at timestamptz,
  PRIMARY KEY (site_id, week_start)
);

CREATE TABLE awards (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  week_start date NOT NULL,
  rank int NOT NULL CHECK (rank BETWEEN 1 AND 3),
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  votes int NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (site_id, week_start, rank)
);
CREATE INDEX awards_listing_idx ON awards (listing_id);

-- Money contributed to the paid billboard board (always presented as paid).
CREATE TABLE billboard_entries (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  amount_cents bigint NOT NULL CHECK (amount_cents > 0),
  order_line_id int,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX billboard_entries_listing_idx ON billboard_entries (site_id, listing_id);

CREATE TABLE blog_posts (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  slug text NOT NULL,
  title text NOT NULL,
  excerpt text NOT NULL DEFAULT '',
  body_markdown text NOT NULL,
  author_name text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  published_at timestamptz NOT NULL DEFAULT now(),
  search_vector tsvector,
  UNIQUE (site_id, slug)
);
CREATE INDEX blog_posts_search_idx ON blog_posts USING gin (search_vector);
CREATE INDEX blog_posts_published_idx ON blog_posts (site_id, published_at DESC);

CREATE TABLE blog_faqs (
  id serial PRIMARY KEY,
  post_id int NOT NULL REFERENCES blog_posts(id) ON DELETE CASCADE,
  question text NOT NULL,
  answer text NOT NULL,
  position int NOT NULL DEFAULT 0
);
CREATE INDEX blog_faqs_post_idx ON blog_faqs (post_id);

CREATE TABLE interview_questions (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  question text NOT NULL,
  position int NOT NULL DEFAULT 0,
  active boolean NOT NULL DEFAULT true
);

CREATE TABLE interview_answers (
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  question_id int NOT NULL REFERENCES interview_questions(id) ON DELETE CASCADE,
  answer text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, question_id)
);

-- Drafts: a submission in progress. Each profile field is a row carrying its value,
-- state (ai, not_found, edited, manual, override, deleted) and evidence quotes.
CREATE TABLE drafts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url text NOT NULL,
  domain text NOT NULL,
  status text NOT NULL DEFAULT 'crawling',
  progress jsonb NOT NULL DEFAULT '{}',
  error text,
  existing_listing_id int REFERENCES listings(id) ON DELETE SET NULL,
  faqs jsonb NOT NULL DEFAULT '[]',
  founders jsonb NOT NULL DEFAULT '[]',
  company_socials jsonb NOT NULL DEFAULT '{}',
  founder_socials jsonb NOT NULL DEFAULT '{}',
  story jsonb NOT NULL DEFAULT '{}',
  milestones jsonb NOT NULL DEFAULT '[]',
  seo jsonb NOT NULL DEFAULT '{}',
  competitor_url text,
  competitor jsonb,
  completeness int NOT NULL DEFAULT 0,
  missing text[] NOT NULL DEFAULT '{}',
  listing_id int REFERENCES listings(id) ON DELETE SET NULL,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX drafts_user_idx ON drafts (user_id, created_at DESC);

CREATE TABLE draft_fields (
  draft_id uuid NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  field text NOT NULL,
  value jsonb,
  state text NOT NULL DEFAULT 'not_found',
  evidence jsonb NOT NULL DEFAULT '[]', -- [{quote, url, start, end}]
  ai_value jsonb,
  ai_evidence jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (draft_id, field)
);

CREATE TABLE draft_pages (
  id serial PRIMARY KEY,
  draft_id uuid NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  url text NOT NULL,
  kind text NOT NULL DEFAULT 'page', -- homepage | about | pricing | ...
  http_status int,
  content_type text,
  title text,
  text text NOT NULL DEFAULT '',
  html text,
  fetched_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX draft_pages_draft_idx ON draft_pages (draft_id);

CREATE TABLE draft_invites (
  id serial PRIMARY KEY,
  draft_id uuid NOT NULL REFERENCES drafts(id) ON DELETE CASCADE,
  email text NOT NULL,
  invited_by int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  accepted_by int REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz
);
CREATE INDEX draft_invites_draft_idx ON draft_invites (draft_id);

CREATE TABLE claims (
  id serial PRIMARY KEY,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  method text NOT NULL CHECK (method IN ('dns', 'meta', 'file', 'email')),
  email text,
  token text NOT NULL,
  status text NOT NULL DEFAULT 'pending', -- pending | verified | expired | rejected
  attempts int NOT NULL DEFAULT 0,
  last_checked_at timestamptz,
  last_result jsonb,
  expires_at timestamptz NOT NULL,
  verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX claims_user_idx ON claims (user_id, created_at DESC);
CREATE INDEX claims_listing_idx ON claims (listing_id);

CREATE TABLE products (
  id serial PRIMARY KEY,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  code text NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  needs_listing boolean NOT NULL DEFAULT false,
  options jsonb, -- JSON Schema of accepted options, when the product takes any
  active boolean NOT NULL DEFAULT true,
  position int NOT NULL DEFAULT 0,
  UNIQUE (site_id, code)
);

-- Price history: the current price is the newest row; orders copy the price they used.
CREATE TABLE product_prices (
  id serial PRIMARY KEY,
  product_id int NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
  effective_from timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_prices_product_idx ON product_prices (product_id, effective_from DESC);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  site_id int NOT NULL REFERENCES sites(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  currency text NOT NULL DEFAULT 'USD',
  billing_country text,
  vat_number text,
  reverse_charge boolean NOT NULL DEFAULT false,
  subtotal_cents bigint NOT NULL DEFAULT 0,
  vat_cents bigint NOT NULL DEFAULT 0,
  total_cents bigint NOT NULL DEFAULT 0,
  checkout_token text NOT NULL UNIQUE,
  payment_provider text NOT NULL DEFAULT 'test',
  provider_ref text,
  billing_details jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz
);
CREATE INDEX orders_user_idx ON orders (user_id, created_at DESC);

CREATE TABLE order_lines (
  id serial PRIMARY KEY,
  order_id int NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_code text NOT NULL,
  listing_id int REFERENCES listings(id) ON DELETE SET NULL,
  week date,
  categories text[] NOT NULL DEFAULT '{}',
  options jsonb NOT NULL DEFAULT '{}',
  unit_price_cents bigint NOT NULL,
  vat_rate_bp int NOT NULL DEFAULT 0, -- basis points: 2000 = 20 %
  vat_cents bigint NOT NULL DEFAULT 0,
  total_cents bigint NOT NULL,
  fulfilled_at timestamptz,
  position int NOT NULL DEFAULT 0
);
CREATE INDEX order_lines_order_idx ON order_lines (order_id);

-- Durable background work, claimed with FOR UPDATE SKIP LOCKED by any number of workers.
CREATE TABLE jobs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  unique_key text UNIQUE,
  run_at timestamptz NOT NULL DEFAULT now(),
  attempts int NOT NULL DEFAULT 0,
  max_attempts int NOT NULL DEFAULT 5,
  locked_at timestamptz,
  locked_by text,
  last_error text,
  done_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX jobs_ready_idx ON jobs (run_at) WHERE done_at IS NULL;

CREATE TABLE idempotency_keys (
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  operation_id text NOT NULL,
  request_hash text NOT NULL,
  status_code int,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- Mail sent by the service: the outbox is the delivery queue and, without SMTP, the inbox to read.
CREATE TABLE mail_outbox (
  id serial PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  error text
);

-- Typo tolerance: every distinct word of the indexed listing text, trigram-indexed, so a
-- misspelt query word is corrected against a small table instead of scanning listings.
CREATE TABLE search_words (
  word text PRIMARY KEY
);
CREATE INDEX search_words_trgm_idx ON search_words USING gist (word gist_trgm_ops);

INSERT INTO sites (key, name, purpose) VALUES ('main', 'Launchdeck', 'A directory of products with a weekly launch calendar: discover new tools, launch yours, and follow what founders build.');
