import assert from 'node:assert/strict';
import type { AppContext } from '../../src/app-context.js';
import { loadListingProfileAnyStatus } from '../../src/domain/listings/listing-profile.js';

/** Every listing of the site, in any status, as its full public profile, keyed by id. */
export async function readEveryListing(ctx: AppContext): Promise<Map<number, unknown>> {
  const rows = await ctx.db.query<{ id: number }>('SELECT id FROM listings WHERE site_id = $1 ORDER BY id', [
    ctx.site.id,
  ]);
  const out = new Map<number, unknown>();
  for (const { id } of rows)
    out.set(id, await loadListingProfileAnyStatus(ctx.db, ctx.site.id, id, ctx.config.publicUrl));
  return out;
}

/** A restored database holds every listing it was backed up with, and takes new writes (its sequences came along). */
export async function assertRestored(ctx: AppContext, before: Map<number, unknown>): Promise<void> {
  assert.ok(before.size > 100, 'the backup held the demo');
  assert.deepEqual(await readEveryListing(ctx), before);
  const [{ id }] = await ctx.db.query<{ id: number }>(
    `INSERT INTO users (email, password_hash) VALUES ('after-restore@example.com', 'x') RETURNING id`,
  );
  const [{ max }] = await ctx.db.query<{ max: number }>('SELECT max(id)::int AS max FROM users');
  assert.equal(id, max);
}
