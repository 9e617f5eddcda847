import type { NoRows, Db, Queryable } from '../../db/client.js';
import { listingChanged } from '../listings/listing-changes.js';
import { notifyComment } from '../notifications/notify.js';
import {
  checkCommentBody,
  publicName,
  withinEditWindow,
  EDIT_WINDOW_MINUTES,
  type CommentSort,
} from './comment-rules.js';
import { arrangeDiscussion, type CommentRecord, type Discussion } from './comment-thread.js';

export { commentForModeration, hideComment, restoreComment } from './comment-moderation.js';

/**
 * Comments on launches (issue 14 §5), on the site only. Each comment belongs to the launch it was
 * written on (the listing's launch week then), so a relaunch opens a fresh thread; earlier
 * threads stay readable but take no new replies or likes. Threads are one level deep: a reply to
 * a reply is attached to the top-level comment it answers (so a form sent from anywhere in a
 * thread lands in that thread rather than failing). Who may write (a confirmed, unsuspended
 * account) is the caller's check, with participationRefusal.
 */

/** A listing whose discussion is open: live, on this site. */
export interface CommentTarget {
  id: number;
  slug: string;
  launch_week: string | null;
}

export async function commentableListing(db: Queryable, siteId: number, slug: string): Promise<CommentTarget | null> {
  const rows = await db.query<CommentTarget>(
    `SELECT id, slug, to_char(launch_week, 'YYYY-MM-DD') AS launch_week FROM listings WHERE site_id = $1 AND slug = $2 AND status = 'live'`,
    [siteId, slug],
  );
  return rows[0] ?? null;
}

/** The most comments one page shows (all launches together); a thread this long is already hard to read. */
const THREAD_LIMIT = 2000;

/** The listing's discussion as `viewerId` (null: signed out) sees it. */
export async function loadDiscussion(
  db: Queryable,
  listing: { id: number; launch_week: string | null },
  sort: CommentSort,
  viewerId: number | null,
): Promise<Discussion> {
  const rows = await db.query<
    Omit<CommentRecord, 'author_name'> & { user_name: string | null; user_email: string | null }
  >(
    `SELECT c.id, c.parent_id, to_char(c.launch_week, 'YYYY-MM-DD') AS launch_week, c.user_id, c.body, c.created_at, c.edited_at, c.deleted_at, c.hidden_at,
            u.name AS user_name, u.email AS user_email,
            EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = c.listing_id AND o.user_id = c.user_id) AS is_maker,
            (SELECT count(*)::int FROM comment_likes cl WHERE cl.comment_id = c.id) AS likes,
            EXISTS (SELECT 1 FROM comment_likes cl WHERE cl.comment_id = c.id AND cl.user_id = $2) AS liked
       FROM comments c LEFT JOIN users u ON u.id = c.user_id
      WHERE c.listing_id = $1 ORDER BY c.created_at DESC, c.id DESC LIMIT $3`,
    [listing.id, viewerId ?? 0, THREAD_LIMIT],
  );
  // The email is reduced to the name shown here, so it never travels further.
  const records: CommentRecord[] = rows.map(({ user_name, user_email, ...r }) => ({
    ...r,
    author_name: publicName(user_name, user_email),
  }));
  return arrangeDiscussion(records, listing.launch_week, sort, viewerId);
}

export type CommentRefusal =
  | { ok: false; status: 400; field: 'body' | 'parent_id'; message: string }
  | { ok: false; status: 403; reason: 'not_author' | 'window_passed' | 'hidden'; message: string }
  | { ok: false; status: 404; message: string };

/** `parent_id`: the thread a deleted comment stood in (null for a top-level comment). */
export type CommentOutcome = { ok: true; id: number; parent_id?: number | null } | CommentRefusal;

interface StoredComment {
  id: number;
  parent_id: number | null;
  user_id: number | null;
  launch_week: string | null;
  created_at: string;
  deleted_at: string | null;
  hidden_at: string | null;
}

async function storedComment(db: Queryable, listingId: number, id: number): Promise<StoredComment | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const rows = await db.query<StoredComment>(
    `SELECT id, parent_id, user_id, to_char(launch_week, 'YYYY-MM-DD') AS launch_week, created_at, deleted_at, hidden_at
       FROM comments WHERE id = $1 AND listing_id = $2`,
    [id, listingId],
  );
  return rows[0] ?? null;
}

export const NOT_FOUND: CommentRefusal = {
  ok: false,
  status: 404,
  message: 'There is no such comment in this discussion.',
};

/** A new top-level comment, or a reply when `parentId` is given. */
export async function addComment(
  db: Queryable,
  listing: CommentTarget,
  userId: number,
  input: { body: unknown; parentId?: number | null },
  now: Date,
): Promise<CommentOutcome> {
  const checked = checkCommentBody(input.body);
  if (!checked.ok) return { ok: false, status: 400, field: checked.field, message: checked.message };
  let parentId: number | null = null;
  if (input.parentId !== undefined && input.parentId !== null) {
    const parent = await storedComment(db, listing.id, input.parentId);
    const answerable = parent && !parent.deleted_at && !parent.hidden_at && parent.launch_week === listing.launch_week;
    if (!answerable)
      return {
        ok: false,
        status: 400,
        field: 'parent_id',
        message:
          'The comment you replied to is no longer open for replies: it was deleted, hidden, or belongs to an earlier launch.',
      };
    parentId = parent.parent_id ?? parent.id;
  }
  const rows = await db.query<{ id: number }>(
    `INSERT INTO comments (listing_id, launch_week, user_id, parent_id, body, created_at) VALUES ($1, $2::date, $3, $4, $5, $6) RETURNING id`,
    [listing.id, listing.launch_week, userId, parentId, checked.body, now.toISOString()],
  );
  await listingChanged(db, listing.id);
  await notifyComment(db, rows[0].id, now);
  return { ok: true, id: rows[0].id };
}

