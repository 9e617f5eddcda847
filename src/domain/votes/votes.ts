import type { Queryable } from '../../db/client.js';
import { notifyVoteHeld } from '../notifications/notify.js';

/**
 * Community votes: only people on the site vote (never through the API or MCP); awards follow these votes only.
 * A person has one vote per listing per launch: the launch is the listing's launch week when the
 * vote is cast, so a relaunch starts afresh. The listing's owners and co-owners may press the
 * button, but their votes are kept uncounted. A young account's vote is held (uncounted, with
 * `held_until`) until the account is old enough (`vote_hold_hours`), then released by the
 * scheduler; it still belongs to the week it was cast in. `votes_count` moves by one only when a
 * counted vote really came or went, in the same statement, so double clicks, concurrent voters
 * and several workers releasing at once can never drift it.
 */

/** Whether the person has a vote on the listing's current launch. */
export async function hasVoted(
  db: Queryable,
  listing: { id: number; launch_week: string | null },
  userId: number,
): Promise<boolean> {
  const rows = await db.query<{ one: number }>(
    `SELECT 1 AS one FROM votes WHERE listing_id = $1 AND user_id = $2 AND coalesce(launch_week, DATE '1970-01-01') = coalesce($3::date, DATE '1970-01-01')`,
    [listing.id, userId, listing.launch_week],
  );
  return rows.length > 0;
}

export interface VoteResult {
  voted: boolean;
  counted: boolean;
  votes: number /** When a young account's vote starts counting; null when it counts (or never will). */;
  held_until: string | null;
}

export type VoteRefusal = 'signed_out' | 'unconfirmed' | 'suspended' | 'not_found' | 'rate_limited';
/** What a vote or its undoing did; `refused` says why nothing happened. */
export interface VoteOutcome extends VoteResult {
  refused?: VoteRefusal;
}

/** Who votes: an account, or whoever holds a site session (its token's SHA-256), checked in the same statement. */
export type Voter = { userId: number } | { sessionHash: string };

/**
 * Who votes, as rows of a CTE `u (id, created_at, email_verified_at, suspended_at)`: the account,
 * or the account of a live session. Two index lookups, one of which finds nothing.
 */
const VOTER_CTE = `u AS (
       SELECT id, created_at, email_verified_at, suspended_at FROM users WHERE id = $3
       UNION ALL
       SELECT u.id, u.created_at, u.email_verified_at, u.suspended_at FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id_hash = $4 AND s.expires_at > $5)`;
const voterParams = (voter: Voter, now: Date) => [
  'userId' in voter ? voter.userId : null,
  'sessionHash' in voter ? voter.sessionHash : null,
  now.toISOString(),
];

/** The refusal a voter gets before anything else is looked at, or null. */
function voterRefusal(r: {
  user_id: number | null;
  verified: boolean | null;
  suspended: boolean | null;
}): VoteRefusal | null {
  if (r.user_id === null) return 'signed_out';
  if (!r.verified) return 'unconfirmed';
  if (r.suspended) return 'suspended';
  return null;
}

const refused = (why: VoteRefusal, votes = 0): VoteOutcome => ({
  voted: false,
  counted: false,
  votes,
  held_until: null,
  refused: why,
});

/**
 * Casts the voter's vote on the live listing `slug`'s current launch. Refused for a session that
 * is not live, an unconfirmed or suspended account, or one that cast `perMinute` votes in the last
 * minute (the per-account limit, counted in the database so it holds across instances). An
 * account younger than `holdHours` gets its vote held (uncounted) until it reaches that age.
 * One statement — one round trip, atomic without a transaction, the hot path of every vote: the
 * voter, the listing, the limit, the owner check (an owner's vote is never counted, so never held
 * either), the vote and the count it moves.
 */
