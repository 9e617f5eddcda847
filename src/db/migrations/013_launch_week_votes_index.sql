-- A launch week's live listings most voted first (home page, calendar pages) read straight off an
-- index, however many listings launched that week; the week's count is an index-only scan of it.
CREATE INDEX listings_week_live_votes_idx ON listings (site_id, launch_week, votes_count DESC, id) WHERE status = 'live';
