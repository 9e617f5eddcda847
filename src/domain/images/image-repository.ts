import type { Queryable } from '../../db/client.js';

/** A remote image as we keep it: its redrawn bytes, or why it could not be had and when to try again. */
export interface StoredImage {
  urlHash: string;
  sourceUrl: string;
  status: 'ok' | 'failed';
  contentType: string | null;
  bytes: Buffer | null;
  error: string | null;
  fetchedAt: string;
  retryAt: string | null;
}

interface ImageRow {
  url_hash: string;
  source_url: string;
  status: 'ok' | 'failed';
  content_type: string | null;
  bytes: Uint8Array | null;
  width: number | null;
  height: number | null;
  error: string | null;
  fetched_at: string;
  retry_at: string | null;
}

const toImage = (r: ImageRow): StoredImage => ({
  urlHash: r.url_hash,
  sourceUrl: r.source_url,
  status: r.status,
  contentType: r.content_type,
  // pg hands bytea over as a Buffer, PGlite as a Uint8Array.
  bytes: r.bytes ? Buffer.from(r.bytes) : null,
  error: r.error,
  fetchedAt: r.fetched_at,
  retryAt: r.retry_at,
});

export async function findImage(db: Queryable, urlHash: string): Promise<StoredImage | null> {
  const rows = await db.query<ImageRow>('SELECT * FROM listing_images WHERE url_hash = $1', [urlHash], {
    prepare: 'find_listing_image',
  });
  return rows[0] ? toImage(rows[0]) : null;
}

/** Records the outcome of one fetch (a success replaces an earlier failure and the other way round). */
export async function saveImage(
  db: Queryable,
  img: {
    urlHash: string;
    sourceUrl: string;
    status: 'ok' | 'failed';
    contentType?: string | null;
    bytes?: Buffer | null;
    width?: number | null;
    height?: number | null;
    error?: string | null;
    fetchedAt: Date;
    retryAt?: Date | null;
  },
): Promise<StoredImage> {
  const rows = await db.query<ImageRow>(
    `INSERT INTO listing_images (url_hash, source_url, status, content_type, bytes, width, height, error, fetched_at,
     retry_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (url_hash) DO UPDATE
     SET source_url = EXCLUDED.source_url, status = EXCLUDED.status, content_type = EXCLUDED.content_type,
       bytes = EXCLUDED.bytes, width = EXCLUDED.width, height = EXCLUDED.height, error = EXCLUDED.error,
       fetched_at = EXCLUDED.fetched_at, retry_at = EXCLUDED.retry_at
     RETURNING *`,
    [
      img.urlHash,
      img.sourceUrl,
      img.status,
      img.contentType ?? null,
      img.bytes ?? null,
      img.width ?? null,
      img.height ?? null,
      img.error?.slice(0, 500) ?? null,
      img.fetchedAt.toISOString(),
      img.retryAt?.toISOString() ?? null,
    ],
  );
  return toImage(rows[0]);
}

/** A listing of this site with its name and logo URL (any status: its logo address holds a hash of the URL, which only
 *  its pages show). */
export async function findListingLogo(
  db: Queryable,
  siteId: number,
  listingId: number,
): Promise<{ name: string; logoUrl: string | null } | null> {
  const rows = await db.query<{ name: string; logo_url: string | null }>(
    'SELECT c.name, c.logo_url FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1 AND ' +
      'l.site_id = $2',
    [listingId, siteId],
    { prepare: 'find_listing_logo' },
  );
  return rows[0] ? { name: rows[0].name, logoUrl: rows[0].logo_url } : null;
}

/** A founder's name and avatar URL, by the founder's slug. */
export async function findFounderAvatar(
  db: Queryable,
  slug: string,
): Promise<{ name: string; avatarUrl: string | null } | null> {
  const rows = await db.query<{ name: string; avatar_url: string | null }>(
    'SELECT name, avatar_url FROM founders WHERE slug = $1',
    [slug],
    { prepare: 'find_founder_avatar' },
  );
  return rows[0] ? { name: rows[0].name, avatarUrl: rows[0].avatar_url } : null;
}
