import type { Queryable } from '../../db/client.js';
import { listingChanged } from '../listings/listing-changes.js';
import { notifyReview } from '../notifications/notify.js';
import { checkReply, checkReview, type FieldProblem } from './review-rules.js';

/**
 * Community reviews (issue 14 §4), a site feature only (no API operation):
 * - people signed in with a confirmed email write one review per listing — a rating of 1–5 and
 *   text — and may edit or delete it; never a listing's owner or co-owner, never a suspended
 *   account, and only on a live listing;
 * - a listing's owners may answer each review once: the reply is written once and not edited,
 *   so what a reviewer was answered cannot change under them (a second reply is refused);
 * - a moderator may hide a review: hidden reviews are neither shown nor rated, and their author
 *   can no longer edit or delete them (deleting would erase what moderation acted on).
 * Failures are plain values (`Refusal`) for the site to put into words.
 */

export interface ReviewListing {
  id: number;
  slug: string;
  name: string;
  status: string;
}

export interface Review {
  id: number;
  rating: number;
  body: string;
  /** The author's name, or the part of their email before the @ (never the whole email); null when the review has no author. */
  author_name: string | null;
  created_at: string;
  /** When the author last changed it, or null. */
  edited_at: string | null;
  /** Whether it counts toward the community rating (see community-rating.ts). */
  counted: boolean;
  reply: { body: string; at: string } | null;
}

export interface ReviewPage {
  items: Review[];
  page: number;
  per_page: number;
  total: number;
  total_pages: number;
}

export interface OwnReview {
  id: number;
  rating: number;
  body: string;
  hidden: boolean;
}

export type Refusal =
  | { ok: false; status: 400; reason: 'invalid'; problem: FieldProblem }
  | { ok: false; status: 403; reason: 'suspended' | 'unconfirmed' | 'owner' | 'not_owner' | 'hidden' }
  | { ok: false; status: 404; reason: 'no_listing' | 'no_review' }
  | { ok: false; status: 409; reason: 'already_replied' };

type RefusalReason = Exclude<Refusal['reason'], 'invalid'>;
const STATUS: Record<RefusalReason, 403 | 404 | 409> = {
  suspended: 403,
  unconfirmed: 403,
  owner: 403,
  not_owner: 403,
  hidden: 403,
  no_listing: 404,
  no_review: 404,
  already_replied: 409,
};
const refuse = (reason: RefusalReason) => ({ ok: false, status: STATUS[reason], reason }) as Refusal;

/** A listing whose reviews can be read: live or scheduled, on this site. */
export async function reviewedListing(db: Queryable, siteId: number, slug: string): Promise<ReviewListing | null> {
  const rows = await db.query<ReviewListing>(
    `SELECT l.id, l.slug, c.name, l.status FROM listings l JOIN companies c ON c.id = l.company_id
      WHERE l.site_id = $1 AND l.slug = $2 AND l.status IN ('live', 'scheduled')`,
    [siteId, slug],
  );
  return rows[0] ?? null;
}

const AUTHOR_NAME = `coalesce(nullif(btrim(u.name), ''), nullif(split_part(u.email, '@', 1), ''))`;

const REVIEW_SELECT = `SELECT r.id, r.rating, r.body, ${AUTHOR_NAME} AS author_name, r.created_at, r.updated_at AS edited_at,
         (r.is_genuine AND NOT EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = r.listing_id AND o.user_id = r.user_id)) AS counted,
         r.owner_reply AS reply_body, r.owner_reply_at AS reply_at
    FROM reviews r LEFT JOIN users u ON u.id = r.user_id`;
type ReviewRow = Omit<Review, 'reply'> & { reply_body: string | null; reply_at: string | null };
const toReview = ({ reply_body, reply_at, ...r }: ReviewRow): Review => ({
  ...r,
  reply: reply_body !== null && reply_at !== null ? { body: reply_body, at: reply_at } : null,
});

