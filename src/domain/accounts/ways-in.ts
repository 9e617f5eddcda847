import type { NoRows, Queryable } from '../../db/client.js';

/**
 * The ways into an account — its password, its passkeys, its linked provider accounts — counted and
 * taken away in one place, so every removal (unlinking a provider, removing a passkey) keeps the
 * last one, and every hand-over of an unconfirmed account drops them all.
 */

/** Locks the account's row for the rest of the transaction: two removals at once cannot both see a second way left. */
export const lockAccount = (tx: Queryable, userId: number) =>
  tx.query<NoRows>('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);

/** How many ways into the account there are. Run inside the transaction that would remove one, after lockAccount. */
export async function waysIn(tx: Queryable, userId: number): Promise<number> {
  const rows = await tx.query<{ ways: number }>(
    `SELECT (CASE WHEN password_hash IS NULL THEN 0 ELSE 1 END)
            + (SELECT count(*)::int FROM user_identities WHERE user_id = $1)
            + (SELECT count(*)::int FROM passkeys WHERE user_id = $1) AS ways
       FROM users WHERE id = $1`,
    [userId],
  );
  return rows[0]?.ways ?? 0;
}

/**
 * Hands an account whose address was never confirmed to the person who just proved they own that
 * address (through a provider that vouches for it, or a link mailed to it). Whoever made the account
 * proved nothing, and may be someone who registered another person's address in advance to share
 * the account once its owner arrives; so every other way in goes: the password, passkeys, linked
 * provider accounts, sessions, API keys and connected apps. Says whether a way in was dropped.
 */
export async function reclaimUnconfirmedAccount(tx: Queryable, userId: number, now: Date): Promise<boolean> {
  const at = now.toISOString();
  await lockAccount(tx, userId);
  const before = await waysIn(tx, userId);
  await tx.query<NoRows>('UPDATE users SET password_hash = NULL WHERE id = $1', [userId]);
  await tx.query<NoRows>('DELETE FROM user_identities WHERE user_id = $1', [userId]);
  await tx.query<NoRows>('DELETE FROM passkeys WHERE user_id = $1', [userId]);
  await tx.query<NoRows>('DELETE FROM sessions WHERE user_id = $1', [userId]);
  await tx.query<NoRows>('UPDATE api_keys SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [userId, at]);
  await tx.query<NoRows>(
    `UPDATE oauth_artifacts SET consumed_at = $2 WHERE consumed_at IS NULL
        AND grant_id IN (SELECT id FROM oauth_grants WHERE user_id = $1)`,
    [userId, at],
  );
  await tx.query<NoRows>('UPDATE oauth_grants SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
    userId,
    at,
  ]);
  return before > 0;
}
