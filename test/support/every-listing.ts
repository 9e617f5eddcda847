import type { AppContext } from '../../src/app-context.js';
import { loadListingProfileAnyStatus } from '../../src/domain/listings/listing-profile.js';

/** Every listing of the site, in any status, as its full public profile, keyed by id. */
export async function readEveryListing(ctx: AppContext): Promise<Map<number, unknown>> {
  const rows = await ctx.db.query<{ id: number }>('SELECT id FROM listings WHERE site_id = $1 ORDER BY id', [ctx.site.id]);
  const out = new Map<number, unknown>();
  for (const { id } of rows) out.set(id, await loadListingProfileAnyStatus(ctx.db, ctx.site.id, id, ctx.config.publicUrl));
  return out;
}