export async function castVote(
  db: Queryable,
  siteId: number,
  slug: string,
  voter: Voter,
  o: { now: Date; ip: string | null; holdHours?: number; perMinute?: number },
): Promise<VoteOutcome> {
  const rows = await db.query<{
    user_id: number | null;
    verified: boolean | null;
    suspended: boolean | null;
    found: boolean;
    inserted: boolean;
    counted: boolean | null;
    held_until: string | null;
    votes: number;
    listing_id: number;
    launch_week: string | null;
  }>(
    `WITH ${VOTER_CTE},
     l AS (SELECT id, launch_week, votes_count FROM listings WHERE site_id = $1 AND slug = $2 AND status = 'live'),
     recent AS (SELECT count(*)::int AS n FROM votes WHERE user_id = (SELECT id FROM u) AND created_at > $7),
     owner AS (SELECT EXISTS (SELECT 1 FROM listing_owners lo JOIN l ON lo.listing_id = l.id WHERE lo.user_id = (SELECT id FROM u)) AS is_owner),
     hold AS (SELECT CASE WHEN $9 > 0 AND NOT o.is_owner AND u.created_at + make_interval(hours => $9) > $5::timestamptz
                          THEN u.created_at + make_interval(hours => $9) END AS until FROM u, owner o),
     ins AS (
       INSERT INTO votes (listing_id, user_id, created_at, launch_week, counted, ip, held_until)
       SELECT l.id, u.id, $5, l.launch_week, NOT o.is_owner AND h.until IS NULL, $6, h.until
         FROM u, l, owner o, hold h, recent r
        WHERE u.email_verified_at IS NOT NULL AND u.suspended_at IS NULL AND r.n < $8
       ON CONFLICT DO NOTHING RETURNING counted, held_until),
     upd AS (UPDATE listings SET votes_count = votes_count + 1 WHERE id = (SELECT id FROM l) AND EXISTS (SELECT 1 FROM ins WHERE counted) RETURNING votes_count)
     SELECT (SELECT id FROM u) AS user_id, (SELECT email_verified_at IS NOT NULL FROM u) AS verified, (SELECT suspended_at IS NOT NULL FROM u) AS suspended,
            EXISTS (SELECT 1 FROM l) AS found, EXISTS (SELECT 1 FROM ins) AS inserted,
            (SELECT counted FROM ins) AS counted, (SELECT held_until FROM ins) AS held_until,
            coalesce((SELECT votes_count FROM upd), (SELECT votes_count FROM l)) AS votes,
            (SELECT id FROM l) AS listing_id, (SELECT to_char(launch_week, 'YYYY-MM-DD') FROM l) AS launch_week`,
    [
      siteId,
      slug,
      ...voterParams(voter, o.now),
      o.ip,
      new Date(o.now.getTime() - 60_000).toISOString(),
      o.perMinute ?? 2_147_483_647,
      o.holdHours ?? 0,
    ],
    { prepare: 'cast_vote' },
  );
  const r = rows[0];
  const who = voterRefusal(r);
  if (who) return refused(who);
  if (!r.found) return refused('not_found');
  if (r.inserted) {
    db.changed({ kind: 'listing', siteId, slug });
    if (r.held_until) await notifyVoteHeld(db, r.listing_id, r.user_id!, o.now);
    return { voted: true, counted: r.counted === true, votes: r.votes, held_until: r.held_until };
  }
  // Voted already (a double click, another tab): answer with the vote there is.
  const mine = await ownVote(db, { id: r.listing_id, launch_week: r.launch_week }, r.user_id!);
  if (!mine) return refused('rate_limited', r.votes);
  return { voted: true, counted: mine.counted, votes: r.votes, held_until: mine.held_until };
}

/**
 * Takes back the voter's vote on the live listing `slug`'s current launch (nothing happens if
 * there is none). A vote a moderator voided stays, so taking it back and voting again cannot undo
 * the voiding. One statement, like castVote; only a session that is not live is refused.
 */
export async function removeVote(
  db: Queryable,
  siteId: number,
  slug: string,
  voter: Voter,
  o: { now: Date },
): Promise<VoteOutcome> {
  const rows = await db.query<{
    user_id: number | null;
    found: boolean;
    removed: boolean;
    votes: number;
    listing_id: number;
    launch_week: string | null;
  }>(
    `WITH ${VOTER_CTE},
     l AS (SELECT id, launch_week, votes_count FROM listings WHERE site_id = $1 AND slug = $2 AND status = 'live'),
     del AS (
       DELETE FROM votes v USING l WHERE v.listing_id = l.id AND v.user_id = (SELECT id FROM u)
          AND coalesce(v.launch_week, DATE '1970-01-01') = coalesce(l.launch_week, DATE '1970-01-01') AND v.voided_at IS NULL
       RETURNING v.counted),
     upd AS (UPDATE listings SET votes_count = greatest(votes_count - 1, 0) WHERE id = (SELECT id FROM l) AND EXISTS (SELECT 1 FROM del WHERE counted) RETURNING votes_count)
     SELECT (SELECT id FROM u) AS user_id, EXISTS (SELECT 1 FROM l) AS found, EXISTS (SELECT 1 FROM del) AS removed,
            coalesce((SELECT votes_count FROM upd), (SELECT votes_count FROM l)) AS votes,
            (SELECT id FROM l) AS listing_id, (SELECT to_char(launch_week, 'YYYY-MM-DD') FROM l) AS launch_week`,
    [siteId, slug, ...voterParams(voter, o.now)],
    { prepare: 'remove_vote' },
  );
  const r = rows[0];
  if (r.user_id === null) return refused('signed_out');
  if (!r.found) return refused('not_found');
  if (r.removed) db.changed({ kind: 'listing', siteId, slug });
  if (!r.removed && (await ownVote(db, { id: r.listing_id, launch_week: r.launch_week }, r.user_id)))
    return { voted: true, counted: false, votes: r.votes, held_until: null };
  return { voted: false, counted: false, votes: r.votes, held_until: null };
}

