import type { Queryable } from '../../db/client.js';

export async function liveListingCount(db: Queryable, siteId: number): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM listings WHERE site_id = $1 AND status = 'live'`,
    [siteId],
  );
  return rows[0].n;
}

export interface LiveListingStamp {
  slug: string;
  updated_at: string;
}

/** Live listings in id order, `limit` from `offset` on (one sitemap file). */
export async function liveListingStamps(
  db: Queryable,
  siteId: number,
  limit: number,
  offset: number,
): Promise<LiveListingStamp[]> {
  return db.query<LiveListingStamp>(
    `SELECT slug, updated_at FROM listings WHERE site_id = $1 AND status = 'live' ORDER BY id LIMIT $2 OFFSET $3`,
    [siteId, limit, offset],
  );
}

/** The company's name, or null when there is no such company. */
export async function companyName(db: Queryable, companyId: number): Promise<string | null> {
  const rows = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId]);
  return rows[0]?.name ?? null;
}
