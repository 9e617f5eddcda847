import type { AppContext } from '../../app-context.js';
import { reindexListings } from '../search/search-index.js';
import { publishEvent } from '../events/publish-event.js';
import { enqueueDueBadgeChecks, purgeFinishedBadgeChecks } from './badge-check.js';
import { utcMinute } from './free-launch-view.js';
import { loadFreeQueueSettings } from './free-queue-settings.js';
import {
  freeWeekLoads,
  launchDueListings,
  lockFreeQueue,
  missedLaunchWeeks,
  moveLaunchWeek,
  returnToDraft,
  type FreeQueueExit,
  type WeekMove,
} from './free-queue-repository.js';
import { freeLaunchWeeks, MAX_WEEK_MOVES } from './launch-window.js';

/**
 * Puts every scheduled listing whose launch week has begun (by the app clock) live. Safe to run
 * on any number of workers at once: the move is one UPDATE, so each listing goes live exactly once
 * and only the run that moved it refreshes search and the profile cache.
 */
export async function launchScheduledListings(ctx: AppContext): Promise<string[]> {
  const launched = await launchDueListings(ctx.db, ctx.site.id, ctx.now());
  if (launched.length === 0) return [];
  await reindexListings(ctx.db, { listingIds: launched.map((l) => l.id) });
  for (const l of launched) ctx.db.changed({ kind: 'listing', siteId: ctx.site.id, slug: l.slug });
  for (const l of launched) await publishEvent(ctx, { type: 'listing.live', listingId: l.id });
  return launched.map((l) => l.slug);
}

export interface MissedWeeks {
  /** Listings moved to a later week of the window. */
  moved: WeekMove[];
  /** Listings taken out of the queue, back to draft. */
  returned: (FreeQueueExit & { listing_id: number; slug: string })[];
}

const arrows = (moves: WeekMove[], last: string) => [...moves.map((m) => m.from), last].join(' → ');

/**
 * A free listing whose launch week begins while our badge is still missing cannot launch that
 * week. It moves to the earliest week with room of the usual window counted from now (6–8 weeks
 * out by default) — never to next week, so a late founder does not jump ahead of those who queued
 * in time — and the move is recorded (listings.launch_week_moves) and shown to the founder. After
 * two moves, or when no week of the window has room, it leaves the queue: back to draft (plan and
 * week cleared) with the reason in listings.free_queue_exit, so its place goes to others and the
 * owner can choose the free plan again once the badge is up.
 */
export async function moveMissedLaunchWeeks(ctx: AppContext): Promise<MissedWeeks> {
  const now = ctx.now();
  const at = now.toISOString();
  const settings = await loadFreeQueueSettings(ctx.db, ctx.site.id);
  return ctx.db.transaction(async (tx) => {
    await lockFreeQueue(tx, ctx.site.id);
    const result: MissedWeeks = { moved: [], returned: [] };
    const missed = await missedLaunchWeeks(tx, ctx.site.id, now);
    if (missed.length === 0) return result;
    const weeks = freeLaunchWeeks(now, settings.minWeeks, settings.maxWeeks);
    const loads = await freeWeekLoads(tx, ctx.site.id, weeks);
    for (const m of missed) {
      const missedWhy = `our badge was not found on the homepage before the week of ${m.launch_week} began`;
      const to =
        m.moves.length < MAX_WEEK_MOVES ? weeks.find((w) => (loads.get(w) ?? 0) < settings.weekCapacity) : undefined;
      if (to) {
        const move = { from: m.launch_week, to, at, reason: missedWhy };
        if (await moveLaunchWeek(tx, m.id, move)) {
          loads.set(to, (loads.get(to) ?? 0) + 1);
          result.moved.push(move);
        }
        continue;
      }
      const why =
        m.moves.length >= MAX_WEEK_MOVES
          ? `${missedWhy}, and its launch had already moved ${m.moves.length} times (${arrows(m.moves, m.launch_week)})`
          : `${missedWhy}, and no launch week ${settings.minWeeks}–${settings.maxWeeks} weeks out had room to ` +
            `move it to`;
      const exit: FreeQueueExit = {
        at,
        launch_week: m.launch_week,
        moves: m.moves,
        reason:
          `Taken out of the free queue on ${utcMinute(at)}: ${why}. It is saved as a draft again; put our badge ` +
          `on your homepage, then choose the free plan again for a new launch week, or launch with an order.`,
      };
      if (await returnToDraft(tx, m.id, exit)) result.returned.push({ listing_id: m.id, slug: m.slug, ...exit });
    }
    return result;
  });
}

/**
 * The free queue's share of the scheduler tick: launch what is due first (a badge found just in
 * time counts), then move listings that missed their week (or return them to draft), then queue
 * the badge checks now due, and delete badge checks finished more than 7 days ago.
 */
export async function runFreeQueue(
  ctx: AppContext,
): Promise<{ launched: string[]; moved: WeekMove[]; returned: string[]; checksQueued: number; checksPurged: number }> {
  const launched = await launchScheduledListings(ctx);
  // A listing awaiting its badge is not public, so one returned to draft needs no search or cache refresh.
  const { moved, returned } = await moveMissedLaunchWeeks(ctx);
  const checksQueued = await enqueueDueBadgeChecks(ctx);
  const checksPurged = await purgeFinishedBadgeChecks(ctx);
  return { launched, moved, returned: returned.map((r) => r.slug), checksQueued, checksPurged };
}