/** A listing's shown (not hidden) reviews, newest first, a page at a time. */
export async function listReviews(
  db: Queryable,
  listingId: number,
  o: { page?: number; perPage?: number } = {},
): Promise<ReviewPage> {
  const perPage = Math.min(Math.max(Math.trunc(o.perPage ?? 20), 1), 100);
  const page = Math.min(Math.max(Math.trunc(o.page ?? 1), 1), 1000);
  const [rows, counted] = await Promise.all([
    db.query<ReviewRow>(
      `${REVIEW_SELECT} WHERE r.listing_id = $1 AND r.hidden_at IS NULL ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3`,
      [listingId, perPage, (page - 1) * perPage],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM reviews WHERE listing_id = $1 AND hidden_at IS NULL', [
      listingId,
    ]),
  ]);
  const total = counted[0].n;
  return { items: rows.map(toReview), page, per_page: perPage, total, total_pages: Math.ceil(total / perPage) };
}

/** One shown review of the listing, or null. */
export async function shownReview(db: Queryable, listingId: number, reviewId: number): Promise<Review | null> {
  const rows = await db.query<ReviewRow>(
    `${REVIEW_SELECT} WHERE r.id = $1 AND r.listing_id = $2 AND r.hidden_at IS NULL`,
    [reviewId, listingId],
  );
  return rows[0] ? toReview(rows[0]) : null;
}

/** The person's own review of the listing (hidden or not), for prefilling the form. */
export async function ownReview(db: Queryable, listingId: number, userId: number): Promise<OwnReview | null> {
  const rows = await db.query<OwnReview>(
    'SELECT id, rating, body, hidden_at IS NOT NULL AS hidden FROM reviews WHERE listing_id = $1 AND user_id = $2',
    [listingId, userId],
  );
  return rows[0] ?? null;
}

interface Standing {
  confirmed: boolean;
  suspended: boolean;
  owner: boolean;
}

/** What the account may do on this listing, read fresh from the database with every write. */
async function standing(db: Queryable, listingId: number, userId: number): Promise<Standing | null> {
  const rows = await db.query<Standing>(
    `SELECT u.email_verified_at IS NOT NULL AS confirmed, u.suspended_at IS NOT NULL AS suspended,
            EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = $1 AND o.user_id = u.id) AS owner
       FROM users u WHERE u.id = $2`,
    [listingId, userId],
  );
  return rows[0] ?? null;
}

/** A suspended or unconfirmed account takes no part; the first reason that applies. */
function accountRefusal(s: Standing | null): Refusal | null {
  if (!s || s.suspended) return refuse('suspended');
  if (!s.confirmed) return refuse('unconfirmed');
  return null;
}

/** `created`: a first review, not an edit of the person's review. */
export type WriteResult = { ok: true; review_id: number; created?: boolean } | Refusal;

/**
 * Writes the person's review of a live listing, or edits the one they wrote: one per person, so
 * a second write changes the first (a double submit or two tabs can never make two). The
 * "edited" mark moves only when the rating or text really changed.
 */
export async function writeReview(
  db: Queryable,
  listing: ReviewListing,
  userId: number,
  input: { rating: unknown; body: unknown },
  now: Date,
): Promise<WriteResult> {
  if (listing.status !== 'live') return refuse('no_listing');
  const s = await standing(db, listing.id, userId);
  const refused = accountRefusal(s);
  if (refused) return refused;
  if (s!.owner) return refuse('owner');
  const checked = checkReview(input);
  if (!checked.ok) return { ok: false, status: 400, reason: 'invalid', problem: checked.problem };
  const rows = await db.query<{ id: number; created: boolean }>(
    `INSERT INTO reviews (listing_id, user_id, rating, body, created_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (listing_id, user_id) WHERE user_id IS NOT NULL DO UPDATE
       SET rating = EXCLUDED.rating, body = EXCLUDED.body,
           updated_at = CASE WHEN reviews.rating = EXCLUDED.rating AND reviews.body = EXCLUDED.body THEN reviews.updated_at ELSE EXCLUDED.created_at END
       WHERE reviews.hidden_at IS NULL
     RETURNING id, (xmax = 0) AS created`,
    [listing.id, userId, checked.value.rating, checked.value.body, now.toISOString()],
  );
  // No row: the person's review exists and a moderator hid it.
  if (!rows[0]) return refuse('hidden');
  // The profile shows the community rating.
  await listingChanged(db, listing.id);
  await notifyReview(db, rows[0].id, now);
  return { ok: true, review_id: rows[0].id, created: rows[0].created };
}

export type DeleteResult = { ok: true; deleted: boolean } | Refusal;

