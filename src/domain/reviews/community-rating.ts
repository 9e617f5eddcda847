import type { Queryable } from '../../db/client.js';

export interface CommunityRating {
  average: number | null;
  count: number;
}

/**
 * A listing's community rating: the mean of its genuine reviews only, with their
 * count. Genuine means moderation did not mark it otherwise (is_genuine), no moderator hid it,
 * and its author is not one of the listing's owners or co-owners — someone who became an owner
 * after reviewing stops counting then. One statement over the listing's own reviews.
 */
export async function communityRating(db: Queryable, listingId: number): Promise<CommunityRating> {
  const rows = await db.query<CommunityRating>(
    `SELECT round(avg(r.rating)::numeric, 2)::float8 AS average, count(*)::int AS count
       FROM reviews r
      WHERE r.listing_id = $1 AND r.is_genuine AND r.hidden_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = r.listing_id AND o.user_id = r.user_id)`,
    [listingId],
  );
  return rows[0] ?? { average: null, count: 0 };
}
