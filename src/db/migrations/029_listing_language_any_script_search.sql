-- The language of a listing's text, a BCP 47 primary subtag: stated (by the draft it was saved from, or by its owner)
-- or, when nobody stated one, detected from its text and detected again when the text changes; null when neither
-- tells (listing-language.ts).
ALTER TABLE listings ADD COLUMN language text;
ALTER TABLE listings ADD COLUMN language_stated boolean NOT NULL DEFAULT false;

-- Search now cuts text in the application, in every script (search-text.ts): the listings indexed before are indexed
-- again, and their language detected, by a background job (jobs/reindex-job.ts) rather than in this transaction;
-- due at once, whatever the clock of the worker that takes it.
INSERT INTO jobs (kind, unique_key, run_at)
SELECT 'reindex_listings', 'reindex_listings:029', '-infinity' WHERE EXISTS (SELECT 1 FROM listings);
