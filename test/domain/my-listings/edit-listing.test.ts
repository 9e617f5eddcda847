import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { founder } from '../../support/draft-client.js';
import { addListing } from '../../support/fixtures.js';
import { ownedListing } from '../../../src/domain/listings/listing-ownership.js';
import { editMyListing } from '../../../src/domain/my-listings/edit-listing.js';
import { HttpError } from '../../../src/api/errors.js';

describeEachDatabase('editing a listing whose ownership just moved', (env) => {
  test('an edit checked before a claim transfer but written after it is refused and changes nothing', async () => {
    const { ctx } = env();
    const f = await founder(env());
    const userId = (await ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [f.email]))[0].id;
    const { listingId } = await addListing(ctx.db, ctx.site.id, {
      slug: 'moving-owner',
      name: 'Moving Owner',
      status: 'live',
    });
    await ctx.db.query('INSERT INTO listing_owners (listing_id, user_id) VALUES ($1, $2)', [listingId, userId]);
    const owned = await ownedListing(ctx.db, ctx.site.id, listingId, userId);
    // A verified claim hands the listing to someone else between the check and the write.
    await ctx.db.query('DELETE FROM listing_owners WHERE listing_id = $1', [listingId]);
    await assert.rejects(
      editMyListing(ctx, owned, userId, { fields: { headline: 'Still mine?' } }),
      (err) => err instanceof HttpError && err.status === 403,
    );
    const [row] = await ctx.db.query<{ headline: string }>('SELECT headline FROM listings WHERE id = $1', [listingId]);
    assert.notEqual(row.headline, 'Still mine?');
  });
});
