-- Category pages and alternatives list a category's live listings most voted first; this reads
-- them straight off an index instead of sorting the whole category.
CREATE INDEX listings_category_live_votes_idx ON listings (primary_category_id, votes_count DESC, id) WHERE status = 'live';
-- The home page's featured strip reads only listings with a featured placement.
CREATE INDEX listings_featured_idx ON listings (site_id, featured_until) WHERE featured_until IS NOT NULL;
