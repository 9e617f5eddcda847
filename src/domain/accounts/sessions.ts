import crypto from 'node:crypto';
import type { NoRows, Queryable } from '../../db/client.js';
import { sha256 } from '../../crypto/sha256.js';
import type { SessionDevice } from './session-device.js';
import type { User } from './user-repository.js';

export const SESSION_DAYS = 30;

/** A new sign-in: the token goes in the cookie, only its hash in the database. */
export async function createSession(
  db: Queryable,
  userId: number,
  now: Date,
  device: SessionDevice | null = null,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.query<NoRows>(
    `INSERT INTO sessions (id_hash, user_id, csrf_secret, created_at, expires_at, user_agent, ip_prefix, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $4)`,
    [
      sha256(token),
      userId,
      crypto.randomBytes(16).toString('hex'),
      now.toISOString(),
      new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString(),
      device?.userAgent ?? null,
      device?.ipPrefix ?? null,
    ],
  );
  return token;
}

/** The session's account, and when the session was last seen (see touchSession). */
export async function userForSession(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ user: User; lastSeenAt: string | null } | null> {
  const rows = await db.query<User & { session_seen_at: string | null }>(
    `SELECT u.id, u.email, u.name, u.is_admin, u.email_verified_at, u.created_at, u.suspended_at,
            s.last_seen_at AS session_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1 AND s.expires_at > $2`,
    [sha256(token), now.toISOString()],
    { prepare: 'user_for_session' },
  );
  if (!rows[0]) return null;
  const { session_seen_at, ...user } = rows[0];
  return { user, lastSeenAt: session_seen_at };
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query<NoRows>('DELETE FROM sessions WHERE id_hash = $1', [sha256(token)]);
}

/** After a password change every other sign-in ends. */
export async function deleteUserSessions(db: Queryable, userId: number): Promise<void> {
  await db.query<NoRows>('DELETE FROM sessions WHERE user_id = $1', [userId]);
}
