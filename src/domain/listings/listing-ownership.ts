import type { Queryable } from '../../db/client.js';
import { forbidden, notFound } from '../../errors/app-error.js';

export interface OwnedListing {
  id: number;
  site_id: number;
  company_id: number;
  slug: string;
  status: string;
  plan: string | null;
  launch_week: string | null;
  role: 'owner' | 'cofounder';
}

/**
 * A listing of this site the user owns (as owner or accepted co-founder): 404 when there is no such
 * listing here, 403 when it belongs to someone else. Every My-listings operation starts with it.
 */
export async function ownedListing(
  db: Queryable,
  siteId: number,
  listingId: number,
  userId: number,
): Promise<OwnedListing> {
  const rows = await db.query<Omit<OwnedListing, 'role'> & { role: OwnedListing['role'] | null }>(
    `SELECT l.id, l.site_id, l.company_id, l.slug, l.status, l.plan, l.launch_week, o.role
       FROM listings l LEFT JOIN listing_owners o ON o.listing_id = l.id AND o.user_id = $3
      WHERE l.id = $1 AND l.site_id = $2`,
    [listingId, siteId, userId],
  );
  const r = rows[0];
  if (!r) throw notFound(`No listing with id ${listingId}.`);
  if (!r.role) throw forbidden('You are not an owner of this listing.');
  return r as OwnedListing;
}

/** Whether the user owns the listing, as owner or accepted co-founder. */
export async function isListingOwner(db: Queryable, listingId: number, userId: number): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    'SELECT 1 AS one FROM listing_owners WHERE listing_id = $1 AND user_id = $2',
    [listingId, userId],
  );
  return rows.length > 0;
}

/** Whether the user owns any listing of the company, on any site (company facts are theirs to change). */
export async function ownsListingOfCompany(db: Queryable, companyId: number, userId: number): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    'SELECT 1 AS one FROM listings l JOIN listing_owners o ON o.listing_id = l.id WHERE l.company_id = $1 AND ' +
      'o.user_id = $2',
    [companyId, userId],
  );
  return rows.length > 0;
}
