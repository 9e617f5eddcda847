import type { Queryable } from '../db/client.js';
import { detectListingLanguages } from '../domain/listings/listing-language.js';
import { reindexListings } from '../domain/search/search-index.js';

/**
 * Indexes every listing again and detects the language of those nobody stated, a thousand at a time; queued by a
 * migration when what is indexed changes (029: search in every script). Any worker may run it: listings of every
 * site are done, and doing them twice is harmless.
 */
export const REINDEX_LISTINGS_JOB = 'reindex_listings';

export async function reindexEveryListing(db: Queryable): Promise<void> {
  for (let after = 0; ; ) {
    const ids = (
      await db.query<{ id: number }>('SELECT id FROM listings WHERE id > $1 ORDER BY id LIMIT 1000', [after])
    ).map((r) => r.id);
    if (ids.length === 0) return;
    await reindexListings(db, { listingIds: ids });
    await detectListingLanguages(db, { listingIds: ids });
    after = ids[ids.length - 1];
  }
}
