-- Comments on launches (issue 14 §5). A comment belongs to the launch it was written on (the
-- listing's launch_week then, null when it had none), so a relaunch starts a fresh thread while
-- older threads stay readable. Threads are one level deep: parent_id names a top-level comment
-- (the domain keeps it so). Comments are never removed by their authors, only marked: a deleted
-- or hidden comment with replies keeps its place so the replies still make sense.
CREATE TABLE comments (
  id serial PRIMARY KEY,
  listing_id int NOT NULL REFERENCES listings(id) ON DELETE CASCADE,
  launch_week date,
  -- An account removed from the database leaves its comments in place, without an author.
  user_id int REFERENCES users(id) ON DELETE SET NULL,
  parent_id int REFERENCES comments(id) ON DELETE CASCADE,
  -- Empty only once its author deleted it; 5000 characters (code points) at most.
  body text NOT NULL CHECK (char_length(body) <= 5000),
  created_at timestamptz NOT NULL DEFAULT now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  hidden_at timestamptz,
  CHECK (parent_id IS NULL OR parent_id <> id)
);
-- A listing's threads, launch by launch, in the order they are read.
CREATE INDEX comments_thread_idx ON comments (listing_id, launch_week, created_at, id);
CREATE INDEX comments_parent_idx ON comments (parent_id) WHERE parent_id IS NOT NULL;
-- The per-account rate limit counts an account's comments of the last minute.
CREATE INDEX comments_user_created_idx ON comments (user_id, created_at);

-- One like per person per comment: what the "Top" sort counts.
CREATE TABLE comment_likes (
  comment_id int NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
  user_id int NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (comment_id, user_id)
);
CREATE INDEX comment_likes_user_idx ON comment_likes (user_id);
