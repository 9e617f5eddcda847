import type { Db, NoRows, Queryable } from '../../db/client.js';
import { lockAccount, waysIn } from './ways-in.js';

/** Where people can sign in from besides a password: the providers of README "Signing in with GitHub, Google…". */
export const SIGN_IN_PROVIDERS = ['github', 'google', 'oidc'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

/** A person's account at a provider, as the provider vouched for it at the last sign-in. */
export interface ProviderIdentity {
  provider: SignInProvider;
  /** The provider's stable id for the person (never the email, which can change hands). */
  subject: string;
  email: string | null;
  /** The provider says the person controls `email`. */
  emailVerified: boolean;
  name: string;
}

/** A provider account linked to an account here, as the account page lists it. */
export interface LinkedIdentity {
  id: number;
  provider: SignInProvider;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

export async function identityOwner(db: Queryable, provider: SignInProvider, subject: string): Promise<number | null> {
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM user_identities WHERE provider = $1 AND subject = $2',
    [provider, subject],
  );
  return rows[0]?.user_id ?? null;
}

/** Links a provider account; false when it is linked already (to this account or another). */
export async function addIdentity(
  db: Queryable,
  userId: number,
  identity: ProviderIdentity,
  now: Date,
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO user_identities (provider, subject, user_id, email, created_at, last_used_at)
     VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (provider, subject) DO NOTHING RETURNING id`,
    [identity.provider, identity.subject, userId, identity.email, now.toISOString()],
  );
  return rows.length > 0;
}

/** A sign-in through a linked provider account: keeps the email it gave this time. */
export async function identityUsed(db: Queryable, identity: ProviderIdentity, now: Date): Promise<void> {
  await db.query<NoRows>(
    'UPDATE user_identities SET email = $3, last_used_at = $4 WHERE provider = $1 AND subject = $2',
    [identity.provider, identity.subject, identity.email, now.toISOString()],
  );
}

export async function identitiesOf(db: Queryable, userId: number): Promise<LinkedIdentity[]> {
  return db.query<LinkedIdentity>(
    `SELECT id, provider, email, created_at, last_used_at FROM user_identities WHERE user_id = $1
      ORDER BY created_at, id`,
    [userId],
  );
}

/** Unlinks one of the account's provider accounts, unless it is the last way left to sign in. */
export async function unlinkIdentity(
  db: Db,
  userId: number,
  identityId: number,
): Promise<'unlinked' | 'not_found' | 'last_way_in'> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const mine = await tx.query<{ id: number }>('SELECT id FROM user_identities WHERE id = $1 AND user_id = $2', [
      identityId,
      userId,
    ]);
    if (!mine.length) return 'not_found';
    if ((await waysIn(tx, userId)) <= 1) return 'last_way_in';
    await tx.query<NoRows>('DELETE FROM user_identities WHERE id = $1', [identityId]);
    return 'unlinked';
  });
}

export async function hasPassword(db: Queryable, userId: number): Promise<boolean> {
  const rows = await db.query<{ set: boolean }>('SELECT password_hash IS NOT NULL AS set FROM users WHERE id = $1', [
    userId,
  ]);
  return rows[0]?.set ?? false;
}
