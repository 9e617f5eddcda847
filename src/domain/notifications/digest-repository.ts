import type { Queryable } from '../../db/client.js';

/** Confirmed followers of this site's listings who have the digest on and have not had the week's yet. */
export async function digestRecipients(
  db: Queryable,
  siteId: number,
  week: string,
  limit: number,
): Promise<{ user_id: number; email: string }[]> {
  return db.query(
    `SELECT u.id AS user_id, u.email FROM users u
      WHERE u.email_verified_at IS NOT NULL
        AND EXISTS (SELECT 1 FROM followers f JOIN listings l ON l.id = f.listing_id
                     WHERE f.user_id = u.id AND l.site_id = $1 AND l.status = 'live')
        AND NOT EXISTS (SELECT 1 FROM notification_opt_outs o WHERE o.user_id = u.id AND o.kind = 'digest')
        AND NOT EXISTS (SELECT 1 FROM notification_digests d WHERE d.site_id = $1 AND d.user_id = u.id AND d.week_start >= $2::date)
      ORDER BY u.id LIMIT $3`,
    [siteId, week, limit],
  );
}

/** Claims the person's digest of `week`: false when it was already sent (by this or another instance). */
export async function claimDigest(tx: Queryable, siteId: number, userId: number, week: string): Promise<boolean> {
  const rows = await tx.query<{ user_id: number }>(
    `INSERT INTO notification_digests (site_id, user_id, week_start) VALUES ($1, $2, $3::date)
     ON CONFLICT (site_id, user_id) DO UPDATE SET week_start = EXCLUDED.week_start
      WHERE notification_digests.week_start < EXCLUDED.week_start
     RETURNING user_id`,
    [siteId, userId, week],
  );
  return rows.length > 0;
}

/** What happened to a followed listing within the digest's week. */
export interface FollowedNews {
  slug: string;
  name: string;
  launched: boolean;
  updates: string[];
  milestones: string[];
  edited: boolean;
}

/** The person's followed live listings with what each launched, posted or changed in [from, to). */
export async function followedNews(
  db: Queryable,
  siteId: number,
  userId: number,
  week: { monday: string; from: string; to: string },
): Promise<FollowedNews[]> {
  return db.query<FollowedNews>(
    `SELECT l.slug, c.name, coalesce(l.launch_week = $3::date, false) AS launched,
            ARRAY(SELECT u.title FROM listing_updates u WHERE u.listing_id = l.id AND u.created_at >= $4 AND u.created_at < $5
                   ORDER BY u.created_at) AS updates,
            ARRAY(SELECT m.title FROM milestones m WHERE m.listing_id = l.id AND m.created_at >= $4 AND m.created_at < $5
                   ORDER BY m.created_at) AS milestones,
            (l.updated_at >= $4 AND l.updated_at < $5) AS edited
       FROM followers f JOIN listings l ON l.id = f.listing_id JOIN companies c ON c.id = l.company_id
      WHERE f.user_id = $2 AND l.site_id = $1 AND l.status = 'live'
      ORDER BY c.name, l.id`,
    [siteId, userId, week.monday, week.from, week.to],
  );
}

/** The winners of a finished week, #1 first. */
export async function weekWinners(
  db: Queryable,
  siteId: number,
  monday: string,
): Promise<{ id: number; rank: number; votes: number; slug: string; name: string }[]> {
  return db.query(
    `SELECT a.id, a.rank, a.votes, l.slug, c.name FROM awards a JOIN listings l ON l.id = a.listing_id
       JOIN companies c ON c.id = l.company_id WHERE a.site_id = $1 AND a.week_start = $2::date ORDER BY a.rank`,
    [siteId, monday],
  );
}
