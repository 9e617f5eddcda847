import type { Db, Queryable } from '../../db/client.js';
import { notifyAwards } from '../notifications/notify.js';
import { addDays } from '../weeks/weeks.js';
import { publishEvent } from '../events/publish-event.js';

export interface GivenAward {
  id: number;
  week: string;
  rank: number;
  votes: number;
  listing_id: number;
  slug: string;
  name: string;
}

/**
 * Launch of the Week #1, #2 and #3 of a finished week (Monday 00:00 UTC to the next Monday):
 * - Who competes: live listings that launched that week (launch_week = its Monday).
 * - What counts: their community votes cast during the week that count (counted = true), as they
 *   stand when the week is awarded. Owners' votes and voided votes never count; votes still held
 *   (young accounts) at that moment do not either.
 * - Ties: among equal counts, the listing that reached its count first wins — the one whose last
 *   counted vote of the week (the vote that reached the count) was cast earlier; then the lower
 *   listing id.
 *
 * Exactly once per week, however many workers run this at the same time: the week is claimed in
 * the same transaction that inserts its awards and queues the owners' mail, by setting
 * launch_weeks.awards_computed_at (only one transaction can set it from NULL; the others wait on
 * that row and then see it set), so the awards and their owners' notifications commit together or not at all.
 * A week once awarded is never ranked again — not even if some of its votes are voided later —
 * so an award, its notifications and its verification page never change. A week with no winner is
 * settled too. Returns the awards this call gave (none when another call did it).
 */
export async function awardWeek(
  db: Db,
  site: { id: number; name: string },
  monday: string,
  publicUrl: string,
  now: () => Date = () => new Date(),
): Promise<GivenAward[]> {
  // The cheap check first: every worker asks every minute, and a settled week needs no transaction.
  const settled = await db.query<{ one: number }>(
    'SELECT 1 AS one FROM launch_weeks WHERE site_id = $1 AND week_start = $2::date AND awards_computed_at IS NOT NULL',
    [site.id, monday],
  );
  if (settled.length > 0) return [];
  return db.transaction(async (tx) => {
    if (!(await claimWeek(tx, site.id, monday))) return [];
    const given = await insertWinners(tx, site.id, monday);
    // In the claiming transaction, so each award is told exactly once (mailed by the notification batches).
    await notifyAwards(tx, site.id, given, now());
    // The winners' pages show their new award.
    for (const g of given) tx.changed({ kind: 'listing', siteId: site.id, slug: g.slug });
    for (const g of given) {
      const award = { id: g.id, week: g.week, rank: g.rank, votes: g.votes };
      await publishEvent(
        { db: tx, now, config: { publicUrl } },
        { type: 'award.won', listingId: g.listing_id, data: { award } },
      );
    }
    return given;
  });
}

/** Marks the week as awarded; false when another call already did (it then waited for that one to commit). */
async function claimWeek(tx: Queryable, siteId: number, monday: string): Promise<boolean> {
  const rows = await tx.query<{ week_start: string }>(
    `INSERT INTO launch_weeks (site_id, week_start, awards_computed_at) VALUES ($1, $2::date, now())
     ON CONFLICT (site_id, week_start) DO UPDATE SET awards_computed_at = EXCLUDED.awards_computed_at
      WHERE launch_weeks.awards_computed_at IS NULL
     RETURNING week_start`,
    [siteId, monday],
  );
  return rows.length > 0;
}

/** Ranks the week (rules above) and inserts its top three, unless it already has awards (given before the claim
 *  existed). */
async function insertWinners(tx: Queryable, siteId: number, monday: string): Promise<GivenAward[]> {
  return tx.query<GivenAward>(
    `WITH week_votes AS (
       SELECT v.listing_id, count(*)::int AS n, max(v.created_at) AS reached_at
         FROM votes v JOIN listings l ON l.id = v.listing_id
        WHERE l.site_id = $1 AND l.launch_week = $2::date AND l.status = 'live' AND v.counted
          AND v.created_at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
          AND v.created_at < ($3::date)::timestamp AT TIME ZONE 'UTC'
        GROUP BY v.listing_id
     ), ranked AS (
       SELECT listing_id, n, row_number() OVER (ORDER BY n DESC, reached_at, listing_id)::int AS rank FROM week_votes
     ), inserted AS (
       INSERT INTO awards (site_id, week_start, rank, listing_id, votes)
       SELECT $1, $2::date, rank, listing_id, n FROM ranked
        WHERE rank <= 3 AND NOT EXISTS (SELECT 1 FROM awards WHERE site_id = $1 AND week_start = $2::date)
       ON CONFLICT (site_id, week_start, rank) DO NOTHING
       RETURNING id, week_start, rank, votes, listing_id
     )
     SELECT i.id, i.week_start AS week, i.rank, i.votes, i.listing_id, l.slug, c.name
       FROM inserted i JOIN listings l ON l.id = i.listing_id JOIN companies c ON c.id = l.company_id
      ORDER BY i.rank`,
    [siteId, monday, addDays(monday, 7)],
  );
}
