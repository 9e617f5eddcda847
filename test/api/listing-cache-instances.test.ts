import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { addListing } from '../support/fixtures.js';
import { LISTINGS_CHANNEL, profileCacheKey } from '../../src/domain/listings/listing-cache.js';

describeEachDatabase('the listing profile cache across instances', (env) => {
  test('a listing written on another instance is shown fresh here, told through the database', async () => {
    const { ctx } = env();
    await addListing(ctx.db, ctx.site.id, {
      slug: 'shared-cache',
      name: 'Shared Cache',
      tagline: 'Before',
      status: 'live',
    });
    assert.equal((await env().json('/api/v1/listings/shared-cache')).body.tagline, 'Before');
    // Another instance edits the listing and NOTIFYs; only that message can reach this instance's cache.
    await ctx.db.query(
      `UPDATE companies SET tagline = 'After' WHERE id = (SELECT company_id FROM listings WHERE slug = 'shared-cache')`,
    );
    await ctx.db.query('SELECT pg_notify($1, $2)', [LISTINGS_CHANNEL, profileCacheKey(ctx.site.id, 'shared-cache')]);
    let tagline = 'Before';
    for (let i = 0; i < 50 && tagline === 'Before'; i++) {
      await new Promise((r) => setTimeout(r, 20));
      tagline = (await env().json('/api/v1/listings/shared-cache')).body.tagline;
    }
    assert.equal(tagline, 'After');
  });
});