/** Whether the author may still change the comment now; the refusal says why not. */
function changeRefusal(c: StoredComment | null, userId: number, now: Date): CommentRefusal | null {
  if (!c || c.deleted_at) return NOT_FOUND;
  if (c.user_id !== userId)
    return {
      ok: false,
      status: 403,
      reason: 'not_author',
      message: 'Only the person who wrote a comment can change it.',
    };
  if (c.hidden_at)
    return {
      ok: false,
      status: 403,
      reason: 'hidden',
      message: 'A moderator hid this comment, so it can no longer be changed.',
    };
  if (!withinEditWindow(c.created_at, now)) {
    return {
      ok: false,
      status: 403,
      reason: 'window_passed',
      message: `A comment can be edited or deleted for ${EDIT_WINDOW_MINUTES} minutes after it is posted; that time has passed.`,
    };
  }
  return null;
}

// The same conditions again in the UPDATE, so a change racing the window or a moderator cannot slip through.
const STILL_CHANGEABLE = `user_id = $2 AND deleted_at IS NULL AND hidden_at IS NULL AND created_at > $3::timestamptz - interval '${EDIT_WINDOW_MINUTES} minutes'`;

/** The author's new text for their comment, within the edit window. */
export async function editComment(
  db: Db,
  listing: CommentTarget,
  commentId: number,
  userId: number,
  body: unknown,
  now: Date,
): Promise<CommentOutcome> {
  const refusal = changeRefusal(await storedComment(db, listing.id, commentId), userId, now);
  if (refusal) return refusal;
  const checked = checkCommentBody(body);
  if (!checked.ok) return { ok: false, status: 400, field: checked.field, message: checked.message };
  const rows = await db.query<{ id: number }>(
    `UPDATE comments SET body = $4, edited_at = $3 WHERE id = $1 AND ${STILL_CHANGEABLE} RETURNING id`,
    [commentId, userId, now.toISOString(), checked.body],
  );
  if (rows[0]) await listingChanged(db, listing.id);
  return rows[0]
    ? { ok: true, id: commentId }
    : (changeRefusal(await storedComment(db, listing.id, commentId), userId, now) ?? NOT_FOUND);
}

/**
 * Deletes the author's comment, within the edit window. Its text is erased; the row stays so its
 * replies keep their place under "[deleted]".
 */
export async function deleteComment(
  db: Db,
  listing: CommentTarget,
  commentId: number,
  userId: number,
  now: Date,
): Promise<CommentOutcome> {
  const found = await storedComment(db, listing.id, commentId);
  const refusal = changeRefusal(found, userId, now);
  if (refusal) return refusal;
  const rows = await db.query<{ id: number }>(
    `UPDATE comments SET body = '', deleted_at = $3 WHERE id = $1 AND ${STILL_CHANGEABLE} RETURNING id`,
    [commentId, userId, now.toISOString()],
  );
  if (rows[0]) await listingChanged(db, listing.id);
  return rows[0]
    ? { ok: true, id: commentId, parent_id: found!.parent_id }
    : (changeRefusal(await storedComment(db, listing.id, commentId), userId, now) ?? NOT_FOUND);
}

/** Likes a comment of the current launch whose text is shown; liking twice is one like. */
export async function likeComment(
  db: Queryable,
  listing: CommentTarget,
  commentId: number,
  userId: number,
  now: Date,
): Promise<CommentOutcome> {
  const c = await storedComment(db, listing.id, commentId);
  if (!c || c.deleted_at || c.hidden_at || c.launch_week !== listing.launch_week) return NOT_FOUND;
  await db.query<NoRows>(
    'INSERT INTO comment_likes (comment_id, user_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
    [commentId, userId, now.toISOString()],
  );
  await listingChanged(db, listing.id);
  return { ok: true, id: commentId };
}

/** Takes a like back (nothing happens when there was none). */
export async function unlikeComment(
  db: Queryable,
  listing: CommentTarget,
  commentId: number,
  userId: number,
): Promise<CommentOutcome> {
  if (!(await storedComment(db, listing.id, commentId))) return NOT_FOUND;
  await db.query<NoRows>('DELETE FROM comment_likes WHERE comment_id = $1 AND user_id = $2', [commentId, userId]);
  await listingChanged(db, listing.id);
  return { ok: true, id: commentId };
}

/** Comments and replies the account posted since `since` (the per-account rate limit, shared by every instance). */
export async function commentsWrittenSince(db: Queryable, userId: number, since: Date): Promise<number> {
  return (
    await db.query<{ n: number }>('SELECT count(*)::int AS n FROM comments WHERE user_id = $1 AND created_at > $2', [
      userId,
      since.toISOString(),
    ])
  )[0].n;
}
