import type { Queryable } from '../../db/client.js';

/**
 * What moderation (src/domain/moderation) needs of comments. A hidden comment keeps its row and
 * its replies; the page shows "This comment was hidden by a moderator." in its place.
 */

interface CommentForModeration {
  id: number;
  listing_slug: string;
  author_email: string | null;
  body: string;
  hidden_at: string | null;
}

/** A comment as a moderator sees it (with its author's email), or null when there is none. */
export async function commentForModeration(db: Queryable, id: number): Promise<CommentForModeration | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const rows = await db.query<CommentForModeration>(
    `SELECT c.id, l.slug AS listing_slug, u.email AS author_email, c.body, c.hidden_at
       FROM comments c JOIN listings l ON l.id = c.listing_id LEFT JOIN users u ON u.id = c.user_id WHERE c.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

/** Hides a comment; returns its listing's slug (for the page's caches), or null when it was already hidden or does not exist. */
export async function hideComment(db: Queryable, id: number, now: Date = new Date()): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const rows = await db.query<{ slug: string }>(
    'UPDATE comments c SET hidden_at = $2 FROM listings l WHERE c.id = $1 AND l.id = c.listing_id AND c.hidden_at IS NULL RETURNING l.slug',
    [id, now.toISOString()],
  );
  return rows[0]?.slug ?? null;
}

/** Shows a hidden comment again; returns its listing's slug, or null when it was not hidden. */
export async function restoreComment(db: Queryable, id: number): Promise<string | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const rows = await db.query<{ slug: string }>(
    'UPDATE comments c SET hidden_at = NULL FROM listings l WHERE c.id = $1 AND l.id = c.listing_id AND c.hidden_at IS NOT NULL RETURNING l.slug',
    [id],
  );
  return rows[0]?.slug ?? null;
}
