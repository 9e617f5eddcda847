import type { AppContext } from '../../app-context.js';
import { type NoRows, fromJson } from '../../db/client.js';
import { loadListingProfileAnyStatus } from '../listings/listing-profile.js';
import { notifyOrderFulfilled } from '../notifications/notify.js';
import { reindexListings } from '../search/search-index.js';
import { applyLine, type FulfilLine } from './fulfil-line.js';
import { loadOrderSettings } from './order-settings.js';
import { reviewProfile } from './profile-review.js';
import { llmReviewProfile } from './llm-review.js';
import { publishEvent, type EventDeps } from '../events/publish-event.js';
import { orderEventData } from './order-events.js';

/** Site-specific kind: only workers of the order's site (its PUBLIC_URL, its listings) claim it. */
export const fulfilJobKind = (siteKey: string) => `orders.fulfil:${siteKey}`;

const LINE_COLUMNS =
  `id, order_id, product_code, listing_id, to_char(week, 'YYYY-MM-DD') AS week, categories, options, ` +
  `amount_cents, fulfilled_at`;

/**
 * Fulfils every line of a paid order that is not fulfilled yet, each in its own transaction that
 * locks the line, does what it bought and records when and what happened — exactly once, even when
 * a worker dies midway and the job runs again. A bundle's line is fulfilled once all its parts are;
 * the order once all its lines are. Lines waiting for people (done_for_you) keep the order paid.
 */
export async function fulfilOrder(ctx: AppContext, orderId: number): Promise<{ fulfilled: number; waiting: number }> {
  const [order] = await ctx.db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [orderId]);
  if (order?.status !== 'paid') return { fulfilled: 0, waiting: 0 };
  const settings = await loadOrderSettings(ctx.db, ctx.site.id, ctx.site.name);
  const open = await ctx.db.query<FulfilLine>(
    `SELECT ${LINE_COLUMNS} FROM order_lines WHERE order_id = $1 AND fulfilled_at IS NULL
      AND product_code <> 'launch_bundle' ORDER BY position, id`,
    [orderId],
  );
  let fulfilled = 0;
  let waiting = 0;
  const touched = new Map<number, string>();
  for (const candidate of open) {
    // Written before the transaction: an LLM review may take seconds and must not hold locks.
    const review =
      candidate.product_code === 'ai_review' && candidate.listing_id
        ? await writeReview(ctx, candidate.listing_id)
        : undefined;
    const outcome = await ctx.db.transaction(async (tx) => {
      const [line] = await tx.query<FulfilLine>(`SELECT ${LINE_COLUMNS} FROM order_lines WHERE id = $1 FOR UPDATE`, [
        candidate.id,
      ]);
      if (!line || line.fulfilled_at) return null;
      const now = ctx.now();
      const out = await applyLine(
        tx,
        { ...line, options: fromJson<Record<string, unknown> | null>(line.options) ?? {} },
        { ctx, now, featuredDays: settings.featuredDays, review },
      );
      await tx.query<NoRows>('UPDATE order_lines SET fulfilled_at = $2, fulfilment = $3 WHERE id = $1', [
        line.id,
        out.done ? now.toISOString() : null,
        JSON.stringify({ detail: out.detail, ...out.data }),
      ]);
      return out;
    });
    if (!outcome) continue;
    if (outcome.done) fulfilled++;
    else waiting++;
    if (outcome.slug && candidate.listing_id) touched.set(candidate.listing_id, outcome.slug);
  }
  await completeOrder(ctx, orderId);
  if (touched.size) {
    await reindexListings(ctx.db, { listingIds: [...touched.keys()] });
    for (const slug of touched.values()) ctx.db.changed({ kind: 'listing', siteId: ctx.site.id, slug });
  }
  return { fulfilled, waiting };
}

