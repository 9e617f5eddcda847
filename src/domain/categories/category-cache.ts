import type { AppContext } from '../../app-context.js';
import { LISTINGS_CHANNEL } from '../listings/listing-cache.js';

/**
 * After a category write: list_categories and get_category are cached reads (readCache), and
 * every cached listing profile names its categories, so both caches are emptied here. Other
 * instances hear it on the listings channel, which empties their read cache at once; their
 * cached profiles follow within the profile TTL, as for any write made elsewhere.
 */
export function forgetCategoryReads(ctx: Pick<AppContext, 'readCache' | 'listingCache' | 'db'>, siteId: number): void {
  ctx.readCache.clear();
  ctx.listingCache.clear();
  // The payload is a profile key no listing has (slugs are never empty): only the lists go.
  void ctx.db.query('SELECT pg_notify($1, $2)', [LISTINGS_CHANNEL, `${siteId}:`]).catch(() => {});
}
