import type { NoRows, Queryable } from '../../db/client.js';

/** Every moderation action, with who took it and why; nothing here is ever edited or deleted. */
export interface ModerationAction {
  id: number;
  admin: string | null;
  action: string;
  target_kind: string;
  target_id: number;
  reason: string;
  created_at: string;
}

export async function recordAction(
  db: Queryable,
  siteId: number,
  a: { adminId: number; action: string; kind: string; targetId: number; reason: string },
  now: Date,
): Promise<void> {
  await db.query<NoRows>(
    'INSERT INTO moderation_actions (site_id, admin_id, action, target_kind, target_id, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [siteId, a.adminId, a.action, a.kind, a.targetId, a.reason, now.toISOString()],
  );
}

export async function recentActions(db: Queryable, siteId: number, limit = 50): Promise<ModerationAction[]> {
  return db.query<ModerationAction>(
    `SELECT m.id, u.email AS admin, m.action, m.target_kind, m.target_id, m.reason, m.created_at
       FROM moderation_actions m LEFT JOIN users u ON u.id = m.admin_id WHERE m.site_id = $1 ORDER BY m.created_at DESC, m.id DESC LIMIT $2`,
    [siteId, limit],
  );
}
