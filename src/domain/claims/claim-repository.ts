import type { NoRows, Queryable } from '../../db/client.js';
import { sha256 } from '../../crypto/sha256.js';
import type { ClaimMethod } from './claim-instructions.js';

export type ClaimStatus = 'pending' | 'verified' | 'expired' | 'rejected';

/** What one verification check saw; stored as claims.last_result and shown as last_check. */
export interface CheckResult {
  found: boolean;
  /** In plain words: where we looked and what was there. */
  detail: string;
  checked_at: string;
  /** The DNS name or URL that was checked. */
  checked: string;
  /** The values seen there (TXT records, meta contents, the start of the file), for comparing by eye. */
  seen: string[];
}

export interface ClaimRecord {
  id: number;
  user_id: number;
  listing_id: number;
  method: ClaimMethod;
  email: string | null;
  token: string;
  status: ClaimStatus;
  attempts: number;
  last_checked_at: string | null;
  last_result: CheckResult | null;
  expires_at: string;
  verified_at: string | null;
  created_at: string;
  slug: string;
  listing_name: string;
  domain: string;
  website_url: string;
}

export interface ClaimableListing {
  id: number;
  slug: string;
  name: string;
  domain: string;
  website_url: string;
  /** The published contact address (companies.contact_email), if any. */
  contact_email: string | null;
  /** Whether anyone owns the listing now (owners can edit contact_email). */
  has_owners: boolean;
}

/**
 * The listing's contact address counts for an email claim only while nobody owns the listing:
 * owners can edit it, so on an owned listing it proves nothing against them (an owner could set it
 * to a mailbox of their own at a mailbox provider's domain and confirm it from a second account).
 */
export const trustedContactEmail = (l: Pick<ClaimableListing, 'contact_email' | 'has_owners'>) =>
  l.has_owners ? null : l.contact_email;

const CLAIM_COLUMNS = `c.id, c.user_id, c.listing_id, c.method, c.email, c.token, c.status, c.attempts,
  c.last_checked_at, c.last_result,
  c.expires_at, c.verified_at, c.created_at, l.slug, co.name AS listing_name, co.domain, co.website_url`;
const CLAIM_FROM = 'claims c JOIN listings l ON l.id = c.listing_id JOIN companies co ON co.id = l.company_id';

const CLAIMABLE_SELECT = `SELECT l.id, l.slug, co.name, co.domain, co.website_url, co.contact_email,
    EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id) AS has_owners
  FROM listings l JOIN companies co ON co.id = l.company_id`;

/**
 * A public listing of this site (live or scheduled). Any other is answered like an unknown slug:
 * a claim must not reveal an unpublished listing's name and domain.
 */
export async function findClaimableListing(
  db: Queryable,
  siteId: number,
  slug: string,
): Promise<ClaimableListing | null> {
  const rows = await db.query<ClaimableListing>(
    `${CLAIMABLE_SELECT} WHERE l.site_id = $1 AND l.slug = $2 AND l.status IN ('live', 'scheduled')`,
    [siteId, slug],
  );
  return rows[0] ?? null;
}

/** The same facts for the listing of an existing claim, whatever its status now. */
export async function claimListingFacts(db: Queryable, listingId: number): Promise<ClaimableListing | null> {
  const rows = await db.query<ClaimableListing>(`${CLAIMABLE_SELECT} WHERE l.id = $1`, [listingId]);
  return rows[0] ?? null;
}

/** Whether the user has confirmed their email address (users.email_verified_at). */
export async function hasConfirmedEmail(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ confirmed: boolean }>(
    'SELECT email_verified_at IS NOT NULL AS confirmed FROM users WHERE id = $1',
    [userId],
  );
  return rows[0]?.confirmed ?? false;
}