/** Deletes the person's own review (its maker's reply goes with it); deleting none changes nothing. */
export async function deleteOwnReview(db: Queryable, listing: ReviewListing, userId: number): Promise<DeleteResult> {
  const refused = accountRefusal(await standing(db, listing.id, userId));
  if (refused) return refused;
  const removed = await db.query<{ id: number }>(
    'DELETE FROM reviews WHERE listing_id = $1 AND user_id = $2 AND hidden_at IS NULL RETURNING id',
    [listing.id, userId],
  );
  if (removed.length === 0 && (await ownReview(db, listing.id, userId))?.hidden) return refuse('hidden');
  if (removed.length) await listingChanged(db, listing.id);
  return { ok: true, deleted: removed.length > 0 };
}

export type ReplyResult = { ok: true } | Refusal;

/** The listing's owner or co-owner answers a shown review of it, once. */
export async function replyToReview(
  db: Queryable,
  listing: ReviewListing,
  reviewId: number,
  userId: number,
  text: unknown,
  now: Date,
): Promise<ReplyResult> {
  const s = await standing(db, listing.id, userId);
  const refused = accountRefusal(s);
  if (refused) return refused;
  if (!s!.owner) return refuse('not_owner');
  const found = await db.query<{ replied: boolean }>(
    'SELECT owner_reply IS NOT NULL AS replied FROM reviews WHERE id = $1 AND listing_id = $2 AND hidden_at IS NULL',
    [reviewId, listing.id],
  );
  if (!found[0]) return refuse('no_review');
  if (found[0].replied) return refuse('already_replied');
  const checked = checkReply(text);
  if (!checked.ok) return { ok: false, status: 400, reason: 'invalid', problem: checked.problem };
  // The IS NULL guard makes "once" hold against two owners answering at the same moment.
  const saved = await db.query<{ id: number }>(
    `UPDATE reviews SET owner_reply = $3, owner_reply_at = $4, owner_reply_by = $5
      WHERE id = $1 AND listing_id = $2 AND hidden_at IS NULL AND owner_reply IS NULL RETURNING id`,
    [reviewId, listing.id, checked.value, now.toISOString(), userId],
  );
  if (!saved.length) return refuse('already_replied');
  await listingChanged(db, listing.id);
  return { ok: true };
}

/** Reviews written or edited and replies written by the account since `since` (the per-account rate limit). */
export async function reviewWritesSince(db: Queryable, userId: number, since: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM reviews WHERE user_id = $1 AND coalesce(updated_at, created_at) > $2)::int
          + (SELECT count(*) FROM reviews WHERE owner_reply_by = $1 AND owner_reply_at > $2)::int AS n`,
    [userId, since.toISOString()],
  );
  return rows[0].n;
}

// Moderation (called by src/domain/moderation): a hidden review leaves the page and the rating.

/** Hides a shown review; returns its listing's slug (for the caches), or null when there is no such shown review. */
export async function hideReview(db: Queryable, id: number): Promise<string | null> {
  const rows = await db.query<{ slug: string }>(
    `UPDATE reviews r SET hidden_at = now() FROM listings l WHERE r.id = $1 AND l.id = r.listing_id AND r.hidden_at IS NULL RETURNING l.slug`,
    [id],
  );
  return rows[0]?.slug ?? null;
}

/** Shows a hidden review again; returns its listing's slug, or null when it is not hidden. */
export async function restoreReview(db: Queryable, id: number): Promise<string | null> {
  const rows = await db.query<{ slug: string }>(
    `UPDATE reviews r SET hidden_at = NULL FROM listings l WHERE r.id = $1 AND l.id = r.listing_id AND r.hidden_at IS NOT NULL RETURNING l.slug`,
    [id],
  );
  return rows[0]?.slug ?? null;
}

export interface ReviewForModeration {
  id: number;
  listing_slug: string;
  author_email: string | null;
  rating: number;
  body: string;
  hidden_at: string | null;
}

/** A review as a moderator sees it: with its author's email, hidden or not. */
export async function reviewForModeration(db: Queryable, id: number): Promise<ReviewForModeration | null> {
  const rows = await db.query<ReviewForModeration>(
    `SELECT r.id, l.slug AS listing_slug, u.email AS author_email, r.rating, r.body, r.hidden_at
       FROM reviews r JOIN listings l ON l.id = r.listing_id LEFT JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}
