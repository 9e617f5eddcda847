import type { Db, Queryable } from '../../db/client.js';

/**
 * Community votes (SPEC §1: only people on the site vote; awards follow these votes only).
 * A person has one vote per listing per launch: the launch is the listing's launch week when the
 * vote is cast, so a relaunch starts afresh. The listing's owners and co-owners may press the
 * button, but their votes are kept uncounted. `votes_count` moves by one only when a counted
 * vote really came or went, in the same transaction, so double clicks and concurrent voters can
 * never drift it.
 */

export interface VoteTarget { id: number; slug: string; launch_week: string | null; votes: number }

/** A listing people can vote for: live, on this site. */
export async function votableListing(db: Queryable, siteId: number, slug: string): Promise<VoteTarget | null> {
  const rows = await db.query<VoteTarget>(
    `SELECT id, slug, to_char(launch_week, 'YYYY-MM-DD') AS launch_week, votes_count AS votes FROM listings
      WHERE site_id = $1 AND slug = $2 AND status = 'live'`, [siteId, slug]);
  return rows[0] ?? null;
}

/** Whether the person has a vote on the listing's current launch. */
export async function hasVoted(db: Queryable, listing: { id: number; launch_week: string | null }, userId: number): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM votes WHERE listing_id = $1 AND user_id = $2 AND coalesce(launch_week, DATE '1970-01-01') = coalesce($3::date, DATE '1970-01-01')`,
    [listing.id, userId, listing.launch_week]);
  return rows.length > 0;
}

export interface VoteResult { voted: boolean; counted: boolean; votes: number }

export async function castVote(db: Db, listing: VoteTarget, userId: number, o: { now: Date; ip: string | null }): Promise<VoteResult> {
  return db.transaction(async (tx) => {
    const owner = await tx.query('SELECT 1 FROM listing_owners WHERE listing_id = $1 AND user_id = $2', [listing.id, userId]);
    const counted = owner.length === 0;
    const added = await tx.query<{ id: number }>(
      `INSERT INTO votes (listing_id, user_id, created_at, launch_week, counted, ip) VALUES ($1, $2, $3, $4::date, $5, $6)
       ON CONFLICT DO NOTHING RETURNING id`, [listing.id, userId, o.now.toISOString(), listing.launch_week, counted, o.ip]);
    const votes = added.length && counted
      ? (await tx.query<{ votes: number }>('UPDATE listings SET votes_count = votes_count + 1 WHERE id = $1 RETURNING votes_count AS votes', [listing.id]))[0].votes
      : await currentCount(tx, listing.id);
    return { voted: true, counted: added.length > 0 ? counted : await isCounted(tx, listing, userId), votes };
  });
}

/** Takes back the person's vote on the listing's current launch (nothing happens if there is none). */
export async function removeVote(db: Db, listing: VoteTarget, userId: number): Promise<VoteResult> {
  return db.transaction(async (tx) => {
    const removed = await tx.query<{ counted: boolean }>(
      `DELETE FROM votes WHERE listing_id = $1 AND user_id = $2 AND coalesce(launch_week, DATE '1970-01-01') = coalesce($3::date, DATE '1970-01-01')
       RETURNING counted`, [listing.id, userId, listing.launch_week]);
    const votes = removed[0]?.counted
      ? (await tx.query<{ votes: number }>('UPDATE listings SET votes_count = greatest(votes_count - 1, 0) WHERE id = $1 RETURNING votes_count AS votes', [listing.id]))[0].votes
      : await currentCount(tx, listing.id);
    return { voted: false, counted: false, votes };
  });
}

async function currentCount(db: Queryable, listingId: number): Promise<number> {
  return (await db.query<{ votes: number }>('SELECT votes_count AS votes FROM listings WHERE id = $1', [listingId]))[0].votes;
}

async function isCounted(db: Queryable, listing: VoteTarget, userId: number): Promise<boolean> {
  const rows = await db.query<{ counted: boolean }>(
    `SELECT counted FROM votes WHERE listing_id = $1 AND user_id = $2 AND coalesce(launch_week, DATE '1970-01-01') = coalesce($3::date, DATE '1970-01-01')`,
    [listing.id, userId, listing.launch_week]);
  return rows[0]?.counted ?? false;
}

/** Votes the person cast since `since` (the per-account rate limit, shared by every instance). */
export async function votesCastSince(db: Queryable, userId: number, since: Date): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM votes WHERE user_id = $1 AND created_at > $2', [userId, since.toISOString()]))[0].n;
}
