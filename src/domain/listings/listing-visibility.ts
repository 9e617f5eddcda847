import type { Queryable } from '../../db/client.js';

/**
 * A moderator hides a listing: its status becomes 'hidden', so it leaves every public list, page,
 * board and search (they all read live listings only), and the status it had is kept to restore.
 * Returns its slug, or null when there is no such visible listing on the site.
 */
export async function hideListing(db: Queryable, siteId: number, listingId: number): Promise<string | null> {
  const rows = await db.query<{ slug: string }>(
    `UPDATE listings SET hidden_from_status = status, status = 'hidden', updated_at = now()
      WHERE id = $1 AND site_id = $2 AND status <> 'hidden' RETURNING slug`,
    [listingId, siteId],
  );
  return rows[0]?.slug ?? null;
}

/** Puts a hidden listing back in the status it had; null when it is not hidden. */
export async function restoreListing(db: Queryable, siteId: number, listingId: number): Promise<string | null> {
  const rows = await db.query<{ slug: string }>(
    `UPDATE listings SET status = coalesce(hidden_from_status, 'draft'), hidden_from_status = NULL, updated_at = now(),
            launched_at = CASE WHEN hidden_from_status = 'live' THEN coalesce(launched_at, now()) ELSE launched_at END
      WHERE id = $1 AND site_id = $2 AND status = 'hidden' RETURNING slug`,
    [listingId, siteId],
  );
  return rows[0]?.slug ?? null;
}

export interface ListingForModeration {
  id: number;
  slug: string;
  name: string;
  tagline: string;
  status: string;
}

export async function listingForModeration(
  db: Queryable,
  siteId: number,
  listingId: number,
): Promise<ListingForModeration | null> {
  const rows = await db.query<ListingForModeration>(
    `SELECT l.id, l.slug, c.name, c.tagline, l.status
       FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1 AND l.site_id = $2`,
    [listingId, siteId],
  );
  return rows[0] ?? null;
}
