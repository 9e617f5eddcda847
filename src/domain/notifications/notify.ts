import type { Queryable } from '../../db/client.js';
import { publicName } from '../comments/comment-rules.js';
import { type NotificationItem, ownerIds, queueItems } from './notification-repository.js';
import type { NotificationKind } from './notification-kinds.js';

/**
 * What the domain tells owners about, each called once its write is done (one line at each point).
 * These only queue items (cheap: one or two statements); the batch job mails them at most hourly
 * (send-notifications.ts). Nobody is told about their own action.
 */

/** The listing as every notification names it. */
export interface NotifiedListing {
  slug: string;
  name: string;
}

const EXCERPT = 280;
const excerpt = (s: string) => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat;
};

async function toOwners(
  db: Queryable,
  listingId: number,
  actorId: number | null,
  item: { siteId: number; kind: NotificationKind; ref: string; detail: object },
  now: Date,
): Promise<void> {
  const owners = await ownerIds(db, listingId, actorId);
  await queueItems(
    db,
    owners.map((userId): NotificationItem => ({ ...item, userId })),
    now,
  );
}

/** A new comment (or reply) in a listing's discussion. */
export async function notifyComment(db: Queryable, commentId: number, now: Date): Promise<void> {
  const [c] = await db.query<{
    listing_id: number;
    site_id: number;
    slug: string;
    name: string;
    user_id: number | null;
    body: string;
    user_name: string | null;
    user_email: string | null;
  }>(
    `SELECT cm.listing_id, l.site_id, l.slug, co.name, cm.user_id, cm.body, u.name AS user_name, u.email AS user_email
       FROM comments cm JOIN listings l ON l.id = cm.listing_id JOIN companies co ON co.id = l.company_id
       LEFT JOIN users u ON u.id = cm.user_id WHERE cm.id = $1`,
    [commentId],
  );
  if (!c) return;
  const detail = {
    listing: { slug: c.slug, name: c.name },
    id: commentId,
    author: publicName(c.user_name, c.user_email),
    text: excerpt(c.body),
  };
  await toOwners(
    db,
    c.listing_id,
    c.user_id,
    { siteId: c.site_id, kind: 'comment', ref: `comment:${commentId}`, detail },
    now,
  );
}

/** A review written (not one edited: its listing was told when it was new). */
export async function notifyReview(db: Queryable, reviewId: number, now: Date): Promise<void> {
  const [r] = await db.query<{
    listing_id: number;
    site_id: number;
    slug: string;
    name: string;
    user_id: number | null;
    rating: number;
    body: string;
    user_name: string | null;
    user_email: string | null;
  }>(
    `SELECT r.listing_id, l.site_id, l.slug, co.name, r.user_id, r.rating, r.body, u.name AS user_name, u.email AS user_email
       FROM reviews r JOIN listings l ON l.id = r.listing_id JOIN companies co ON co.id = l.company_id
       LEFT JOIN users u ON u.id = r.user_id WHERE r.id = $1 AND r.updated_at IS NULL`,
    [reviewId],
  );
  if (!r) return;
  const detail = {
    listing: { slug: r.slug, name: r.name },
    id: reviewId,
    author: publicName(r.user_name, r.user_email),
    rating: r.rating,
    text: excerpt(r.body),
  };
  await toOwners(
    db,
    r.listing_id,
    r.user_id,
    { siteId: r.site_id, kind: 'review', ref: `review:${reviewId}`, detail },
    now,
  );
}

/** A vote held until its voter's account is old enough (voters stay anonymous: only the count is told). */
export async function notifyVoteHeld(db: Queryable, listingId: number, voterId: number, now: Date): Promise<void> {
  const [l] = await db.query<{ site_id: number; slug: string; name: string }>(
    'SELECT l.site_id, l.slug, co.name FROM listings l JOIN companies co ON co.id = l.company_id WHERE l.id = $1',
    [listingId],
  );
  if (!l) return;
  const detail = { listing: { slug: l.slug, name: l.name }, held: 1 };
  await toOwners(
    db,
    listingId,
    voterId,
    { siteId: l.site_id, kind: 'votes', ref: `held:${listingId}:${voterId}`, detail },
    now,
  );
}

/** Votes a moderator voided together (one item per listing, with the moderator's reason). */
export async function notifyVotesVoided(
  db: Queryable,
  voteIds: number[],
  reason: string,
  moderatorId: number,
  now: Date,
): Promise<void> {
  const rows = await db.query<{ listing_id: number; site_id: number; slug: string; name: string; n: number }>(
    `SELECT v.listing_id, l.site_id, l.slug, co.name, count(*)::int AS n
       FROM votes v JOIN listings l ON l.id = v.listing_id JOIN companies co ON co.id = l.company_id
      WHERE v.id = ANY($1::int[]) AND v.voided_at = $2 GROUP BY v.listing_id, l.site_id, l.slug, co.name`,
    // The ids as the moderator sent them: those that cannot be votes are left out, as voidVotes does.
    [voteIds.filter((v) => Number.isInteger(v) && v >= 1 && v <= 2_147_483_647), now.toISOString()],
  );
  for (const r of rows) {
    const detail = { listing: { slug: r.slug, name: r.name }, voided: r.n, reason };
    const ref = `voided:${r.listing_id}:${now.toISOString()}`;
    await toOwners(db, r.listing_id, moderatorId, { siteId: r.site_id, kind: 'votes', ref, detail }, now);
  }
}

/** Awards just given (called in the transaction that gives them, so each is told exactly once). */
export async function notifyAwards(
  db: Queryable,
  siteId: number,
  given: { id: number; week: string; rank: number; votes: number; listing_id: number; slug: string; name: string }[],
  now: Date,
): Promise<void> {
  for (const a of given) {
    const detail = { listing: { slug: a.slug, name: a.name }, id: a.id, week: a.week, rank: a.rank, votes: a.votes };
    await toOwners(db, a.listing_id, null, { siteId, kind: 'award', ref: `award:${a.id}`, detail }, now);
  }
}

/** A paid order now fulfilled: its buyer and the owners of the listings it was for are told. */
export async function notifyOrderFulfilled(db: Queryable, orderId: number, now: Date): Promise<void> {
  const rows = await db.query<{ site_id: number; number: string; user_id: number; listings: string[] | null }>(
    `SELECT o.site_id, o.number, o.user_id,
            (SELECT array_agg(DISTINCT co.name) FROM order_lines ol JOIN listings l ON l.id = ol.listing_id
               JOIN companies co ON co.id = l.company_id WHERE ol.order_id = o.id) AS listings
       FROM orders o WHERE o.id = $1 AND o.status = 'fulfilled'`,
    [orderId],
  );
  const o = rows[0];
  if (!o) return;
  const people = await db.query<{ user_id: number }>(
    `SELECT $2::int AS user_id UNION
     SELECT lo.user_id FROM order_lines ol JOIN listing_owners lo ON lo.listing_id = ol.listing_id WHERE ol.order_id = $1`,
    [orderId, o.user_id],
  );
  const detail = { number: o.number, listings: o.listings ?? [] };
  await queueItems(
    db,
    people.map((p) => ({
      siteId: o.site_id,
      userId: p.user_id,
      kind: 'order' as const,
      ref: `order:${orderId}`,
      detail,
    })),
    now,
  );
}
