import type { NoRows, Queryable } from '../../db/client.js';

/** The latest lock among the keys, if any is still in force. */
export async function lockedUntil(db: Queryable, keys: string[], now: Date): Promise<Date | null> {
  const rows = await db.query<{ until: string | null }>(
    'SELECT max(locked_until) AS until FROM sign_in_attempts WHERE key = ANY($1) AND locked_until > $2',
    [keys, now.toISOString()],
  );
  return rows[0]?.until ? new Date(rows[0].until) : null;
}

/**
 * Counts one failure for the key and returns the failures in the current window: a failure
 * longer than `windowMs` after the previous one (or after the end of the lock it earned) starts
 * counting afresh. One statement, so two instances counting at once both count.
 */
export async function countFailure(db: Queryable, key: string, now: Date, windowMs: number): Promise<number> {
  const rows = await db.query<{ failures: number }>(
    `INSERT INTO sign_in_attempts (key, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN greatest(sign_in_attempts.last_failure_at, sign_in_attempts.locked_until) < $3 THEN 1
       ELSE sign_in_attempts.failures + 1 END,
       last_failure_at = $2
     RETURNING failures`,
    [key, now.toISOString(), new Date(now.getTime() - windowMs).toISOString()],
  );
  return rows[0].failures;
}

export async function lockKey(db: Queryable, key: string, until: Date): Promise<void> {
  await db.query<NoRows>('UPDATE sign_in_attempts SET locked_until = $2 WHERE key = $1', [key, until.toISOString()]);
}

export async function clearKey(db: Queryable, key: string): Promise<void> {
  await db.query<NoRows>('DELETE FROM sign_in_attempts WHERE key = $1', [key]);
}
