import type { NoRows, Queryable } from '../../db/client.js';
import type { SealedSecret } from '../../crypto/secret-box.js';
import { listingChanged } from '../listings/listing-changes.js';

/** A connection as pages see it: never the key, only its last characters. */
export interface RevenueConnection {
  id: number;
  company_id: number;
  /** The revenue provider's name (revenue-providers.ts), e.g. `stripe`. */
  provider: string;
  key_hint: string;
  status: 'ok' | 'broken';
  last_error: string | null;
  last_checked_at: string | null;
  created_at: string;
}
export interface StoredConnection extends RevenueConnection {
  sealed: SealedSecret;
}

export interface RevenueFigure {
  month: string;
  mrr_cents: number;
  verified: boolean;
  source: string;
}

const PUBLIC_COLUMNS = 'id, company_id, provider, key_hint, status, last_error, last_checked_at, created_at';

export async function connectionOfCompany(db: Queryable, companyId: number): Promise<RevenueConnection | null> {
  const rows = await db.query<RevenueConnection>(
    `SELECT ${PUBLIC_COLUMNS} FROM revenue_connections WHERE company_id = $1`,
    [companyId],
  );
  return rows[0] ?? null;
}

/** One connection per company: connecting again replaces the key and clears a broken state. */
export async function saveConnection(
  db: Queryable,
  c: {
    companyId: number;
    listingId: number;
    userId: number;
    provider: string;
    sealed: SealedSecret;
    hint: string;
    now: Date;
    lastError: string | null;
  },
): Promise<void> {
  await db.query<NoRows>(
    `INSERT INTO revenue_connections (company_id, listing_id, provider, key_ciphertext, key_iv, key_tag, key_hint,
     status, last_error, last_checked_at, next_check_at, created_by, created_at)
     VALUES ($1, $2, $10, $3, $4, $5, $6, 'ok', $7, $8::timestamptz, $8::timestamptz + interval '1 day', $9,
     $8::timestamptz)
     ON CONFLICT (company_id) DO UPDATE
     SET listing_id = EXCLUDED.listing_id, provider = EXCLUDED.provider, key_ciphertext = EXCLUDED.key_ciphertext,
       key_iv = EXCLUDED.key_iv, key_tag = EXCLUDED.key_tag, key_hint = EXCLUDED.key_hint, status = 'ok',
       last_error = EXCLUDED.last_error, last_checked_at = EXCLUDED.last_checked_at,
       next_check_at = EXCLUDED.next_check_at,
       created_by = EXCLUDED.created_by, created_at = EXCLUDED.created_at`,
    [
      c.companyId,
      c.listingId,
      c.sealed.ciphertext,
      c.sealed.iv,
      c.sealed.tag,
      c.hint,
      c.lastError,
      c.now.toISOString(),
      c.userId,
      c.provider,
    ],
  );
}

/** Disconnecting deletes the row, and with it the encrypted key; the figures already stored stay. */
export async function deleteConnection(db: Queryable, companyId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('DELETE FROM revenue_connections WHERE company_id = $1 RETURNING id', [
    companyId,
  ]);
  return rows.length > 0;
}

export async function storedKeyCount(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM revenue_connections');
  return rows[0].n;
}

/**
 * Claims the next connection due for its daily check by moving its next check a day on, in one
 * statement over a SKIP LOCKED row: any number of workers each get a different connection, and a
 * connection is checked once a day (a worker that dies mid-check leaves it to the next day).
 */
export async function claimDueConnection(db: Queryable, now: Date): Promise<StoredConnection | null> {
  const rows = await db.query<RevenueConnection & { key_ciphertext: string; key_iv: string; key_tag: string }>(
    `UPDATE revenue_connections SET next_check_at = $1::timestamptz + interval '1 day'
      WHERE id = (SELECT id FROM revenue_connections WHERE status = 'ok' AND next_check_at <= $1
                   ORDER BY next_check_at LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${PUBLIC_COLUMNS}, key_ciphertext, key_iv, key_tag`,
    [now.toISOString()],
  );
  const r = rows[0];
  if (!r) return null;
  const { key_ciphertext, key_iv, key_tag, ...pub } = r;
  return { ...pub, sealed: { ciphertext: key_ciphertext, iv: key_iv, tag: key_tag } };
}

