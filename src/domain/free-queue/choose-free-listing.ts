import type { AppContext } from '../../app-context.js';
import { conflict, notFound } from '../../errors/app-error.js';
import { ownedListing } from '../listings/listing-ownership.js';
import { enqueueBadgeCheck } from './badge-check.js';
import { freeLaunchView, type FreeLaunchView } from './free-launch-view.js';
import {
  freeWeekLoads,
  loadFreeLaunch,
  lockFreeQueue,
  queueFreeListing,
  waitingListingsOf,
} from './free-queue-repository.js';
import { loadFreeQueueSettings } from './free-queue-settings.js';
import { freeLaunchWeeks } from './launch-window.js';

export const QUEUE_FULL =
  'The free queue is full for the next weeks; try later or launch with an order (quote_order, then create_checkout).';

/** The 409 when the account already has as many listings waiting for their badge as the site allows. */
export const tooManyWaiting = (max: number) =>
  `You already have ${max} listing${max === 1 ? '' : 's'} in the free queue waiting for our badge, the most ` +
  `one account may have on this site. ` +
  'Put the badge on their homepages (each is scheduled once it is found) or wait until one is scheduled, then ' +
  'choose the free plan for this one; or launch it with an order (quote_order, then create_checkout).';

async function viewOf(ctx: AppContext, listingId: number): Promise<FreeLaunchView> {
  const listing = await loadFreeLaunch(ctx.db, ctx.site.id, listingId);
  if (!listing) throw notFound(`No listing with id ${listingId}.`);
  return freeLaunchView(ctx, listing);
}

/**
 * choose_free_listing: a saved, unpublished listing (draft) joins the free queue in the earliest
 * week of the window with room, awaiting our badge; its first badge check is queued at once.
 * Asking again while it is queued answers its current state, so retries are harmless. One account
 * may have at most `free_queue_max_waiting_per_user` listings awaiting their badge here (409).
 */
export async function chooseFreeListing(ctx: AppContext, listingId: number, userId: number): Promise<FreeLaunchView> {
  const owned = await ownedListing(ctx.db, ctx.site.id, listingId, userId);
  const queued = owned.plan === 'free' && (owned.status === 'awaiting_badge' || owned.status === 'scheduled');
  if (owned.status === 'live')
    throw conflict('This listing is already live; the free queue is only for listings not yet published.');
  if (owned.status !== 'draft' && !queued) {
    throw conflict(
      `This listing is ${owned.status}${owned.plan === 'paid' ? ' through an order' : ''}; only a saved, ` +
        `unpublished listing (status draft) can join the free queue.`,
    );
  }
  if (owned.status === 'draft') {
    const now = ctx.now();
    const settings = await loadFreeQueueSettings(ctx.db, ctx.site.id);
    const weeks = freeLaunchWeeks(now, settings.minWeeks, settings.maxWeeks);
    await ctx.db.transaction(async (tx) => {
      await lockFreeQueue(tx, ctx.site.id);
      // A concurrent call may have queued it while we waited for the lock: its state is the answer.
      if ((await loadFreeLaunch(tx, ctx.site.id, listingId))?.status !== 'draft') return;
      // Under the queue lock, so two choices at once cannot both take the account's last place.
      if ((await waitingListingsOf(tx, ctx.site.id, userId)) >= settings.maxWaitingPerUser)
        throw conflict(tooManyWaiting(settings.maxWaitingPerUser));
      const loads = await freeWeekLoads(tx, ctx.site.id, weeks);
      const week = weeks.find((w) => (loads.get(w) ?? 0) < settings.weekCapacity);
      if (!week) throw conflict(QUEUE_FULL);
      if (await queueFreeListing(tx, listingId, week, now)) await enqueueBadgeCheck(tx, ctx.site.key, listingId, now);
    });
  }
  return viewOf(ctx, listingId);
}
