import crypto from 'node:crypto';
import type { NoRows, Queryable } from '../../db/client.js';
import { sha256 } from '../../crypto/sha256.js';
import type { User } from './user-repository.js';

export const SESSION_DAYS = 30;

/** A new sign-in: the token goes in the cookie, only its hash in the database. */
export async function createSession(db: Queryable, userId: number, now: Date): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query<NoRows>(
    'INSERT INTO sessions (id_hash, user_id, csrf_secret, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [
      sha256(token),
      userId,
      crypto.randomBytes(16).toString('hex'),
      now.toISOString(),
      new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
    ],
  );
  return token;
}

export async function userForSession(db: Queryable, token: string, now: Date): Promise<User | null> {
  const rows = await db.query<User>(
    `SELECT u.id, u.email, u.name, u.is_admin, u.email_verified_at, u.created_at, u.suspended_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1 AND s.expires_at > $2`,
    [sha256(token), now.toISOString()],
    { prepare: 'user_for_session' },
  );
  return rows[0] ?? null;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query<NoRows>('DELETE FROM sessions WHERE id_hash = $1', [sha256(token)]);
}

/** After a password change every other sign-in ends. */
export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query<NoRows>('DELETE FROM sessions WHERE user_id = $1', [userId]);
}
