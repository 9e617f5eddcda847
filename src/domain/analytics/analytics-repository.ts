import type { NoRows, Queryable } from '../../db/client.js';

export interface DailyCounts {
  listing_id: number;
  day: string;
  views: number;
  clicks: number;
}

export interface ReferrerCounts {
  listing_id: number;
  day: string;
  host: string;
  n: number;
}

/**
 * Adds an instance's counts to the daily rows, one statement per table whatever their number;
 * rows of listings deleted since are skipped (the join), so one deletion cannot fail the batch.
 */
export async function addDailyCounts(db: Queryable, days: DailyCounts[], referrers: ReferrerCounts[]): Promise<void> {
  if (days.length)
    await db.query<NoRows>(
      `INSERT INTO listing_daily_stats (listing_id, day, views, clicks)
       SELECT v.listing_id, v.day, v.views, v.clicks
         FROM unnest($1::int[], $2::date[], $3::int[], $4::int[]) AS v(listing_id, day, views, clicks)
         JOIN listings l ON l.id = v.listing_id
       ON CONFLICT (listing_id, day) DO UPDATE
         SET views = listing_daily_stats.views + excluded.views, clicks = listing_daily_stats.clicks + excluded.clicks`,
      [days.map((d) => d.listing_id), days.map((d) => d.day), days.map((d) => d.views), days.map((d) => d.clicks)],
    );
  if (referrers.length)
    await db.query<NoRows>(
      `INSERT INTO listing_daily_referrers (listing_id, day, host, n)
       SELECT v.listing_id, v.day, v.host, v.n
         FROM unnest($1::int[], $2::date[], $3::text[], $4::int[]) AS v(listing_id, day, host, n)
         JOIN listings l ON l.id = v.listing_id
       ON CONFLICT (listing_id, day, host) DO UPDATE SET n = listing_daily_referrers.n + excluded.n`,
      [
        referrers.map((r) => r.listing_id),
        referrers.map((r) => r.day),
        referrers.map((r) => r.host),
        referrers.map((r) => r.n),
      ],
    );
}

/** One count of one series on one day (days without any are absent). */
export interface DayCount {
  series: string;
  day: string;
  n: number;
}

/**
 * Every series of a listing per UTC day from `from` to `to` (inclusive), in one round trip: views
 * and clicks from the daily rows; votes by the day they were cast, each in exactly one of
 * counted, held (waiting for a young account) or voided (an owner's own vote is in none); new
 * followers; reviews not hidden by a moderator.
 */
export async function dailyCounts(db: Queryable, listingId: number, from: string, to: string): Promise<DayCount[]> {
  return db.query<DayCount>(
    `WITH s AS (SELECT day, views, clicks FROM listing_daily_stats WHERE listing_id = $1 AND day BETWEEN $2::date AND $3::date),
     v AS (SELECT (created_at AT TIME ZONE 'UTC')::date AS day,
                  count(*) FILTER (WHERE counted) AS counted,
                  count(*) FILTER (WHERE held_until IS NOT NULL AND voided_at IS NULL) AS held,
                  count(*) FILTER (WHERE voided_at IS NOT NULL) AS voided
             FROM votes WHERE listing_id = $1 AND created_at >= $4 AND created_at < $5 GROUP BY 1)
     SELECT 'views' AS series, to_char(day, 'YYYY-MM-DD') AS day, views AS n FROM s WHERE views > 0
     UNION ALL SELECT 'clicks', to_char(day, 'YYYY-MM-DD'), clicks FROM s WHERE clicks > 0
     UNION ALL SELECT 'votes_counted', to_char(day, 'YYYY-MM-DD'), counted::int FROM v WHERE counted > 0
     UNION ALL SELECT 'votes_held', to_char(day, 'YYYY-MM-DD'), held::int FROM v WHERE held > 0
     UNION ALL SELECT 'votes_voided', to_char(day, 'YYYY-MM-DD'), voided::int FROM v WHERE voided > 0
     UNION ALL SELECT 'followers', to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), count(*)::int
       FROM followers WHERE listing_id = $1 AND created_at >= $4 AND created_at < $5 GROUP BY 2
     UNION ALL SELECT 'reviews', to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD'), count(*)::int
       FROM reviews WHERE listing_id = $1 AND hidden_at IS NULL AND created_at >= $4 AND created_at < $5 GROUP BY 2`,
    // The days' bounds as instants, so the session's time zone cannot move them.
    [listingId, from, to, `${from}T00:00:00Z`, new Date(Date.parse(`${to}T00:00:00Z`) + 86_400_000).toISOString()],
  );
}

/** The hosts that sent the most views from `from` to `to`, most first. */
export async function topReferrers(
  db: Queryable,
  listingId: number,
  from: string,
  to: string,
  limit: number,
): Promise<{ host: string; count: number }[]> {
  return db.query<{ host: string; count: number }>(
    `SELECT host, sum(n)::int AS count FROM listing_daily_referrers
      WHERE listing_id = $1 AND day BETWEEN $2::date AND $3::date GROUP BY host ORDER BY count DESC, host LIMIT $4`,
    [listingId, from, to, limit],
  );
}

/**
 * The launches of a listing, as the Mondays of their weeks, latest first: its launch week, the
 * weeks of its applied relaunches, and any week its votes were cast for.
 */
export async function launchWeeks(db: Queryable, listingId: number): Promise<string[]> {
  const rows = await db.query<{ week: string }>(
    `SELECT to_char(w, 'YYYY-MM-DD') AS week FROM (
       SELECT launch_week AS w FROM listings WHERE id = $1
       UNION SELECT week FROM relaunches WHERE listing_id = $1 AND applied_at IS NOT NULL
       UNION SELECT DISTINCT launch_week FROM votes WHERE listing_id = $1) x
      WHERE w IS NOT NULL ORDER BY w DESC`,
    [listingId],
  );
  return rows.map((r) => r.week);
}

/** The listing `slug` of the site and whether the user is one of its owners; null when there is none. */
export async function listingForAnalytics(
  db: Queryable,
  siteId: number,
  slug: string,
  userId: number,
): Promise<{ id: number; slug: string; owner: boolean } | null> {
  const rows = await db.query<{ id: number; slug: string; owner: boolean }>(
    `SELECT l.id, l.slug, EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.user_id = $3) AS owner
       FROM listings l WHERE l.site_id = $1 AND l.slug = $2`,
    [siteId, slug, userId],
  );
  return rows[0] ?? null;
}
