-- The Domain Rating and revenue boards in index order (issue 18): p95 ≤ 10 ms at 100,000 listings
-- with 24 months of history each. A board ranks a site's live listings by a company figure, ties
-- broken by votes then id; joining every listing to its company's latest figure and sorting the lot
-- on each read took ~100 ms (Domain Rating) and ~750 ms (revenue) at 20,000. So each listing
-- carries its company's ranking value, kept by triggers (every writer: refresh jobs, CSV import,
-- owners, seed), and a partial index per board holds exactly the board's rows in the board's
-- order: a page's ids, even a deep page's, are an index-only read. Totals are kept (board_totals).

-- The latest Domain Rating as a share of its scale (domain_rating_latest.share); null: no reading.
ALTER TABLE listings ADD COLUMN dr_share float8;
-- The company's latest verified monthly figure, and its latest figure verified or not (the board
-- when the administrator lets self-reported figures on); null: no such figure.
ALTER TABLE listings ADD COLUMN mrr_verified_cents bigint;
ALTER TABLE listings ADD COLUMN mrr_latest_cents bigint;

UPDATE listings l SET dr_share = x.share FROM domain_rating_latest x WHERE x.company_id = l.company_id;
UPDATE listings l SET mrr_verified_cents = (SELECT f.mrr_cents FROM revenue_figures f WHERE f.company_id = l.company_id AND f.verified ORDER BY f.month DESC LIMIT 1),
                      mrr_latest_cents = (SELECT f.mrr_cents FROM revenue_figures f WHERE f.company_id = l.company_id ORDER BY f.month DESC LIMIT 1)
 WHERE EXISTS (SELECT 1 FROM revenue_figures f WHERE f.company_id = l.company_id);

CREATE INDEX listings_dr_board_idx ON listings (site_id, dr_share DESC, votes_count DESC, id)
  WHERE status = 'live' AND dr_share IS NOT NULL;
CREATE INDEX listings_revenue_board_idx ON listings (site_id, mrr_verified_cents DESC, votes_count DESC, id)
  WHERE status = 'live' AND NOT revenue_hidden AND mrr_verified_cents IS NOT NULL;
CREATE INDEX listings_revenue_any_board_idx ON listings (site_id, mrr_latest_cents DESC, votes_count DESC, id)
  WHERE status = 'live' AND NOT revenue_hidden AND mrr_latest_cents IS NOT NULL;
-- The board no longer reads domain_rating_latest by share; the index was only upkeep.
DROP INDEX domain_rating_latest_share;

