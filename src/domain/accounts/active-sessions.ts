import type { NoRows, Queryable } from '../../db/client.js';
import { sha256 } from '../../crypto/sha256.js';
import type { SessionDevice } from './session-device.js';

/** Seeing a session again within this long after it was last recorded writes nothing. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** One signed-in browser of an account, as the account page lists it. */
export interface ActiveSession {
  id: number;
  user_agent: string | null;
  ip_prefix: string | null;
  created_at: string;
  last_seen_at: string | null;
  /** The session of the request that asked. */
  current: boolean;
}

/** The account's sessions that have not expired, this one first, then the most recently seen. */
export async function activeSessions(
  db: Queryable,
  userId: number,
  currentToken: string,
  now: Date,
): Promise<ActiveSession[]> {
  return db.query<ActiveSession>(
    `SELECT id, user_agent, ip_prefix, created_at, last_seen_at, id_hash = $2 AS current
       FROM sessions WHERE user_id = $1 AND expires_at > $3
      ORDER BY id_hash = $2 DESC, coalesce(last_seen_at, created_at) DESC, id DESC`,
    [userId, sha256(currentToken), now.toISOString()],
  );
}

/** Signs one of the account's sessions out; false when it has no such session. */
export async function endSession(db: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>('DELETE FROM sessions WHERE user_id = $1 AND id = $2 RETURNING id', [
    userId,
    sessionId,
  ]);
  return rows.length > 0;
}

/** Whether a session last recorded at `lastSeenAt` is due to be recorded again. */
export const lastSeenIsStale = (lastSeenAt: string | null, now: Date) =>
  lastSeenAt === null || now.getTime() - Date.parse(lastSeenAt) >= LAST_SEEN_EVERY_MS;

/**
 * Records that a session was seen now, from where and in what. Called only when lastSeenIsStale,
 * and the condition is repeated in the statement, so instances seeing the same session at once
 * write it once.
 */
export async function touchSession(db: Queryable, token: string, now: Date, device: SessionDevice): Promise<void> {
  await db.query<NoRows>(
    `UPDATE sessions SET last_seen_at = $2, ip_prefix = $3, user_agent = $4
      WHERE id_hash = $1 AND (last_seen_at IS NULL OR last_seen_at <= $5)`,
    [
      sha256(token),
      now.toISOString(),
      device.ipPrefix,
      device.userAgent,
      new Date(now.getTime() - LAST_SEEN_EVERY_MS).toISOString(),
    ],
  );
}
