import type { Queryable } from '../../db/client.js';
import type { MyListingRow } from './my-listing-view.js';

const ROW_COLUMNS = `l.id, l.site_id, l.company_id, l.slug, c.name, c.tagline, o.role, l.status, l.plan, l.launch_week,
  l.launched_at, l.free_queue_exit->>'reason' AS free_queue_exit_reason,
  l.unlocked_sections, l.created_at, l.updated_at`;
const ROW_FROM =
  'listings l JOIN companies c ON c.id = l.company_id JOIN listing_owners o ON o.listing_id = l.id AND o.user_id = $2';

/** Every listing of this site the user owns (as owner or co-founder), any status, newest first. */
export async function listOwnedListings(
  db: Queryable,
  siteId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ items: MyListingRow[]; total: number }> {
  const rows = await db.query<MyListingRow & { total_count: number }>(
    `SELECT ${ROW_COLUMNS}, count(*) OVER () AS total_count FROM ${ROW_FROM}
      WHERE l.site_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $3 OFFSET $4`,
    [siteId, userId, limit, offset],
  );
  return { items: rows.map(({ total_count, ...r }) => r), total: rows[0]?.total_count ?? 0 };
}

/** One owned listing's row; call after ownedListing has settled 404/403. */
export async function loadOwnedListing(db: Queryable, listingId: number, userId: number): Promise<MyListingRow> {
  const rows = await db.query<MyListingRow>(`SELECT ${ROW_COLUMNS} FROM ${ROW_FROM} WHERE l.id = $1`, [
    listingId,
    userId,
  ]);
  return rows[0];
}

export async function unlockedSectionsOf(
  db: Queryable,
  listingId: number,
): Promise<{ plan: string | null; unlocked_sections: string[] }> {
  const rows = await db.query<{ plan: string | null; unlocked_sections: string[] }>(
    'SELECT plan, unlocked_sections FROM listings WHERE id = $1',
    [listingId],
  );
  return rows[0];
}

/** The same company's listings on the other sites of this installation (apply_to targets). */
export async function companyListingsElsewhere(
  db: Queryable,
  companyId: number,
  siteId: number,
): Promise<{ id: number; site_id: number; slug: string }[]> {
  return db.query<{ id: number; site_id: number; slug: string }>(
    'SELECT id, site_id, slug FROM listings WHERE company_id = $1 AND site_id <> $2 ORDER BY site_id',
    [companyId, siteId],
  );
}

export async function allSites(db: Queryable): Promise<{ id: number; key: string; name: string }[]> {
  return db.query<{ id: number; key: string; name: string }>('SELECT id, key, name FROM sites ORDER BY id');
}

/**
 * Sites where the company has a listing owned by other people only. Company facts are shared by
 * the company's listings on every site, so an owner here must not rewrite what those show.
 */
export async function sitesOwnedByOthers(db: Queryable, companyId: number, userId: number): Promise<string[]> {
  const rows = await db.query<{ key: string }>(
    `SELECT DISTINCT s.key FROM listings l JOIN sites s ON s.id = l.site_id
      WHERE l.company_id = $1
        AND EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id)
        AND NOT EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.user_id = $2)
      ORDER BY s.key`,
    [companyId, userId],
  );
  return rows.map((r) => r.key);
}
