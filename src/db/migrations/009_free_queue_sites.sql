-- The free queue on a database shared by several sites.
-- Badge checks are claimed only by workers of the listing's site: the job kind names the site
-- (free-queue.badge-check:<site key>). Checks still queued under the old, site-less kind move to
-- their listing's site; one whose listing is gone is finished (it has nothing left to check).
UPDATE jobs SET kind = 'free-queue.badge-check:' || s.key
  FROM listings l JOIN sites s ON s.id = l.site_id
 WHERE jobs.kind = 'free-queue.badge-check' AND jobs.done_at IS NULL
   AND l.id = CASE WHEN jobs.payload->>'listingId' ~ '^[0-9]{1,18}$' THEN (jobs.payload->>'listingId')::bigint END;
UPDATE jobs SET done_at = now(), last_error = 'listing no longer exists'
 WHERE kind = 'free-queue.badge-check' AND done_at IS NULL;
-- Why a free listing was taken out of the queue and went back to draft (its week began without
-- our badge after two moves, or no week of the window had room):
-- {at, launch_week, reason, moves: [{from, to, at, reason}]}. Cleared when it joins the queue again.
ALTER TABLE listings ADD COLUMN free_queue_exit jsonb;
-- The free queue purges finished badge checks after 7 days; this keeps that sweep off the open jobs.
CREATE INDEX jobs_done_idx ON jobs (kind, done_at) WHERE done_at IS NOT NULL;
