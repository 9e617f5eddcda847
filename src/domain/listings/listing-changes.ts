import type { Queryable } from '../../db/client.js';

/** Announces a change to the listing with this id, for writes that know the listing only by id. */
export async function listingChanged(db: Queryable, listingId: number): Promise<void> {
  const rows = await db.query<{ site_id: number; slug: string }>('SELECT site_id, slug FROM listings WHERE id = $1', [
    listingId,
  ]);
  for (const l of rows) db.changed({ kind: 'listing', siteId: l.site_id, slug: l.slug });
}

/** Announces a change to every listing of the company, on every site (what a company shares, such as its revenue). */
export async function companyListingsChanged(db: Queryable, companyId: number): Promise<void> {
  const rows = await db.query<{ site_id: number; slug: string }>(
    'SELECT site_id, slug FROM listings WHERE company_id = $1',
    [companyId],
  );
  for (const l of rows) db.changed({ kind: 'listing', siteId: l.site_id, slug: l.slug });
}
