import type { NoRows, Queryable } from '../../db/client.js';
import { NOTIFICATION_KINDS, type NotificationKind } from './notification-kinds.js';

/** The kinds the account has turned off. */
export async function kindsTurnedOff(db: Queryable, userId: number): Promise<Set<NotificationKind>> {
  const rows = await db.query<{ kind: NotificationKind }>('SELECT kind FROM notification_opt_outs WHERE user_id = $1', [
    userId,
  ]);
  return new Set(rows.map((r) => r.kind));
}

/** Keeps exactly the kinds in `on` turned on for the account. */
export async function saveKindsOn(db: Queryable, userId: number, on: readonly NotificationKind[]): Promise<void> {
  const off = NOTIFICATION_KINDS.filter((k) => !on.includes(k));
  await db.query<NoRows>('DELETE FROM notification_opt_outs WHERE user_id = $1 AND NOT (kind = ANY($2::text[]))', [
    userId,
    off,
  ]);
  await db.query<NoRows>(
    `INSERT INTO notification_opt_outs (user_id, kind) SELECT $1, k FROM unnest($2::text[]) AS k
     ON CONFLICT DO NOTHING`,
    [userId, off],
  );
  // What was waiting of a kind now off is dropped, not mailed later.
  await db.query<NoRows>('DELETE FROM notification_items WHERE user_id = $1 AND kind = ANY($2::text[])', [userId, off]);
}

/** Turns one kind off (an unsubscribe link); true when it was on. */
export async function turnKindOff(db: Queryable, userId: number, kind: NotificationKind): Promise<boolean> {
  const rows = await db.query<{ kind: string }>(
    `INSERT INTO notification_opt_outs (user_id, kind) SELECT id, $2 FROM users WHERE id = $1
     ON CONFLICT DO NOTHING RETURNING kind`,
    [userId, kind],
  );
  await db.query<NoRows>('DELETE FROM notification_items WHERE user_id = $1 AND kind = $2', [userId, kind]);
  return rows.length > 0;
}

/** One thing to tell a person; `ref` names it so that telling it twice queues it once. */
export interface NotificationItem {
  siteId: number;
  userId: number;
  kind: NotificationKind;
  ref: string;
  detail: object;
}

/** Queues the items whose person has their kind on. */
export async function queueItems(db: Queryable, items: NotificationItem[], now: Date): Promise<void> {
  if (items.length === 0) return;
  await db.query<NoRows>(
    `INSERT INTO notification_items (site_id, user_id, kind, ref, detail, created_at)
     SELECT i.site_id, i.user_id, i.kind, i.ref, i.detail, $2
       FROM jsonb_to_recordset($1::jsonb) AS i(site_id int, user_id int, kind text, ref text, detail jsonb)
      WHERE NOT EXISTS (SELECT 1 FROM notification_opt_outs o WHERE o.user_id = i.user_id AND o.kind = i.kind)
     ON CONFLICT (site_id, user_id, kind, ref) DO NOTHING`,
    [
      JSON.stringify(
        items.map((i) => ({ site_id: i.siteId, user_id: i.userId, kind: i.kind, ref: i.ref, detail: i.detail })),
      ),
      now.toISOString(),
    ],
  );
}

/** The owners and co-owners of a listing, but not `exceptUserId` (whoever acted). */
export async function ownerIds(db: Queryable, listingId: number, exceptUserId: number | null): Promise<number[]> {
  const rows = await db.query<{ user_id: number }>(
    'SELECT user_id FROM listing_owners WHERE listing_id = $1 AND user_id <> $2 ORDER BY user_id',
    [listingId, exceptUserId ?? 0],
  );
  return rows.map((r) => r.user_id);
}

/** (person, kind) pairs with something waiting whose last mail of that kind is at least an hour old. */
export async function dueBatches(
  db: Queryable,
  siteId: number,
  lastSentBefore: Date,
  limit: number,
): Promise<{ user_id: number; kind: NotificationKind }[]> {
  return db.query(
    `SELECT DISTINCT i.user_id, i.kind FROM notification_items i
       LEFT JOIN notification_sends s ON s.site_id = i.site_id AND s.user_id = i.user_id AND s.kind = i.kind
      WHERE i.site_id = $1 AND (s.sent_at IS NULL OR s.sent_at <= $2)
      ORDER BY i.user_id, i.kind LIMIT $3`,
    [siteId, lastSentBefore.toISOString(), limit],
  );
}

/**
 * Claims the mail of (person, kind): records it as sent now unless one went after `lastSentBefore`.
 * Of several instances claiming at once, one gets true (the others wait on the row, then see it moved).
 */
export async function claimBatch(
  tx: Queryable,
  b: { siteId: number; userId: number; kind: NotificationKind },
  now: Date,
  lastSentBefore: Date,
): Promise<boolean> {
  const rows = await tx.query<{ user_id: number }>(
    `INSERT INTO notification_sends (site_id, user_id, kind, sent_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (site_id, user_id, kind) DO UPDATE SET sent_at = EXCLUDED.sent_at
      WHERE notification_sends.sent_at <= $5
     RETURNING user_id`,
    [b.siteId, b.userId, b.kind, now.toISOString(), lastSentBefore.toISOString()],
  );
  return rows.length > 0;
}

/** Takes (deletes) everything waiting for (person, kind), oldest first. */
export async function takeItems(
  tx: Queryable,
  b: { siteId: number; userId: number; kind: NotificationKind },
): Promise<{ detail: unknown; created_at: string }[]> {
  const rows = await tx.query<{ id: string; detail: unknown; created_at: string }>(
    `DELETE FROM notification_items WHERE site_id = $1 AND user_id = $2 AND kind = $3 RETURNING id, detail, created_at`,
    [b.siteId, b.userId, b.kind],
  );
  return rows.sort((a, b) => Number(a.id) - Number(b.id));
}

/** The address to mail a person at, unless they turned the kind off (then null). */
export async function recipientOf(tx: Queryable, userId: number, kind: NotificationKind): Promise<string | null> {
  const rows = await tx.query<{ email: string }>(
    `SELECT email FROM users u WHERE id = $1
        AND NOT EXISTS (SELECT 1 FROM notification_opt_outs o WHERE o.user_id = u.id AND o.kind = $2)`,
    [userId, kind],
  );
  return rows[0]?.email ?? null;
}
