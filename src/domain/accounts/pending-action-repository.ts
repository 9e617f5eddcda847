import type { NoRows, Queryable } from '../../db/client.js';

export type PendingKind = 'vote' | 'follow' | 'comment' | 'review';

/** What a signed-out visitor asked for, waiting for them to sign in. */
export interface PendingAction {
  kind: PendingKind;
  slug: string;
  body: string | null;
  back: string;
  user_id: number | null;
}

/** One pending action per browser: a newer click replaces the older one. */
export async function savePendingAction(
  db: Queryable,
  browserHash: string,
  a: PendingAction,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  // Forgotten ones go as new ones come: the table holds minutes of clicks, not history.
  await db.query<NoRows>('DELETE FROM pending_actions WHERE expires_at < $1', [now.toISOString()]);
  await db.query<NoRows>(
    `INSERT INTO pending_actions (browser_hash, kind, slug, body, back, user_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (browser_hash) DO UPDATE SET kind = $2, slug = $3, body = $4, back = $5, user_id = $6,
       created_at = $7, expires_at = $8`,
    [browserHash, a.kind, a.slug, a.body, a.back, a.user_id, now.toISOString(), expiresAt.toISOString()],
  );
}

/** The browser's pending action, removed as it is read (used once); null when none or expired. */
export async function takePendingAction(db: Queryable, browserHash: string, now: Date): Promise<PendingAction | null> {
  const rows = await db.query<PendingAction & { expires_at: string }>(
    `DELETE FROM pending_actions WHERE browser_hash = $1 RETURNING kind, slug, body, back, user_id, expires_at`,
    [browserHash],
  );
  const row = rows[0];
  if (!row || new Date(row.expires_at) <= now) return null;
  const { expires_at: _, ...action } = row;
  return action;
}
