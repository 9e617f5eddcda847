-- Drafting keeps every source a quote may come from, so regenerate and the editor's highlights
-- work from what was fetched, and records which draft parts the founder replaced by hand.
ALTER TABLE draft_pages ADD COLUMN head_text text NOT NULL DEFAULT '';
ALTER TABLE draft_pages ADD COLUMN link_text text NOT NULL DEFAULT '';
ALTER TABLE draft_pages ADD COLUMN skipped text;
ALTER TABLE draft_pages ADD COLUMN position int NOT NULL DEFAULT 0;
ALTER TABLE draft_pages ADD COLUMN doc jsonb; -- links, meta, JSON-LD and headings as crawled
ALTER TABLE drafts ADD COLUMN edited_parts text[] NOT NULL DEFAULT '{}';
ALTER TABLE drafts ADD COLUMN notice text; -- why nothing could be read, shown with the draft
ALTER TABLE draft_invites ADD COLUMN token_hash text;
CREATE UNIQUE INDEX draft_invites_token_idx ON draft_invites (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX drafts_domain_idx ON drafts (domain);
