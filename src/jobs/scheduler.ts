import type { NoRows } from '../db/client.js';
import type { AppContext } from '../app-context.js';
import { awardWeek } from '../domain/awards/award-week.js';
import { deliverPendingMail } from '../mail/outbox.js';
import { runFreeQueue } from '../domain/free-queue/launch-scheduler.js';
import { scheduleHousekeeping } from './housekeeping-job.js';
import { expireClaims } from '../domain/claims/claim-repository.js';
import { finishAbandonedDrafts } from '../domain/drafts/process-draft.js';
import { expirePendingOrders } from '../domain/orders/order-repository.js';
import { applyDueRelaunches } from '../domain/orders/fulfil-order.js';
import { addWeeks, mondayOf } from '../domain/weeks/weeks.js';
import { releaseHeldVotes } from '../domain/votes/votes.js';
import { announceVoteMilestones } from '../domain/votes/vote-milestones.js';
import { refreshRevenueConnections } from '../domain/revenue/revenue-connection.js';
import { configuredProvider } from '../domain/domain-ratings/configured-provider.js';
import { refreshDomainRatings } from '../domain/domain-ratings/refresh.js';
import { sendNotificationBatches } from '../domain/notifications/send-notifications.js';
import { sendWeeklyDigests } from '../domain/notifications/weekly-digest.js';

/**
 * Periodic work of the background worker. Each task is idempotent, so any number of workers may
 * run it at once: each finished week is awarded, and its owners mailed, exactly once (award-week.ts).
 */
export async function awardFinishedWeeks(ctx: AppContext, weeksBack = 4): Promise<number> {
  const current = mondayOf(ctx.now());
  let awarded = 0;
  for (let i = 1; i <= weeksBack; i++) {
    const given = await awardWeek(ctx.db, ctx.site, addWeeks(current, -i), ctx.config.publicUrl, () => ctx.now());
    awarded += given.length;
  }
  return awarded;
}

/** Held votes of accounts now old enough start counting. */
export async function countReleasedVotes(ctx: AppContext): Promise<number> {
  const moved = await releaseHeldVotes(ctx.db, ctx.now());
  // Another site's listings are announced with this site's URL otherwise: only this site's here.
  for (const l of moved)
    if (l.site_id === ctx.site.id) await announceVoteMilestones(ctx, l.id, l.votes - l.released, l.votes);
  return moved.length;
}

const ANALYZE_EVERY_MS = 3_600_000;
const HOUSEKEEPING_EVERY_MS = 3_600_000;

export function startScheduler(ctx: AppContext, intervalMs = 60_000): { stop(): void } {
  let running = false;
  let analyzedAt = Date.now();
  let housekeptAt = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await countReleasedVotes(ctx);
      await awardFinishedWeeks(ctx);
      await runFreeQueue(ctx);
      await applyDueRelaunches(ctx);
      // Unpaid orders past their expiry release the launch weeks they held.
      await expirePendingOrders(ctx.db, ctx.site.id, ctx.now());
      await expireClaims(ctx.db, ctx.now());
      await finishAbandonedDrafts(ctx.db, ctx.now(), ctx.config.jobLeaseMs);
      // Owners' notifications, one mail per person and kind at most hourly; followers' weekly digest.
      // Each mail is claimed in the transaction that queues it, so every worker may offer them.
      await sendNotificationBatches(ctx);
      await sendWeeklyDigests(ctx);
      // Each revenue connection is due once a day (its next_check_at); claiming it is exactly-once across workers.
      await refreshRevenueConnections(ctx);
      // Finished jobs, expired idempotency keys, sessions, codes and tokens… are purged by an hourly
      // job (housekeeping-job.ts); every worker offers it, one runs it.
      if (Date.now() - housekeptAt >= HOUSEKEEPING_EVERY_MS) {
        housekeptAt = Date.now();
        await scheduleHousekeeping(ctx);
      }
      // PostgreSQL's autovacuum keeps planner statistics fresh; embedded PGlite has none, so refresh them here.
      if (ctx.db.kind === 'pglite' && Date.now() - analyzedAt > ANALYZE_EVERY_MS) {
        analyzedAt = Date.now();
        await ctx.db.query<NoRows>('ANALYZE');
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
    deliverPendingMail(ctx)
      .catch((err) => console.error('mail:', err))
      .finally(() => {
        mailing = false;
      });
  }, 2_000);
  mailTimer.unref();
  // Domain Ratings only when a provider is configured. A run paces its requests over minutes, so
  // it has its own loop rather than hold up the tick; the budget and claims are shared by all workers.
  const provider = configuredProvider(ctx.config.domainRatings, () => ctx.now());
  let rating = false;
  let ratingPausedUntil = 0;
  const ratingTimer = provider
    ? setInterval(() => {
        if (rating || Date.now() < ratingPausedUntil) return;
        rating = true;
        const { refreshDays, requestsPerMinute } = ctx.config.domainRatings;
        refreshDomainRatings(ctx.db, provider, { refreshDays, requestsPerMinute, now: () => ctx.now() })
          .then((r) => {
            // A refused key stays refused until an operator changes it: try again in an hour, not every minute.
            if (r.stoppedBy === 'unauthorised') ratingPausedUntil = Date.now() + 3_600_000;
          })
          .catch((err) => console.error('domain ratings:', err))
          .finally(() => {
            rating = false;
          });
      }, 60_000)
    : null;
  ratingTimer?.unref();
  return {
    stop: () => {
      clearInterval(timer);
      clearInterval(mailTimer);
      if (ratingTimer) clearInterval(ratingTimer);
    },
  };
}
