-- Listing logos are never hot-linked: each remote image is fetched once (SSRF-safe, size-limited),
-- resized, and served from our origin. One row per source URL (shared by every listing and site
-- that names it), keyed by the SHA-256 of the URL. A failed fetch is remembered with its reason and
-- tried again only after retry_at; meanwhile the listing shows its monogram.
CREATE TABLE listing_images (
  url_hash text PRIMARY KEY,
  source_url text NOT NULL,
  status text NOT NULL CHECK (status IN ('ok', 'failed')),
  content_type text,
  bytes bytea,
  width int,
  height int,
  error text,
  fetched_at timestamptz NOT NULL,
  retry_at timestamptz
);
