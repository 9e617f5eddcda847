import type { Queryable } from '../../src/db/client.js';
import { addListing } from './fixtures.js';

let seq = 0;
const unique = () => `${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/** A live listing that launched in the week of `monday`; returns its id. */
export async function launch(
  db: Queryable,
  siteId: number,
  monday: string,
  name: string,
  status = 'live',
): Promise<number> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${unique()}`;
  return (await addListing(db, siteId, { slug, name, launchWeek: monday, status })).listingId;
}

/** One vote from a new member at `at`; counted unless said otherwise (an owner's or voided vote). */
export async function vote(db: Queryable, listingId: number, at: string, counted = true): Promise<void> {
  const u = await db.query<{ id: number }>(`INSERT INTO users (email, name) VALUES ($1, 'Voter') RETURNING id`, [
    `voter-${unique()}@test.invalid`,
  ]);
  await db.query('INSERT INTO votes (listing_id, user_id, created_at, counted) VALUES ($1, $2, $3, $4)', [
    listingId,
    u[0].id,
    at,
    counted,
  ]);
  await db.query(
    'UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = $1 AND counted) WHERE id = $1',
    [listingId],
  );
}

/** `n` counted votes at `at`. */
export async function votes(db: Queryable, listingId: number, n: number, at: string): Promise<void> {
  for (let i = 0; i < n; i++) await vote(db, listingId, at);
}

/** A user owning the listing (role owner or cofounder); returns their email address. */
export async function owner(db: Queryable, listingId: number, role: 'owner' | 'cofounder' = 'owner'): Promise<string> {
  const email = `${role}-${unique()}@test.invalid`;
  const u = await db.query<{ id: number }>(`INSERT INTO users (email, name) VALUES ($1, 'Owner') RETURNING id`, [
    email,
  ]);
  await db.query('INSERT INTO listing_owners (listing_id, user_id, role) VALUES ($1, $2, $3)', [
    listingId,
    u[0].id,
    role,
  ]);
  return email;
}

/** The week's awards as [rank, listing id, votes], #1 first. */
export async function awardsOf(db: Queryable, siteId: number, monday: string): Promise<[number, number, number][]> {
  const rows = await db.query<{ rank: number; listing_id: number; votes: number }>(
    'SELECT rank, listing_id, votes FROM awards WHERE site_id = $1 AND week_start = $2 ORDER BY rank',
    [siteId, monday],
  );
  return rows.map((r) => [r.rank, r.listing_id, r.votes]);
}

/** Mails queued to an address. */
export async function mailTo(db: Queryable, address: string): Promise<{ subject: string; text_body: string }[]> {
  return db.query('SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id', [address]);
}
