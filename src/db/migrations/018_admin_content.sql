-- Blog posts written in the admin area may be drafts: a post without published_at is a draft.
-- Every public read already asks for published_at <= now, which NULL never is, so drafts stay
-- out of list_blog_posts, get_blog_post, the blog pages and the feed without touching them.
-- Posts inserted without a date (seed, older code) still get now() from the default.
ALTER TABLE blog_posts ALTER COLUMN published_at DROP NOT NULL;
