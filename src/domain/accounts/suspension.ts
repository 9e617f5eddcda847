import type { Queryable } from '../../db/client.js';

/**
 * A suspended account can still sign in and read, but cannot vote, review, comment or report
 * (the community routes check `suspended_at`); its votes already cast are voided separately, by
 * a moderator who decides they should not count. Returns the account's email, or null when
 * there is no such account (or it is already in that state).
 */
export async function suspendAccount(db: Queryable, userId: number, reason: string, now: Date): Promise<string | null> {
  const rows = await db.query<{ email: string }>(
    'UPDATE users SET suspended_at = $2, suspended_reason = $3 WHERE id = $1 AND suspended_at IS NULL RETURNING email',
    [userId, now.toISOString(), reason],
  );
  return rows[0]?.email ?? null;
}

export async function liftSuspension(db: Queryable, userId: number): Promise<string | null> {
  const rows = await db.query<{ email: string }>(
    'UPDATE users SET suspended_at = NULL, suspended_reason = NULL WHERE id = $1 AND suspended_at IS NOT NULL ' +
      'RETURNING email',
    [userId],
  );
  return rows[0]?.email ?? null;
}

export interface SuspendedAccount {
  id: number;
  email: string;
  suspended_at: string;
  suspended_reason: string | null;
}

export async function suspendedAccounts(db: Queryable, limit = 100): Promise<SuspendedAccount[]> {
  return db.query<SuspendedAccount>(
    'SELECT id, email, suspended_at, suspended_reason FROM users WHERE suspended_at IS NOT NULL ORDER BY ' +
      'suspended_at DESC LIMIT $1',
    [limit],
  );
}

/** An account by its email, for a moderator who knows only that. */
export async function accountIdByEmail(db: Queryable, email: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = lower($1)', [email]);
  return rows[0]?.id ?? null;
}