async function ownVote(
  db: Queryable,
  listing: { id: number; launch_week: string | null },
  userId: number,
): Promise<{ counted: boolean; held_until: string | null } | null> {
  const rows = await db.query<{ counted: boolean; held_until: string | null }>(
    `SELECT counted, held_until FROM votes WHERE listing_id = $1 AND user_id = $2 AND coalesce(launch_week, DATE '1970-01-01') = coalesce($3::date, DATE '1970-01-01')`,
    [listing.id, userId, listing.launch_week],
  );
  return rows[0] ?? null;
}

/**
 * Counts the held votes whose hold has passed (accounts now old enough). One statement: the
 * votes flip and their listings' counts move together, so several workers releasing at once
 * count each vote exactly once (a row already released no longer matches). Returns the listings
 * whose counts moved, announced as changed.
 */
export async function releaseHeldVotes(
  db: Queryable,
  now: Date,
): Promise<{ site_id: number; slug: string; id: number; votes: number; released: number }[]> {
  const moved = await db.query<{ site_id: number; slug: string; id: number; votes: number; released: number }>(
    `WITH released AS (
       UPDATE votes SET counted = true, held_until = NULL
        WHERE held_until IS NOT NULL AND held_until <= $1 AND voided_at IS NULL RETURNING listing_id),
     per AS (SELECT listing_id, count(*)::int AS n FROM released GROUP BY listing_id)
     UPDATE listings l SET votes_count = l.votes_count + per.n FROM per WHERE l.id = per.listing_id
     RETURNING l.site_id, l.slug, l.id, l.votes_count AS votes, per.n AS released`,
    [now.toISOString()],
  );
  for (const l of moved) db.changed({ kind: 'listing', siteId: l.site_id, slug: l.slug });
  return moved;
}

/**
 * Voids votes (a moderator's decision, with its reason): they stop counting everywhere at once —
 * the stored count, every board, trending, week rankings — but stay on record. Awards already
 * given for a finished week are not re-ranked. Returns how many votes were voided and the slugs
 * whose counts moved.
 */
export async function voidVotes(
  db: Queryable,
  siteId: number,
  voteIds: number[],
  reason: string,
  now: Date,
): Promise<{ voided: number; slugs: string[] }> {
  if (voteIds.length === 0) return { voided: 0, slugs: [] };
  const rows = await db.query<{ slug: string | null; n: number }>(
    `WITH target AS (
       SELECT v.id, v.listing_id, v.counted FROM votes v JOIN listings l ON l.id = v.listing_id
        WHERE v.id = ANY($2::int[]) AND l.site_id = $1 AND v.voided_at IS NULL FOR UPDATE OF v),
     voided AS (
       UPDATE votes v SET counted = false, held_until = NULL, voided_at = $3, voided_reason = $4
         FROM target t WHERE v.id = t.id RETURNING t.listing_id, t.counted),
     per AS (SELECT listing_id, count(*) FILTER (WHERE counted)::int AS lost, count(*)::int AS n FROM voided GROUP BY listing_id),
     moved AS (UPDATE listings l SET votes_count = greatest(l.votes_count - per.lost, 0) FROM per WHERE l.id = per.listing_id RETURNING l.slug, per.n)
     SELECT slug, n FROM moved`,
    [siteId, voteIds, now.toISOString(), reason],
  );
  return { voided: rows.reduce((a, r) => a + r.n, 0), slugs: rows.map((r) => r.slug!).filter(Boolean) };
}

export interface VoteCluster {
  kind: 'address' | 'fresh_accounts';
  listing: { id: number; slug: string; name: string };
  /** The address the votes came from (kind address), or null. */
  ip: string | null;
  votes: number;
  first_at: string;
  last_at: string;
  vote_ids: number[];
}

/** How close together votes must be, and how many, to be shown to an administrator as a cluster. */
export const CLUSTER_WINDOW_MINUTES = 10;
export const CLUSTER_MIN_FROM_ONE_ADDRESS = 3;
export const CLUSTER_MIN_FRESH_ACCOUNTS = 5;
/** An account is "fresh" when it voted within this many hours of signing up. */
export const FRESH_ACCOUNT_HOURS = 24;

/**
 * Suspicious patterns of the last `days` days, for the vote review page: many votes for one
 * listing from one address, or from accounts that had only just signed up, within the same
 * ten minutes. Voided votes are left out, so a cluster disappears once dealt with.
 */
