import type { AppContext } from '../../app-context.js';
import { runBadgeCheck } from './badge-check.js';
import { loadFreeLaunch } from './free-queue-repository.js';

/** "Check my homepage now" runs the check inline; more than one a minute would only hammer the founder's site. */
const MANUAL_CHECK_GAP_MS = 60_000;

/** What a check on demand came to: done, skipped as too soon after the last one, or nothing awaits a badge. */
export type BadgeCheckNow = 'checked' | 'recent' | 'not_awaiting_badge';

/** The owner's "Check my homepage now" for a listing in the free queue. */
export async function checkBadgeNow(ctx: AppContext, listingId: number): Promise<BadgeCheckNow> {
  const listing = await loadFreeLaunch(ctx.db, ctx.site.id, listingId);
  if (listing?.status !== 'awaiting_badge') return 'not_awaiting_badge';
  if (listing.badge_checked_at && ctx.now().getTime() - Date.parse(listing.badge_checked_at) < MANUAL_CHECK_GAP_MS)
    return 'recent';
  // Inline rather than queued: the founder is waiting for a yes or no, and the fetch is bounded (10 s).
  await runBadgeCheck(ctx, listingId);
  return 'checked';
}
