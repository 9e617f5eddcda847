-- Screenshots are never hot-linked: each upload (or image fetched once from a URL) is decoded,
-- stripped of its metadata and kept here as one WebP master, keyed by the SHA-256 of that master, so
-- the same picture is stored once however many listings show it.
CREATE TABLE media_images (
  hash text PRIMARY KEY,
  width int NOT NULL,
  height int NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The sizes and formats pages ask for (srcset), made from the master on first request and kept.
CREATE TABLE media_renditions (
  hash text NOT NULL REFERENCES media_images (hash) ON DELETE CASCADE,
  width int NOT NULL,
  format text NOT NULL CHECK (format IN ('avif', 'webp')),
  bytes bytea NOT NULL,
  PRIMARY KEY (hash, width, format)
);

-- No operation ever wrote listing_media before this: an image row is a bare link to another
-- server, which the site does not show (it only serves images from its own origin).
DELETE FROM listing_media WHERE kind <> 'video';
ALTER TABLE listing_media ADD COLUMN image_hash text REFERENCES media_images (hash);
ALTER TABLE listing_media ADD CONSTRAINT listing_media_kind CHECK (
  (kind = 'image' AND image_hash IS NOT NULL) OR (kind = 'video' AND image_hash IS NULL)
);
CREATE INDEX listing_media_image_idx ON listing_media (image_hash);