export async function suspiciousVoteClusters(
  db: Queryable,
  siteId: number,
  now: Date,
  days = 14,
): Promise<VoteCluster[]> {
  const bucket = `floor(extract(epoch FROM v.created_at) / ${CLUSTER_WINDOW_MINUTES * 60})`;
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  const rows = await db.query<Omit<VoteCluster, 'listing'> & { listing_id: number; slug: string; name: string }>(
    `SELECT 'address' AS kind, v.listing_id, l.slug, c.name, v.ip, count(*)::int AS votes, min(v.created_at) AS first_at, max(v.created_at) AS last_at,
            array_agg(v.id ORDER BY v.id) AS vote_ids
       FROM votes v JOIN listings l ON l.id = v.listing_id JOIN companies c ON c.id = l.company_id
      WHERE l.site_id = $1 AND v.created_at > $2 AND v.voided_at IS NULL AND v.ip IS NOT NULL
      GROUP BY v.listing_id, l.slug, c.name, v.ip, ${bucket} HAVING count(*) >= $3
     UNION ALL
     SELECT 'fresh_accounts', v.listing_id, l.slug, c.name, NULL, count(*)::int, min(v.created_at), max(v.created_at), array_agg(v.id ORDER BY v.id)
       FROM votes v JOIN listings l ON l.id = v.listing_id JOIN companies c ON c.id = l.company_id JOIN users u ON u.id = v.user_id
      WHERE l.site_id = $1 AND v.created_at > $2 AND v.voided_at IS NULL AND v.created_at >= u.created_at AND v.created_at < u.created_at + interval '${FRESH_ACCOUNT_HOURS} hours'
      GROUP BY v.listing_id, l.slug, c.name, ${bucket} HAVING count(*) >= $4
      ORDER BY last_at DESC LIMIT 100`,
    [siteId, since, CLUSTER_MIN_FROM_ONE_ADDRESS, CLUSTER_MIN_FRESH_ACCOUNTS],
  );
  return rows.map(({ listing_id, slug, name, ...r }) => ({
    ...r,
    vote_ids: (r.vote_ids as unknown[]).map(Number),
    listing: { id: listing_id, slug, name },
  }));
}

export interface VoteRecord {
  id: number;
  user_email: string;
  user_created_at: string;
  ip: string | null;
  created_at: string;
  counted: boolean;
  held_until: string | null;
  voided_at: string | null;
  voided_reason: string | null;
}

/** The latest votes of one listing with who cast them, for an administrator reviewing it. */
export async function votesOfListing(
  db: Queryable,
  siteId: number,
  slug: string,
  limit = 200,
): Promise<{ listing: { id: number; slug: string; name: string; votes: number }; votes: VoteRecord[] } | null> {
  const found = await db.query<{ id: number; slug: string; name: string; votes: number }>(
    'SELECT l.id, l.slug, c.name, l.votes_count AS votes FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.site_id = $1 AND l.slug = $2',
    [siteId, slug],
  );
  if (!found[0]) return null;
  const votes = await db.query<VoteRecord>(
    `SELECT v.id, u.email AS user_email, u.created_at AS user_created_at, v.ip, v.created_at, v.counted, v.held_until, v.voided_at, v.voided_reason
       FROM votes v LEFT JOIN users u ON u.id = v.user_id WHERE v.listing_id = $1 ORDER BY v.created_at DESC, v.id DESC LIMIT $2`,
    [found[0].id, limit],
  );
  return { listing: found[0], votes };
}

/** Votes waiting for their accounts to be old enough. */
export async function heldVoteCount(db: Queryable, siteId: number): Promise<number> {
  return (
    await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM votes v JOIN listings l ON l.id = v.listing_id WHERE v.held_until IS NOT NULL AND l.site_id = $1',
      [siteId],
    )
  )[0].n;
}

/** Which of these listings the person already voted for on their current launch (for the cards' buttons). */
export async function votedListingIds(
  db: Queryable,
  userId: number,
  listings: { id: number; launch_week: string | null }[],
): Promise<Set<number>> {
  if (listings.length === 0) return new Set();
  const rows = await db.query<{ listing_id: number }>(
    `SELECT v.listing_id FROM votes v JOIN listings l ON l.id = v.listing_id
      WHERE v.user_id = $1 AND v.listing_id = ANY($2::int[]) AND coalesce(v.launch_week, DATE '1970-01-01') = coalesce(l.launch_week, DATE '1970-01-01')`,
    [userId, listings.map((l) => l.id)],
  );
  return new Set(rows.map((r) => r.listing_id));
}

/** A live listing's id by its slug (a vote's outcome names the listing by slug). */
export async function liveListingId(db: Queryable, siteId: number, slug: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM listings WHERE site_id = $1 AND slug = $2 AND status = 'live'`,
    [siteId, slug],
  );
  return rows[0]?.id ?? null;
}
