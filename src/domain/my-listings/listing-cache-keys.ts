import type { AppContext } from '../../app-context.js';

/**
 * Drops a listing's cached public profile after an owner's write, so the next get_listing shows it.
 * The key is the one get_listing caches under (`<site id>:<slug>`): a listing's slug is only unique
 * within its site.
 */
export function forgetListingProfile(ctx: Pick<AppContext, 'listingCache'>, siteId: number, slug: string): void {
  ctx.listingCache.invalidate(`${siteId}:${slug}`);
}