/** A claim of a listing of this site, or null. */
export async function loadClaim(db: Queryable, siteId: number, id: number): Promise<ClaimRecord | null> {
  const rows = await db.query<ClaimRecord>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = $1 AND l.site_id = $2`,
    [id, siteId],
  );
  return rows[0] ?? null;
}

export async function listClaims(
  db: Queryable,
  siteId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ items: ClaimRecord[]; total: number }> {
  const [items, total] = await Promise.all([
    db.query<ClaimRecord>(
      `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.user_id = $1 AND l.site_id = $2
      ORDER BY c.created_at DESC, c.id DESC LIMIT $3 OFFSET $4`,
      [userId, siteId, limit, offset],
    ),
    db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM claims c JOIN listings l ON l.id = c.listing_id WHERE c.user_id = $1 AND ' +
        'l.site_id = $2',
      [userId, siteId],
    ),
  ]);
  return { items, total: total[0].n };
}

/** The open claim of this user, listing and method, if any. */
export async function findPendingClaim(
  db: Queryable,
  userId: number,
  listingId: number,
  method: ClaimMethod,
  now: Date,
): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM claims WHERE user_id = $1 AND listing_id = $2 AND method = $3 AND status = 'pending'
      AND expires_at > $4`,
    [userId, listingId, method, now.toISOString()],
  );
  return rows[0]?.id ?? null;
}

