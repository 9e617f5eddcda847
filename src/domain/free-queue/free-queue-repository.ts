import { type NoRows, fromJson as json, type Queryable } from '../../db/client.js';

/** The last badge check of a listing, as stored in listings.badge_check_result. */
export interface BadgeCheck {
  checked_at: string;
  /** The homepage we asked for (the company's website_url). */
  url: string;
  /** Where it led after redirects, when something was fetched. */
  final_url: string | null;
  found: boolean;
  /** found, not_found, robots, refused, unreachable, http_error, not_html */
  outcome: string;
  /** One sentence for the founder: what we saw. */
  detail: string;
  /** The tag that showed our badge (found only). */
  evidence: string | null;
}

export interface WeekMove {
  from: string;
  to: string;
  at: string;
  reason: string;
}

/**
 * Why a free listing was taken out of the queue and went back to draft, as stored in
 * listings.free_queue_exit: its week began without our badge after two moves, or no week of the
 * window had room. `reason` is one sentence for the founder. Cleared when it joins the queue again.
 */
export interface FreeQueueExit {
  at: string;
  /** The launch week that began without the badge. */
  launch_week: string;
  reason: string;
  /** The moves of that stay in the queue (launch_week_moves then). */
  moves: WeekMove[];
}

export interface FreeLaunchRecord {
  id: number;
  slug: string;
  status: string;
  plan: string | null;
  launch_week: string | null;
  launched_at: string | null;
  name: string;
  website_url: string;
  badge_checked_at: string | null;
  badge_check_result: BadgeCheck | null;
  badge_found_at: string | null;
  launch_week_moves: WeekMove[];
  free_queue_exit: FreeQueueExit | null;
}

export async function loadFreeLaunch(
  db: Queryable,
  siteId: number,
  listingId: number,
): Promise<FreeLaunchRecord | null> {
  const rows = await db.query<FreeLaunchRecord>(
    `SELECT l.id, l.slug, l.status, l.plan, to_char(l.launch_week, 'YYYY-MM-DD') AS launch_week, l.launched_at, c.name,
      c.website_url,
            l.badge_checked_at, l.badge_check_result, l.badge_found_at, l.launch_week_moves, l.free_queue_exit
       FROM listings l JOIN companies c ON c.id = l.company_id
      WHERE l.id = $1 AND l.site_id = $2`,
    [listingId, siteId],
  );
  const r = rows[0];
  if (!r) return null;
  return {
    ...r,
    badge_check_result: r.badge_check_result ? json<BadgeCheck>(r.badge_check_result) : null,
    launch_week_moves: json<WeekMove[]>(r.launch_week_moves ?? []),
    free_queue_exit: r.free_queue_exit ? json<FreeQueueExit>(r.free_queue_exit) : null,
  };
}

// Any constant works: every instance must use the same one. Paired with the site id.
const FREE_QUEUE_LOCK = 7_340_007;

/**
 * Serialises everything that fills free weeks (choosing, moving a missed week) for one site until
 * the transaction ends, so two founders can never both take a week's last place.
 */
export async function lockFreeQueue(tx: Queryable, siteId: number): Promise<void> {
  await tx.query<NoRows>('SELECT pg_advisory_xact_lock($1::int, $2::int)', [FREE_QUEUE_LOCK, siteId]);
}

/** Free listings already in each of these weeks (queued, scheduled or launched). */
export async function freeWeekLoads(db: Queryable, siteId: number, weeks: string[]): Promise<Map<string, number>> {
  const rows = await db.query<{ week: string; n: number }>(
    `SELECT to_char(launch_week, 'YYYY-MM-DD') AS week, count(*)::int AS n FROM listings
      WHERE site_id = $1 AND plan = 'free' AND status IN ('awaiting_badge', 'scheduled', 'live')
      AND launch_week = ANY($2::date[])
      GROUP BY launch_week`,
    [siteId, weeks],
  );
  return new Map(rows.map((r) => [r.week, r.n]));
}

/** Listings of this site the user owns (as owner or co-founder) that are waiting for their badge. */
export async function waitingListingsOf(db: Queryable, siteId: number, userId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM listings l JOIN listing_owners o ON o.listing_id = l.id AND o.user_id = $2
      WHERE l.site_id = $1 AND l.status = 'awaiting_badge'`,
    [siteId, userId],
  );
  return rows[0]?.n ?? 0;
}

/**
 * draft → awaiting_badge in the given week; false when the listing is no longer a draft. A new stay
 * in the queue starts afresh: no checks, no moves, no earlier exit.
 */
export async function queueFreeListing(db: Queryable, listingId: number, week: string, now: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE listings SET plan = 'free', launch_week = $2::date, status = 'awaiting_badge',
            badge_checked_at = NULL, badge_check_result = NULL, badge_found_at = NULL,
            launch_week_moves = '[]', free_queue_exit = NULL, updated_at = $3
      WHERE id = $1 AND status = 'draft' RETURNING id`,
    [listingId, week, now.toISOString()],
  );
  return rows.length > 0;
}

