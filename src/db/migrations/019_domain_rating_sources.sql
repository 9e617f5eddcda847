-- Domain Rating readings from real sources (issue 18). Each reading says which provider gave it
-- and on what scale: Open PageRank scores 0–10 and must never pass for an Ahrefs DR (0–100).
-- Rows written before this (the demo seed) are the 'demo' provider on the 0–100 scale.
ALTER TABLE domain_ratings
  ADD COLUMN provider text NOT NULL DEFAULT 'demo',
  ADD COLUMN scale int NOT NULL DEFAULT 100,
  ADD COLUMN fetched_at timestamptz;

-- Open PageRank answers with two decimals (e.g. 4.56); keep them rather than round a 0–10 score.
ALTER TABLE domain_ratings ALTER COLUMN rating TYPE numeric(7,2);
-- The 0–100 bound becomes "within the reading's own scale".
ALTER TABLE domain_ratings DROP CONSTRAINT domain_ratings_rating_check;
ALTER TABLE domain_ratings ADD CONSTRAINT domain_ratings_scale_check CHECK (scale BETWEEN 1 AND 1000);
ALTER TABLE domain_ratings ADD CONSTRAINT domain_ratings_rating_check CHECK (rating >= 0 AND rating <= scale);

-- Two providers may both read a company on one day; each keeps its own history.
ALTER TABLE domain_ratings DROP CONSTRAINT domain_ratings_pkey;
ALTER TABLE domain_ratings ADD PRIMARY KEY (company_id, provider, measured_on);
-- The board and the listing read the newest reading of a company, whatever its provider.
CREATE INDEX domain_ratings_latest ON domain_ratings (company_id, measured_on DESC);

-- When each company is next due for a refresh by each provider. A worker claims a company by
-- moving next_at forward in one conditional upsert, so however many workers run, each due
-- domain is claimed (and requested) once; failures push next_at back with a growing delay.
CREATE TABLE domain_rating_schedule (
  company_id int NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  provider text NOT NULL,
  next_at timestamptz NOT NULL,
  failures int NOT NULL DEFAULT 0,
  PRIMARY KEY (company_id, provider)
);

-- Requests spent per provider in the current minute, shared by every worker (the provider's
-- rate limit is per account, not per process).
CREATE TABLE domain_rating_budget (
  provider text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  used int NOT NULL
);

-- Refreshes that failed, for the administrator: the last reading stays in place meanwhile.
CREATE TABLE domain_rating_failures (
  id bigserial PRIMARY KEY,
  domain text NOT NULL,
  provider text NOT NULL,
  error text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX domain_rating_failures_at ON domain_rating_failures (at DESC);

-- Each company's latest reading, kept by a trigger so every writer (refresh job, import, seed)
-- keeps it right. The board ranks from here by `share` (rating / scale) through an index instead
-- of picking the latest of every company's whole history on each read.
CREATE TABLE domain_rating_latest (
  company_id int PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
  provider text NOT NULL,
  scale int NOT NULL,
  rating numeric(7,2) NOT NULL,
  measured_on date NOT NULL,
  fetched_at timestamptz,
  share float8 NOT NULL
);
CREATE INDEX domain_rating_latest_share ON domain_rating_latest (share DESC, company_id);

CREATE FUNCTION domain_rating_keep_latest() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid int := CASE WHEN TG_OP = 'DELETE' THEN OLD.company_id ELSE NEW.company_id END;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    -- An update or delete may lower the latest reading: recompute it from scratch.
    DELETE FROM domain_rating_latest WHERE company_id = cid;
  END IF;
  INSERT INTO domain_rating_latest AS l (company_id, provider, scale, rating, measured_on, fetched_at, share)
  SELECT r.company_id, r.provider, r.scale, r.rating, r.measured_on, r.fetched_at, r.rating::float8 / r.scale
    FROM domain_ratings r WHERE r.company_id = cid
   ORDER BY r.measured_on DESC, r.fetched_at DESC NULLS LAST, r.provider LIMIT 1
  -- Re-checked against the committed row: a concurrent writer of an older day never wins.
  ON CONFLICT (company_id) DO UPDATE SET provider = EXCLUDED.provider, scale = EXCLUDED.scale, rating = EXCLUDED.rating,
    measured_on = EXCLUDED.measured_on, fetched_at = EXCLUDED.fetched_at, share = EXCLUDED.share
    WHERE EXCLUDED.measured_on >= l.measured_on;
  RETURN NULL;
END $$;

CREATE TRIGGER domain_ratings_keep_latest AFTER INSERT OR UPDATE OR DELETE ON domain_ratings
  FOR EACH ROW EXECUTE FUNCTION domain_rating_keep_latest();

INSERT INTO domain_rating_latest (company_id, provider, scale, rating, measured_on, fetched_at, share)
SELECT DISTINCT ON (company_id) company_id, provider, scale, rating, measured_on, fetched_at, rating::float8 / scale
  FROM domain_ratings ORDER BY company_id, measured_on DESC, fetched_at DESC NULLS LAST, provider;
