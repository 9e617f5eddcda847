-- The admin page of recent listing edits reads versions newest first across a site's listings;
-- the existing index is per listing.
CREATE INDEX listing_versions_created_idx ON listing_versions (created_at DESC, id DESC);
