import type { NoRows, Queryable } from '../../db/client.js';

/** What one edit changed on one listing: the field names and their values before and after. */
export interface VersionDiff {
  fields: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

export interface ListingVersion {
  id: number;
  listing_id: number;
  slug: string;
  user_email: string | null;
  fields: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  created_at: string;
}

/** JSON with object keys sorted, so jsonb (which reorders keys) compares equal to what was sent. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/** The fields of `next` whose value differs from `current`, in the order they were given. */
export function diffValues(current: Record<string, unknown>, next: Record<string, unknown>): VersionDiff {
  const diff: VersionDiff = { fields: [], before: {}, after: {} };
  for (const [field, value] of Object.entries(next)) {
    if (canonical(current[field]) === canonical(value)) continue;
    diff.fields.push(field);
    diff.before[field] = current[field] ?? null;
    diff.after[field] = value;
  }
  return diff;
}

export async function recordVersion(
  db: Queryable,
  listingId: number,
  userId: number,
  diff: VersionDiff,
  at: string,
): Promise<void> {
  await db.query<NoRows>(
    'INSERT INTO listing_versions (listing_id, user_id, fields, before, after, created_at) VALUES ($1, $2, $3, ' +
      '$4, $5, $6)',
    [listingId, userId, diff.fields, JSON.stringify(diff.before), JSON.stringify(diff.after), at],
  );
}

const VERSION_SELECT = `SELECT v.id, v.listing_id, l.slug, u.email AS user_email, v.fields, v.before, v.after,
  v.created_at, count(*) OVER () AS total_count
  FROM listing_versions v JOIN listings l ON l.id = v.listing_id LEFT JOIN users u ON u.id = v.user_id`;

async function versions(
  db: Queryable,
  where: string,
  params: unknown[],
  limit: number,
  offset: number,
): Promise<{ items: ListingVersion[]; total: number }> {
  const rows = await db.query<ListingVersion & { total_count: number }>(
    `${VERSION_SELECT} WHERE ${where} ORDER BY v.created_at DESC, v.id DESC LIMIT $2 OFFSET $3`,
    [...params, limit, offset],
  );
  return { items: rows.map(({ total_count, ...v }) => v), total: rows[0]?.total_count ?? 0 };
}

/** One listing's edits, newest first. */
export const versionsOfListing = (db: Queryable, listingId: number, limit: number, offset: number) =>
  versions(db, 'v.listing_id = $1', [listingId], limit, offset);

/** Every edit to this site's listings, newest first (the administrators' page). */
export const versionsOfSite = (db: Queryable, siteId: number, limit: number, offset: number) =>
  versions(db, 'l.site_id = $1', [siteId], limit, offset);
