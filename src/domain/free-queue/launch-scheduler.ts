import type { AppContext } from '../../app-context.js';
import { forgetListingProfile } from '../listings/listing-cache.js';
import { reindexListings } from '../search/search-index.js';
import { enqueueDueBadgeChecks } from './badge-check.js';
import { loadFreeQueueSettings } from './free-queue-settings.js';
import { freeWeekLoads, launchDueListings, lockFreeQueue, missedLaunchWeeks, moveLaunchWeek, type WeekMove } from './free-queue-repository.js';
import { catchUpWeeks } from './launch-window.js';

/**
 * Puts every scheduled listing whose launch week has begun (by the app clock) live. Safe to run
 * on any number of workers at once: the move is one UPDATE, so each listing goes live exactly once
 * and only the run that moved it refreshes search and the profile cache.
 */
export async function launchScheduledListings(ctx: AppContext): Promise<string[]> {
  const launched = await launchDueListings(ctx.db, ctx.site.id, ctx.now());
  if (launched.length === 0) return [];
  await reindexListings(ctx.db, { listingIds: launched.map((l) => l.id) });
  for (const l of launched) forgetListingProfile(ctx, ctx.site.id, l.slug);
  return launched.map((l) => l.slug);
}

/**
 * A free listing whose launch week begins while our badge is still missing cannot launch that
 * week. Rather than dropping it from the queue, it moves to the earliest later week with room —
 * inside the usual window when there is room there, later when there is not — and the move is
 * recorded (listings.launch_week_moves) and shown to the founder. When no week of the next year
 * has room it stays as it is and the next run tries again.
 */
export async function moveMissedLaunchWeeks(ctx: AppContext): Promise<WeekMove[]> {
  const now = ctx.now();
  const settings = await loadFreeQueueSettings(ctx.db, ctx.site.id);
  return ctx.db.transaction(async (tx) => {
    await lockFreeQueue(tx, ctx.site.id);
    const missed = await missedLaunchWeeks(tx, ctx.site.id, now);
    if (missed.length === 0) return [];
    const weeks = catchUpWeeks(now);
    const loads = await freeWeekLoads(tx, ctx.site.id, weeks);
    const moves: WeekMove[] = [];
    for (const m of missed) {
      const to = weeks.find((w) => (loads.get(w) ?? 0) < settings.weekCapacity);
      if (!to) break;
      const move = { from: m.launch_week, to, at: now.toISOString(), reason: `our badge was not found on the homepage before the week of ${m.launch_week} began` };
      if (await moveLaunchWeek(tx, m.id, move)) {
        loads.set(to, (loads.get(to) ?? 0) + 1);
        moves.push(move);
      }
    }
    return moves;
  });
}

/**
 * The free queue's share of the scheduler tick: launch what is due first (a badge found just in
 * time counts), then move listings that missed their week, then queue the badge checks now due.
 */
export async function runFreeQueue(ctx: AppContext): Promise<{ launched: string[]; moved: WeekMove[]; checksQueued: number }> {
  const launched = await launchScheduledListings(ctx);
  const moved = await moveMissedLaunchWeeks(ctx);
  const checksQueued = await enqueueDueBadgeChecks(ctx);
  return { launched, moved, checksQueued };
}