async function writeReview(ctx: AppContext, listingId: number) {
  const profile = await loadListingProfileAnyStatus(ctx.db, ctx.site.id, listingId, ctx.config.publicUrl);
  if (!profile) return { method: 'checklist', summary: 'The listing no longer exists.', points: [] };
  const { provider, baseUrl, apiKey, model, maxTokens } = ctx.config.llm;
  // With a language model configured it writes the review (every quote checked); otherwise, or when it fails, the
  // checklist does.
  const written =
    baseUrl && model ? await llmReviewProfile({ provider, baseUrl, apiKey, model, maxTokens }, profile) : null;
  return written ? { method: 'llm', ...written } : { method: 'checklist', ...reviewProfile(profile) };
}

/**
 * Bundles whose parts are all fulfilled are fulfilled; an order whose lines all are becomes
 * fulfilled, and its buyer's webhooks are told (order.fulfilled).
 */
export async function completeOrder(deps: EventDeps, orderId: number): Promise<boolean> {
  const { db } = deps;
  const now = deps.now();
  await db.query<NoRows>(
    `UPDATE order_lines b SET fulfilled_at = $2, fulfilment = '{"detail":"Every part of the bundle is fulfilled."}'
      WHERE b.order_id = $1 AND b.product_code = 'launch_bundle' AND b.fulfilled_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM order_lines p WHERE p.parent_line_id = b.id AND p.fulfilled_at IS NULL)`,
    [orderId, now.toISOString()],
  );
  const rows = await db.query<{ number: string; user_id: number; total_cents: number; currency: string }>(
    `UPDATE orders SET status = 'fulfilled', fulfilled_at = $2 WHERE id = $1 AND status = 'paid'
        AND NOT EXISTS (SELECT 1 FROM order_lines WHERE order_id = $1 AND fulfilled_at IS NULL)
      RETURNING number, user_id, total_cents, currency`,
    [orderId, now.toISOString()],
  );
  const o = rows[0];
  if (!o) return false;
  await notifyOrderFulfilled(db, orderId, now);
  const data = orderEventData(deps.config.publicUrl, o);
  await publishEvent(deps, { type: 'order.fulfilled', accountIds: [o.user_id], data });
  return true;
}

/** The team marks a done-for-you task done: its line is fulfilled, and the order with it when nothing else is open. */
export async function completeAdminTask(ctx: AppContext, taskId: number, note: string): Promise<boolean> {
  const now = ctx.now().toISOString();
  const orderId = await ctx.db.transaction(async (tx) => {
    const rows = await tx.query<{ order_line_id: number }>(
      `UPDATE admin_tasks SET status = 'done', done_at = $3, note = $4 WHERE id = $1 AND site_id = $2
        AND status = 'open' RETURNING order_line_id`,
      [taskId, ctx.site.id, now, note],
    );
    if (!rows[0]) return null;
    const lines = await tx.query<{ order_id: number }>(
      `UPDATE order_lines SET fulfilled_at = $2, fulfilment = $3 WHERE id = $1 AND fulfilled_at IS NULL
        RETURNING order_id`,
      [
        rows[0].order_line_id,
        now,
        JSON.stringify({
          detail: `Done by our team on ${now.slice(0, 10)}${note ? `: ${note}` : '.'}`,
          task_id: taskId,
        }),
      ],
    );
    return lines[0]?.order_id ?? null;
  });
  if (orderId === null) return false;
  await completeOrder(ctx, orderId);
  return true;
}

/** Relaunches whose week has begun: the listing's launch week moves to it, exactly once (one UPDATE per relaunch
 *  row). */
export async function applyDueRelaunches(ctx: AppContext): Promise<string[]> {
  const now = ctx.now();
  const rows = await ctx.db.query<{ id: number; slug: string }>(
    `WITH due AS (
       UPDATE relaunches r SET applied_at = $2 FROM listings l
        WHERE r.listing_id = l.id AND l.site_id = $1 AND r.applied_at IS NULL AND r.week <= $3::date
        RETURNING r.listing_id, r.week)
     UPDATE listings l SET launch_week = due.week, launched_at = $2, updated_at = $2 FROM due
     WHERE l.id = due.listing_id
     RETURNING l.id, l.slug`,
    [ctx.site.id, now.toISOString(), now.toISOString().slice(0, 10)],
  );
  for (const r of rows) ctx.db.changed({ kind: 'listing', siteId: ctx.site.id, slug: r.slug });
  return rows.map((r) => r.slug);
}
