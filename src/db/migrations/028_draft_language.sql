-- The site's language (BCP 47) as drafting read it from the site; null for drafts made before, or when it could
-- not be told.
ALTER TABLE drafts ADD COLUMN language text;
