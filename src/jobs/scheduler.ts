import type { AppContext } from '../app-context.js';
import { awardWeek } from '../domain/awards/award-repository.js';
import { deliverPendingMail } from '../mail/outbox.js';
import { runFreeQueue } from '../domain/free-queue/launch-scheduler.js';
import { purgeExpiredIdempotencyKeys } from '../api/idempotency.js';
import { expireClaims } from '../domain/claims/claim-repository.js';
import { finishAbandonedDrafts } from '../domain/drafts/process-draft.js';
import { LOCK_TIMEOUT_MS } from './queue.js';
import { expirePendingOrders } from '../domain/orders/order-repository.js';
import { applyDueRelaunches } from '../domain/orders/fulfil-order.js';
import { addDays, addWeeks, mondayOf } from '../domain/weeks/weeks.js';

/**
 * Periodic work of the background worker. Each task is idempotent (awards insert with ON CONFLICT
 * DO NOTHING), so any number of workers may run it at once.
 */
export async function awardFinishedWeeks(ctx: AppContext, weeksBack = 4): Promise<number> {
  const current = mondayOf(ctx.now());
  let awarded = 0;
  for (let i = 1; i <= weeksBack; i++) {
    const monday = addWeeks(current, -i);
    awarded += await awardWeek(ctx.db, ctx.site.id, monday, addDays(monday, 7));
  }
  return awarded;
}

const ANALYZE_EVERY_MS = 3_600_000;
const PURGE_IDEMPOTENCY_EVERY_MS = 3_600_000;

export function startScheduler(ctx: AppContext, intervalMs = 60_000): { stop(): void } {
  let running = false;
  let analyzedAt = Date.now();
  let purgedAt = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await awardFinishedWeeks(ctx);
      await runFreeQueue(ctx);
      await applyDueRelaunches(ctx);
      // Unpaid orders past their expiry release the launch weeks they held.
      await expirePendingOrders(ctx.db, ctx.site.id, ctx.now());
      await expireClaims(ctx.db, ctx.now());
      await finishAbandonedDrafts(ctx.db, ctx.now(), LOCK_TIMEOUT_MS);
      // Idempotency keys older than 24 h are no longer honoured; drop them hourly.
      if (Date.now() - purgedAt >= PURGE_IDEMPOTENCY_EVERY_MS) {
        purgedAt = Date.now();
        await purgeExpiredIdempotencyKeys(ctx);
      }
      // PostgreSQL's autovacuum keeps planner statistics fresh; embedded PGlite has none, so refresh them here.
      if (ctx.db.kind === 'pglite' && Date.now() - analyzedAt > ANALYZE_EVERY_MS) {
        analyzedAt = Date.now();
        await ctx.db.query('ANALYZE');
      }
    } catch (err) {
      console.error('scheduler:', err);
    } finally {
      running = false;
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  // Mail is expected within seconds, so it has its own short loop.
  let mailing = false;
  const mailTimer = setInterval(() => {
    if (mailing) return;
    mailing = true;
    deliverPendingMail(ctx).catch((err) => console.error('mail:', err)).finally(() => { mailing = false; });
  }, 2_000);
  mailTimer.unref();
  return { stop: () => { clearInterval(timer); clearInterval(mailTimer); } };
}
