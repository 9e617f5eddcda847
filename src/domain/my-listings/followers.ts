import type { NoRows, Db, Queryable } from '../../db/client.js';
import { listingChanged } from '../listings/listing-changes.js';

/** A listing people can follow: only ones the public can see (live or scheduled) on this site. */
export async function followableListing(
  db: Queryable,
  siteId: number,
  slug: string,
): Promise<{ id: number; slug: string } | null> {
  const rows = await db.query<{ id: number; slug: string }>(
    `SELECT id, slug FROM listings WHERE site_id = $1 AND slug = $2 AND status IN ('live', 'scheduled')`,
    [siteId, slug],
  );
  return rows[0] ?? null;
}

export async function isFollowing(db: Queryable, listingId: number, userId: number): Promise<boolean> {
  return (
    (
      await db.query<{ one: number }>('SELECT 1 AS one FROM followers WHERE listing_id = $1 AND user_id = $2', [
        listingId,
        userId,
      ])
    ).length > 0
  );
}

// followers_count is moved by one only when a row really came or went, in the same transaction,
// so double clicks and concurrent requests cannot drift it (and seeded counts are kept).
export async function follow(db: Db, listingId: number, userId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const added = await tx.query<{ user_id: number }>(
      'INSERT INTO followers (listing_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
      [listingId, userId, now.toISOString()],
    );
    if (added.length) {
      await tx.query<NoRows>('UPDATE listings SET followers_count = followers_count + 1 WHERE id = $1', [listingId]);
      // The public profile shows the follower count.
      await listingChanged(tx, listingId);
    }
    return added.length > 0;
  });
}

export async function unfollow(db: Db, listingId: number, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx.query<{ user_id: number }>(
      'DELETE FROM followers WHERE listing_id = $1 AND user_id = $2 RETURNING user_id',
      [listingId, userId],
    );
    if (removed.length) {
      await tx.query<NoRows>('UPDATE listings SET followers_count = greatest(followers_count - 1, 0) WHERE id = $1', [
        listingId,
      ]);
      await listingChanged(tx, listingId);
    }
    return removed.length > 0;
  });
}

/**
 * Confirmed addresses of the people following a listing, except `exceptUserId` (the author of an
 * update): mail goes only to addresses whose owners proved they read them.
 */
export async function followerEmails(db: Queryable, listingId: number, exceptUserId: number): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `SELECT u.email FROM followers f JOIN users u ON u.id = f.user_id
      WHERE f.listing_id = $1 AND f.user_id <> $2 AND u.email_verified_at IS NOT NULL ORDER BY f.created_at, u.id`,
    [listingId, exceptUserId],
  );
  return rows.map((r) => r.email);
}