export async function markChecked(db: Queryable, id: number, now: Date, lastError: string | null): Promise<void> {
  await db.query<NoRows>('UPDATE revenue_connections SET last_checked_at = $2, last_error = $3 WHERE id = $1', [
    id,
    now.toISOString(),
    lastError,
  ]);
}

/** Marks a connection broken; true only for the call that changed it, so the owners are mailed once. */
export async function markBroken(db: Queryable, id: number, now: Date, error: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE revenue_connections SET status = 'broken', last_error = $3, last_checked_at = $2 WHERE id = $1
      AND status = 'ok' RETURNING id`,
    [id, now.toISOString(), error],
  );
  return rows.length > 0;
}

/** A month's verified figure replaces whatever was there; it is the better evidence. */
export async function storeVerifiedFigure(
  db: Queryable,
  companyId: number,
  month: string,
  mrrCents: number,
  source: string,
): Promise<void> {
  await db.query<NoRows>(
    `INSERT INTO revenue_figures (company_id, month, mrr_cents, verified, source, updated_at)
     VALUES ($1, $2, $3, true, $4, now())
     ON CONFLICT (company_id, month) DO UPDATE
     SET mrr_cents = EXCLUDED.mrr_cents, verified = true, source = EXCLUDED.source, updated_at = now()`,
    [companyId, month, mrrCents, source],
  );
}

/** A stated figure never overwrites a verified one for the same month; returns false when it did not. */
export async function storeSelfReportedFigure(
  db: Queryable,
  companyId: number,
  month: string,
  mrrCents: number,
): Promise<boolean> {
  const rows = await db.query<{ company_id: number }>(
    `INSERT INTO revenue_figures (company_id, month, mrr_cents, verified, source, updated_at)
     VALUES ($1, $2, $3, false, 'self-reported', now())
     ON CONFLICT (company_id, month) DO UPDATE SET mrr_cents = EXCLUDED.mrr_cents, updated_at = now()
       WHERE revenue_figures.verified = false
     RETURNING company_id`,
    [companyId, month, mrrCents],
  );
  return rows.length > 0;
}

export async function latestFigure(db: Queryable, companyId: number): Promise<RevenueFigure | null> {
  const rows = await db.query<RevenueFigure>(
    'SELECT month, mrr_cents, verified, source FROM revenue_figures WHERE company_id = $1 ORDER BY month DESC LIMIT 1',
    [companyId],
  );
  return rows[0] ?? null;
}

export async function setRevenueHidden(db: Queryable, listingId: number, hidden: boolean): Promise<void> {
  await db.query<NoRows>('UPDATE listings SET revenue_hidden = $2 WHERE id = $1', [listingId, hidden]);
  await listingChanged(db, listingId);
}

export async function isRevenueHidden(db: Queryable, listingId: number): Promise<boolean> {
  const rows = await db.query<{ revenue_hidden: boolean }>('SELECT revenue_hidden FROM listings WHERE id = $1', [
    listingId,
  ]);
  return rows[0]?.revenue_hidden ?? false;
}

/** The addresses of everyone owning a listing of the company, on any site. */
export async function companyOwnerEmails(db: Queryable, companyId: number): Promise<string[]> {
  const rows = await db.query<{ email: string }>(
    `SELECT DISTINCT u.email FROM listings l JOIN listing_owners o ON o.listing_id = l.id
      JOIN users u ON u.id = o.user_id
      WHERE l.company_id = $1 ORDER BY u.email`,
    [companyId],
  );
  return rows.map((r) => r.email);
}
