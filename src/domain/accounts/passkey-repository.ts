import type { Db, NoRows, Queryable } from '../../db/client.js';
import { lockAccount, waysIn } from './ways-in.js';

/** A passkey as the account page lists it. */
export interface PasskeySummary {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
  backed_up: boolean;
}

/** What verifying a passkey's signature needs. */
export interface StoredPasskey {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string[];
  webauthn_handle: string | null;
}

export async function listPasskeys(db: Queryable, userId: number): Promise<PasskeySummary[]> {
  return db.query<PasskeySummary>(
    'SELECT id, name, created_at, last_used_at, backed_up FROM passkeys WHERE user_id = $1 ORDER BY id',
    [userId],
  );
}

/** The account's credential ids, so the browser does not make a second passkey on an authenticator that has one. */
export async function credentialIdsOf(db: Queryable, userId: number): Promise<{ id: string; transports: string[] }[]> {
  return db.query<{ id: string; transports: string[] }>(
    'SELECT credential_id AS id, transports FROM passkeys WHERE user_id = $1',
    [userId],
  );
}

export async function findPasskey(db: Queryable, credentialId: string): Promise<StoredPasskey | null> {
  const rows = await db.query<StoredPasskey>(
    `SELECT p.id, p.user_id, p.credential_id, p.public_key, p.counter, p.transports, u.webauthn_handle
       FROM passkeys p JOIN users u ON u.id = p.user_id WHERE p.credential_id = $1`,
    [credentialId],
  );
  return rows[0] ?? null;
}

export async function insertPasskey(
  db: Queryable,
  p: {
    userId: number;
    credentialId: string;
    publicKey: string;
    counter: number;
    transports: string[];
    aaguid: string;
    name: string;
    backedUp: boolean;
    at: Date;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, aaguid, name, backed_up, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [p.userId, p.credentialId, p.publicKey, p.counter, p.transports, p.aaguid, p.name, p.backedUp, p.at.toISOString()],
  );
  return rows[0].id;
}

/**
 * Records a sign-in with the counter the authenticator reported. The counter must have grown
 * (or both stay 0: authenticators that do not count); checked in the statement itself, so two
 * sign-ins replaying one counter cannot both pass. False: refused.
 */
export async function recordPasskeyUse(
  db: Queryable,
  id: number,
  u: { counter: number; backedUp: boolean; at: Date },
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `UPDATE passkeys SET counter = $2, backed_up = $3, last_used_at = $4
      WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0)) RETURNING id`,
    [id, u.counter, u.backedUp, u.at.toISOString()],
  );
  return rows.length > 0;
}

export async function renamePasskey(db: Queryable, userId: number, id: number, name: string): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId, name],
  );
  return rows.length > 0;
}

/**
 * Deletes one of the account's passkeys unless it is the account's last way in (no password, no
 * other passkey, no linked provider account): see ways-in.ts.
 */
export async function removePasskey(db: Db, userId: number, id: number): Promise<'removed' | 'not_found' | 'last'> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, userId);
    const mine = await tx.query<{ id: number }>('SELECT id FROM passkeys WHERE id = $1 AND user_id = $2', [id, userId]);
    if (!mine.length) return 'not_found';
    if ((await waysIn(tx, userId)) <= 1) return 'last';
    await tx.query<NoRows>('DELETE FROM passkeys WHERE id = $1 AND user_id = $2', [id, userId]);
    return 'removed';
  });
}

/** The account's WebAuthn user handle, made on first use. */
export async function webauthnHandleOf(db: Queryable, userId: number, fresh: string): Promise<string> {
  const rows = await db.query<{ webauthn_handle: string }>(
    'UPDATE users SET webauthn_handle = coalesce(webauthn_handle, $2) WHERE id = $1 RETURNING webauthn_handle',
    [userId, fresh],
  );
  return rows[0].webauthn_handle;
}

export async function setWebauthnHandle(db: Queryable, userId: number, handle: string): Promise<void> {
  await db.query<NoRows>('UPDATE users SET webauthn_handle = $2 WHERE id = $1', [userId, handle]);
}