export async function insertClaim(
  db: Queryable,
  c: {
    userId: number;
    listingId: number;
    method: ClaimMethod;
    email: string | null;
    token: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO claims (user_id, listing_id, method, email, token, status, expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, 'pending', $6, $7) RETURNING id`,
    [c.userId, c.listingId, c.method, c.email, c.token, c.expiresAt.toISOString(), c.now.toISOString()],
  );
  return rows[0].id;
}

export async function setClaimEmail(db: Queryable, id: number, email: string): Promise<void> {
  await db.query<NoRows>('UPDATE claims SET email = $2 WHERE id = $1', [id, email]);
}

/**
 * Marks pending claims past their expiry as expired (all of them, or one user's for one listing).
 * Reads already show them as expired (see claimStatus); this keeps the table and the
 * one-pending-claim index honest.
 */
export async function expireClaims(
  db: Queryable,
  now: Date,
  scope?: { userId: number; listingId: number },
): Promise<number> {
  const rows = scope
    ? await db.query<{ id: number }>(
        `UPDATE claims SET status = 'expired' WHERE status = 'pending' AND expires_at <= $1 AND user_id = $2
          AND listing_id = $3 RETURNING id`,
        [now.toISOString(), scope.userId, scope.listingId],
      )
    : await db.query<{ id: number }>(
        `UPDATE claims SET status = 'expired' WHERE status = 'pending' AND expires_at <= $1 RETURNING id`,
        [now.toISOString()],
      );
  return rows.length;
}

export const CHECKS_PER_WINDOW = 10;
export const CHECK_WINDOW_MS = 3_600_000;

/**
 * Takes one check of the claim's hourly allowance in a single statement, so parallel requests
 * cannot overrun it. Returns null when allowed, else the seconds until the window reopens.
 */
export async function takeCheckSlot(db: Queryable, id: number, now: Date): Promise<number | null> {
  const windowOpenedAfter = new Date(now.getTime() - CHECK_WINDOW_MS).toISOString();
  const taken = await db.query<{ id: number }>(
    `UPDATE claims SET
        attempts = attempts + 1,
        last_checked_at = $2,
        window_checks = CASE WHEN window_started_at IS NULL OR window_started_at <= $3 THEN 1
        ELSE window_checks + 1 END,
        window_started_at = CASE WHEN window_started_at IS NULL OR window_started_at <= $3 THEN $2::timestamptz
        ELSE window_started_at END
      WHERE id = $1 AND (window_started_at IS NULL OR window_started_at <= $3 OR window_checks < $4)
      RETURNING id`,
    [id, now.toISOString(), windowOpenedAfter, CHECKS_PER_WINDOW],
  );
  if (taken.length > 0) return null;
  const rows = await db.query<{ window_started_at: string }>('SELECT window_started_at FROM claims WHERE id = $1', [
    id,
  ]);
  const reopens = Date.parse(rows[0].window_started_at) + CHECK_WINDOW_MS;
  return Math.max(1, Math.ceil((reopens - now.getTime()) / 1000));
}

export async function saveCheckResult(db: Queryable, id: number, result: CheckResult): Promise<void> {
  await db.query<NoRows>('UPDATE claims SET last_result = $2 WHERE id = $1', [id, JSON.stringify(result)]);
}

/** An unused, unexpired email-claim link, looked at without using it up (the confirmation page shows before the
 *  POST). */
export async function peekClaimLink(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ claimId: number; email: string } | null> {
  const rows = await db.query<{ email: string; payload: { claimId?: number } }>(
    `SELECT email, payload FROM email_tokens WHERE token_hash = $1 AND kind = 'email_claim' AND used_at IS NULL
      AND expires_at > $2`,
    [sha256(token), now.toISOString()],
  );
  const r = rows[0];
  return r && typeof r.payload.claimId === 'number' ? { claimId: r.payload.claimId, email: r.email } : null;
}

// ---- Ownership transfer (all on the caller's transaction) ---------------------------------------

/** Locks the listing first, then the claim: every transfer takes them in this order, so two never deadlock. */
export async function lockClaimForTransfer(tx: Queryable, claimId: number): Promise<ClaimRecord | null> {
  const ids = await tx.query<{ listing_id: number }>('SELECT listing_id FROM claims WHERE id = $1', [claimId]);
  if (!ids[0]) return null;
  await tx.query<NoRows>('SELECT id FROM listings WHERE id = $1 FOR UPDATE', [ids[0].listing_id]);
  const rows = await tx.query<ClaimRecord>(
    `SELECT ${CLAIM_COLUMNS} FROM ${CLAIM_FROM} WHERE c.id = $1 FOR UPDATE OF c`,
    [claimId],
  );
  return rows[0] ?? null;
}

/** Replaces every owner and co-founder of the listing by the claimant and unlinks their founder profiles; returns who
 *  lost it. */
export async function replaceOwners(
  tx: Queryable,
  listingId: number,
  userId: number,
  now: Date,
): Promise<{ id: number; email: string }[]> {
  const previous = await tx.query<{ id: number; email: string }>(
    `SELECT u.id, u.email FROM listing_owners o JOIN users u ON u.id = o.user_id WHERE o.listing_id = $1
      AND o.user_id <> $2 ORDER BY u.id`,
    [listingId, userId],
  );
  await tx.query<NoRows>('DELETE FROM listing_owners WHERE listing_id = $1', [listingId]);
  // Their founder profiles stop showing on the company (founders without an account stay), unless
  // they still own a listing of the same company on another site.
  if (previous.length > 0) {
    await tx.query<NoRows>(
      `DELETE FROM company_founders cf USING founders f, listings l
        WHERE l.id = $1 AND cf.company_id = l.company_id AND f.id = cf.founder_id AND f.user_id = ANY($2::int[])
          AND NOT EXISTS (SELECT 1 FROM listing_owners o JOIN listings other ON other.id = o.listing_id
                           WHERE other.company_id = l.company_id AND o.user_id = f.user_id)`,
      [listingId, previous.map((p) => p.id)],
    );
  }
  await tx.query<NoRows>(
    `INSERT INTO listing_owners (listing_id, user_id, role, created_at) VALUES ($1, $2, 'owner', $3)`,
    [listingId, userId, now.toISOString()],
  );
  await tx.query<NoRows>('UPDATE listings SET is_verified = true, updated_at = $2 WHERE id = $1', [
    listingId,
    now.toISOString(),
  ]);
  return previous;
}

export async function markVerified(tx: Queryable, claimId: number, now: Date): Promise<void> {
  await tx.query<NoRows>(`UPDATE claims SET status = 'verified', verified_at = $2 WHERE id = $1`, [
    claimId,
    now.toISOString(),
  ]);
}

/** Other open claims on the listing are closed: their proof was of a state that no longer holds. */
export async function rejectOtherPendingClaims(
  tx: Queryable,
  listingId: number,
  claimId: number,
  result: CheckResult,
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `UPDATE claims SET status = 'rejected', last_result = $3
      WHERE listing_id = $1 AND id <> $2 AND status = 'pending' AND expires_at > $4 RETURNING id`,
    [listingId, claimId, JSON.stringify(result), result.checked_at],
  );
  return rows.length;
}
