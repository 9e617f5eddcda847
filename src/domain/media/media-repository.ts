import type { NoRows, Queryable } from '../../db/client.js';
import type { RenditionFormat } from '../../images/screenshot-image.js';

/** A row of listing_media with its image's size: the demo video first, then the screenshots in order. */
export interface MediaRow {
  id: number;
  kind: 'image' | 'video';
  url: string;
  caption: string;
  position: number;
  image_hash: string | null;
  width: number | null;
  height: number | null;
}

export async function listMedia(db: Queryable, listingId: number): Promise<MediaRow[]> {
  return db.query<MediaRow>(
    `SELECT m.id, m.kind, m.url, m.caption, m.position, m.image_hash, i.width, i.height
       FROM listing_media m LEFT JOIN media_images i ON i.hash = m.image_hash
      WHERE m.listing_id = $1 ORDER BY m.kind = 'image', m.position, m.id`,
    [listingId],
  );
}

/** Holds the listing's row until the transaction ends: concurrent adds cannot both take the last place. */
export async function lockListing(tx: Queryable, listingId: number): Promise<void> {
  await tx.query<{ id: number }>('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [listingId]);
}

/** Stores a master once: a picture already kept (the same hash) is left as it is. */
export async function storeImage(
  tx: Queryable,
  img: { hash: string; width: number; height: number; bytes: Buffer },
): Promise<void> {
  await tx.query<NoRows>(
    'INSERT INTO media_images (hash, width, height, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (hash) DO NOTHING',
    [img.hash, img.width, img.height, img.bytes],
  );
}

export async function insertMedia(
  tx: Queryable,
  m: {
    listingId: number;
    kind: 'image' | 'video';
    url: string;
    caption: string;
    position: number;
    imageHash: string | null;
  },
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `INSERT INTO listing_media (listing_id, kind, url, caption, position, image_hash) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING id`,
    [m.listingId, m.kind, m.url, m.caption, m.position, m.imageHash],
  );
  return rows[0].id;
}

export async function setCaption(tx: Queryable, listingId: number, id: number, caption: string): Promise<void> {
  await tx.query<NoRows>('UPDATE listing_media SET caption = $3 WHERE id = $2 AND listing_id = $1', [
    listingId,
    id,
    caption,
  ]);
}

/** Numbers the listing's screenshots 1, 2, 3… in the order of `ids`. */
export async function setImageOrder(tx: Queryable, listingId: number, ids: number[]): Promise<void> {
  await tx.query<NoRows>(
    `UPDATE listing_media m SET position = x.place FROM unnest($2::int[]) WITH ORDINALITY AS x(id, place)
      WHERE m.id = x.id AND m.listing_id = $1`,
    [listingId, ids],
  );
}

/** Deletes one item of the listing; null when it has none by that id. */
export async function deleteMedia(
  tx: Queryable,
  listingId: number,
  id: number,
): Promise<{ image_hash: string | null } | null> {
  const rows = await tx.query<{ image_hash: string | null }>(
    'DELETE FROM listing_media WHERE id = $2 AND listing_id = $1 RETURNING image_hash',
    [listingId, id],
  );
  return rows[0] ?? null;
}

/** Deletes a stored picture (and its sizes) once no listing shows it any more. */
export async function dropUnusedImage(tx: Queryable, hash: string): Promise<void> {
  await tx.query<NoRows>(
    'DELETE FROM media_images WHERE hash = $1 AND NOT EXISTS (SELECT 1 FROM listing_media WHERE image_hash = $1)',
    [hash],
  );
}

// pg hands bytea over as a Buffer, PGlite as a Uint8Array.
const buffer = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export async function findMaster(
  db: Queryable,
  hash: string,
): Promise<{ width: number; height: number; bytes: Buffer } | null> {
  const rows = await db.query<{ width: number; height: number; bytes: Uint8Array }>(
    'SELECT width, height, bytes FROM media_images WHERE hash = $1',
    [hash],
    { prepare: 'find_media_master' },
  );
  return rows[0] ? { ...rows[0], bytes: buffer(rows[0].bytes) } : null;
}

export async function findRendition(
  db: Queryable,
  hash: string,
  width: number,
  format: RenditionFormat,
): Promise<Buffer | null> {
  const rows = await db.query<{ bytes: Uint8Array }>(
    'SELECT bytes FROM media_renditions WHERE hash = $1 AND width = $2 AND format = $3',
    [hash, width, format],
    { prepare: 'find_media_rendition' },
  );
  return rows[0] ? buffer(rows[0].bytes) : null;
}

/** Keeps a size made from a master (another instance may have made the same one meanwhile: the same bytes). */
export async function saveRendition(
  db: Queryable,
  r: { hash: string; width: number; format: RenditionFormat; bytes: Buffer },
): Promise<void> {
  // The master may have been deleted meanwhile (its last listing dropped it): then there is nothing to keep.
  await db.query<NoRows>(
    `INSERT INTO media_renditions (hash, width, format, bytes) SELECT $1, $2::int, $3::text, $4::bytea
      WHERE EXISTS (SELECT 1 FROM media_images WHERE hash = $1) ON CONFLICT DO NOTHING`,
    [r.hash, r.width, r.format, r.bytes],
  );
}