CREATE FUNCTION listing_dr_share_sync(cid int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  s float8;
BEGIN
  -- The caller just wrote (and holds) the company's domain_rating_latest row, so this read is final.
  SELECT share INTO s FROM domain_rating_latest WHERE company_id = cid;
  UPDATE listings SET dr_share = s WHERE company_id = cid AND dr_share IS DISTINCT FROM s;
END $$;

CREATE FUNCTION listing_dr_share_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM listing_dr_share_sync(OLD.company_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.company_id <> OLD.company_id) THEN PERFORM listing_dr_share_sync(NEW.company_id); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER domain_rating_latest_to_listings AFTER INSERT OR UPDATE OR DELETE ON domain_rating_latest
  FOR EACH ROW EXECUTE FUNCTION listing_dr_share_keep();

CREATE FUNCTION listing_revenue_sync(cid int) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v bigint;
  a bigint;
BEGIN
  -- Figures of different months do not conflict, so two writers of one company could each miss the
  -- other's figure: locking the company's listings first makes the later one wait, then read (a
  -- fresh snapshot per statement) every figure committed before it.
  PERFORM 1 FROM listings WHERE company_id = cid FOR UPDATE;
  SELECT mrr_cents INTO v FROM revenue_figures WHERE company_id = cid AND verified ORDER BY month DESC LIMIT 1;
  SELECT mrr_cents INTO a FROM revenue_figures WHERE company_id = cid ORDER BY month DESC LIMIT 1;
  UPDATE listings SET mrr_verified_cents = v, mrr_latest_cents = a
   WHERE company_id = cid AND (mrr_verified_cents IS DISTINCT FROM v OR mrr_latest_cents IS DISTINCT FROM a);
END $$;

CREATE FUNCTION listing_revenue_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM listing_revenue_sync(OLD.company_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.company_id <> OLD.company_id) THEN PERFORM listing_revenue_sync(NEW.company_id); END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER revenue_figures_to_listings AFTER INSERT OR UPDATE OR DELETE ON revenue_figures
  FOR EACH ROW EXECUTE FUNCTION listing_revenue_keep();

-- A listing made (or moved) for a company that already has figures starts with them.
CREATE FUNCTION listing_board_keys_init() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.dr_share := (SELECT share FROM domain_rating_latest WHERE company_id = NEW.company_id);
  NEW.mrr_verified_cents := (SELECT mrr_cents FROM revenue_figures WHERE company_id = NEW.company_id AND verified ORDER BY month DESC LIMIT 1);
  NEW.mrr_latest_cents := (SELECT mrr_cents FROM revenue_figures WHERE company_id = NEW.company_id ORDER BY month DESC LIMIT 1);
  RETURN NEW;
END $$;

CREATE TRIGGER listings_board_keys_init BEFORE INSERT OR UPDATE OF company_id ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_board_keys_init();

-- How many listings each of these boards holds per site. Counting a board's index on every read
-- costs ~10 ms at 100,000 entries, the whole budget of the page, so the count is kept instead: a
-- listing entering or leaving a board moves it by one. The trigger is deferred to commit, so a
-- transaction writing many companies' figures locks the site's row only for its last instant
-- (never while it still waits for listings another writer holds). No foreign key: a site deleted
-- in the same transaction as its listings would refuse the deferred update; a stale row is harmless.
CREATE TABLE board_totals (
  site_id int PRIMARY KEY,
  domain_rating int NOT NULL DEFAULT 0,
  revenue int NOT NULL DEFAULT 0,
  revenue_any int NOT NULL DEFAULT 0
);
INSERT INTO board_totals (site_id, domain_rating, revenue, revenue_any)
SELECT site_id, count(*) FILTER (WHERE dr_share IS NOT NULL),
       count(*) FILTER (WHERE NOT revenue_hidden AND mrr_verified_cents IS NOT NULL),
       count(*) FILTER (WHERE NOT revenue_hidden AND mrr_latest_cents IS NOT NULL)
  FROM listings WHERE status = 'live' GROUP BY site_id;

CREATE FUNCTION board_totals_add(sid int, dr int, rv int, ra int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF dr = 0 AND rv = 0 AND ra = 0 THEN RETURN; END IF;
  INSERT INTO board_totals AS t (site_id, domain_rating, revenue, revenue_any) VALUES (sid, dr, rv, ra)
  ON CONFLICT (site_id) DO UPDATE SET domain_rating = t.domain_rating + dr, revenue = t.revenue + rv, revenue_any = t.revenue_any + ra;
END $$;

-- Whether a listing row is on each board: the predicates of the three partial indexes above.
CREATE FUNCTION board_totals_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  dr int := 0;
  rv int := 0;
  ra int := 0;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    dr := -(OLD.status = 'live' AND OLD.dr_share IS NOT NULL)::int;
    rv := -(OLD.status = 'live' AND NOT OLD.revenue_hidden AND OLD.mrr_verified_cents IS NOT NULL)::int;
    ra := -(OLD.status = 'live' AND NOT OLD.revenue_hidden AND OLD.mrr_latest_cents IS NOT NULL)::int;
    IF TG_OP = 'DELETE' OR OLD.site_id <> NEW.site_id THEN
      PERFORM board_totals_add(OLD.site_id, dr, rv, ra);
      dr := 0; rv := 0; ra := 0;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    dr := dr + (NEW.status = 'live' AND NEW.dr_share IS NOT NULL)::int;
    rv := rv + (NEW.status = 'live' AND NOT NEW.revenue_hidden AND NEW.mrr_verified_cents IS NOT NULL)::int;
    ra := ra + (NEW.status = 'live' AND NOT NEW.revenue_hidden AND NEW.mrr_latest_cents IS NOT NULL)::int;
    PERFORM board_totals_add(NEW.site_id, dr, rv, ra);
  END IF;
  RETURN NULL;
END $$;

-- Not on votes: a vote sets votes_count only, which no board's membership depends on.
CREATE CONSTRAINT TRIGGER listings_board_totals
  AFTER INSERT OR DELETE OR UPDATE OF site_id, status, dr_share, mrr_verified_cents, mrr_latest_cents, revenue_hidden ON listings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION board_totals_keep();

-- Which revenue providers exist is the code's registry (src/domain/revenue/revenue-providers.ts),
-- so another provider is one new file rather than a migration as well.
ALTER TABLE revenue_connections DROP CONSTRAINT revenue_connections_provider_check;