/**
 * Records a check of a listing still awaiting its badge; a found badge schedules it in the same
 * statement. Null when the listing had moved on meanwhile (another check found it first).
 */
export async function recordBadgeCheck(
  db: Queryable,
  listingId: number,
  check: BadgeCheck,
): Promise<{ slug: string; status: string } | null> {
  const rows = await db.query<{ slug: string; status: string }>(
    `UPDATE listings SET badge_checked_at = $2, badge_check_result = $3,
            status = CASE WHEN $4::boolean THEN 'scheduled' ELSE status END,
            badge_found_at = CASE WHEN $4::boolean THEN $2::timestamptz ELSE badge_found_at END,
            updated_at = CASE WHEN $4::boolean THEN $2::timestamptz ELSE updated_at END
      WHERE id = $1 AND status = 'awaiting_badge' RETURNING slug, status`,
    [listingId, check.checked_at, JSON.stringify(check), check.found],
  );
  return rows[0] ?? null;
}

/** Listings awaiting their badge whose last check is older than `checkedBefore` (or that were never checked). */
export async function listingsDueForCheck(
  db: Queryable,
  siteId: number,
  checkedBefore: Date,
  limit = 500,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM listings WHERE site_id = $1 AND status = 'awaiting_badge' AND (badge_checked_at IS NULL
      OR badge_checked_at <= $2)
      ORDER BY badge_checked_at NULLS FIRST, id LIMIT $3`,
    [siteId, checkedBefore.toISOString(), limit],
  );
  return rows.map((r) => r.id);
}

/**
 * scheduled → live for every listing whose launch week has begun, in one statement: with several
 * workers at once, a row's lock makes the second UPDATE re-check `status = 'scheduled'` and skip
 * it, so each listing goes live (and is returned) exactly once.
 */
export async function launchDueListings(
  db: Queryable,
  siteId: number,
  now: Date,
): Promise<{ id: number; slug: string }[]> {
  return db.query<{ id: number; slug: string }>(
    `UPDATE listings SET status = 'live', launched_at = $3, updated_at = $3
      WHERE site_id = $1 AND status = 'scheduled' AND launch_week <= $2::date RETURNING id, slug`,
    [siteId, now.toISOString().slice(0, 10), now.toISOString()],
  );
}

/** Listings whose launch week has begun while still awaiting their badge; locked for this transaction. */
export async function missedLaunchWeeks(
  tx: Queryable,
  siteId: number,
  now: Date,
): Promise<{ id: number; slug: string; launch_week: string; moves: WeekMove[] }[]> {
  const rows = await tx.query<{ id: number; slug: string; launch_week: string; moves: unknown }>(
    `SELECT id, slug, to_char(launch_week, 'YYYY-MM-DD') AS launch_week, launch_week_moves AS moves FROM listings
      WHERE site_id = $1 AND status = 'awaiting_badge' AND launch_week <= $2::date
      ORDER BY launch_week, id FOR UPDATE SKIP LOCKED`,
    [siteId, now.toISOString().slice(0, 10)],
  );
  return rows.map((r) => ({ ...r, moves: json<WeekMove[]>(r.moves ?? []) }));
}

/** Moves a listing to another week and appends the move to its history; false when it changed meanwhile. */
export async function moveLaunchWeek(tx: Queryable, listingId: number, move: WeekMove): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE listings SET launch_week = $3::date, updated_at = $4, launch_week_moves = launch_week_moves || $5::jsonb
      WHERE id = $1 AND status = 'awaiting_badge' AND launch_week = $2::date RETURNING id`,
    [listingId, move.from, move.to, move.at, JSON.stringify([move])],
  );
  return rows.length > 0;
}

/**
 * awaiting_badge → draft (plan and launch week cleared), with why recorded in free_queue_exit; the
 * last badge check and the moves stay for the founder to read. False when it changed meanwhile.
 */
export async function returnToDraft(tx: Queryable, listingId: number, exit: FreeQueueExit): Promise<boolean> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE listings SET status = 'draft', plan = NULL, launch_week = NULL, free_queue_exit = $3, updated_at = $4
      WHERE id = $1 AND status = 'awaiting_badge' AND launch_week = $2::date RETURNING id`,
    [listingId, exit.launch_week, JSON.stringify(exit), exit.at],
  );
  return rows.length > 0;
}

/** Deletes finished jobs of these kinds whose work ended before `before`; how many went. */
export async function deleteFinishedJobs(db: Queryable, kinds: string[], before: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM jobs WHERE kind = ANY($1::text[]) AND done_at IS NOT NULL AND done_at < $2 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [kinds, before.toISOString()],
  );
  return rows[0]?.n ?? 0;
}
