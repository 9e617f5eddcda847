import crypto from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { enqueueAndNotify } from '../../jobs/queue.js';
import type { EventType } from './event-types.js';

/** What publishing needs: a database handle (a transaction's, to publish with its write) and the site's clock and URL. */
export interface EventDeps {
  db: Queryable;
  now(): Date;
  config: { publicUrl: string };
}

export interface PublishedEvent {
  type: EventType;
  /** Accounts concerned (an order's buyer, a draft's author)… */
  accountIds?: number[];
  /** …and/or a listing, whose owners are concerned and which the payload names as `data.listing`. */
  listingId?: number;
  /** The public facts of the event, never another person's private data. */
  data?: Record<string, unknown>;
  /** Makes the event happen once at most (a vote milestone): a second publish with the key is ignored. */
  onceKey?: string;
}

/** The job that turns an event into one delivery per subscribed endpoint (webhook-delivery.ts). */
export const WEBHOOK_FANOUT_JOB = 'webhooks.fanout';

/**
 * Records an event for the accounts concerned and queues its fan-out to their endpoints. With a
 * transaction's handle the event commits with the write it reports, or not at all. Nothing is
 * recorded when no account concerned subscribes to the type: one indexed read, so the write
 * paths (votes above all) pay next to nothing for webhooks nobody asked for.
 */
export async function publishEvent(deps: EventDeps, e: PublishedEvent): Promise<boolean> {
  const subscribed = await deps.db.query<{ user_id: number }>(
    `SELECT DISTINCT w.user_id FROM webhook_endpoints w
      WHERE w.enabled AND $1 = ANY(w.events)
        AND (w.user_id = ANY($2::int[]) OR w.user_id IN (SELECT user_id FROM listing_owners WHERE listing_id = $3))`,
    [e.type, e.accountIds ?? [], e.listingId ?? null],
  );
  if (subscribed.length === 0) return false;
  const data: Record<string, unknown> = {};
  if (e.listingId !== undefined) {
    const [l] = await deps.db.query<{ id: number; slug: string; name: string }>(
      'SELECT l.id, l.slug, c.name FROM listings l JOIN companies c ON c.id = l.company_id WHERE l.id = $1',
      [e.listingId],
    );
    if (l) data.listing = { ...l, url: `${deps.config.publicUrl}/p/${l.slug}` };
  }
  const now = deps.now();
  const payload = JSON.stringify({ type: e.type, timestamp: now.toISOString(), data: { ...data, ...e.data } });
  const rows = await deps.db.query<{ id: string }>(
    `INSERT INTO webhook_events (message_id, type, account_ids, payload, once_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (once_key) DO NOTHING RETURNING id`,
    [
      `msg_${crypto.randomBytes(16).toString('base64url')}`,
      e.type,
      subscribed.map((s) => s.user_id),
      payload,
      e.onceKey ?? null,
      now.toISOString(),
    ],
  );
  if (!rows[0]) return false;
  await enqueueAndNotify(deps.db, WEBHOOK_FANOUT_JOB, { eventId: Number(rows[0].id) }, { runAt: now });
  return true;
}
