import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addListing, finishFixtures } from '../../support/fixtures.js';

describeEachDatabase('what the Domain Rating board and the listing say', (env) => {
  let ready = false;
  const world = async () => {
    if (ready) return;
    ready = true;
    const { db, site } = env().ctx;
    const a = await addListing(db, site.id, { slug: 'ahrefs-rated', name: 'Ahrefs Rated' });
    const o = await addListing(db, site.id, { slug: 'opr-rated', name: 'OPR Rated' });
    await addListing(db, site.id, { slug: 'unrated', name: 'Unrated' });
    await db.query(
      `INSERT INTO domain_ratings (company_id, provider, scale, rating, measured_on) VALUES
      ($1, 'ahrefs', 100, 40, '2026-07-01'), ($1, 'ahrefs', 100, 45, '2026-10-01'), ($1, 'ahrefs', 100, 50, '2026-11-10'),
      ($1, 'import', 100, 99, '2026-06-01'),
      ($2, 'openpagerank', 10, 6.2, '2026-11-12')`,
      [a.companyId, o.companyId],
    );
    await finishFixtures(env().ctx);
  };

  test('board items carry the raw value with its provider, scale and date', async () => {
    await world();
    const { status, body } = await env().json('/api/v1/leaderboards/domain-rating');
    assert.equal(status, 200);
    const bySlug = Object.fromEntries(body.items.map((it: any) => [it.listing.slug, it]));
    assert.equal(bySlug['ahrefs-rated'].metric.value, 50);
    assert.deepEqual(bySlug['ahrefs-rated'].domain_rating, {
      provider: 'ahrefs',
      provider_label: 'Ahrefs Domain Rating',
      scale: 100,
      as_of: '2026-11-10',
    });
    assert.deepEqual(
      [bySlug['ahrefs-rated'].source, bySlug['ahrefs-rated'].as_of],
      ['ahrefs', '2026-11-10'],
      'source and date where every sourced board gives them',
    );
    assert.equal(bySlug['opr-rated'].metric.value, 6.2);
    assert.deepEqual(bySlug['opr-rated'].domain_rating, {
      provider: 'openpagerank',
      provider_label: 'Open PageRank',
      scale: 10,
      as_of: '2026-11-12',
    });
  });

  test('readings of different scales are ranked as a share of their scale', async () => {
    await world();
    const { body } = await env().json('/api/v1/leaderboards/domain-rating');
    assert.deepEqual(
      body.items.map((it: any) => it.listing.slug),
      ['opr-rated', 'ahrefs-rated'],
      '6.2 of 10 ranks above 50 of 100',
    );
  });

  test('a listing without a reading is absent from the board', async () => {
    await world();
    const { body } = await env().json('/api/v1/leaderboards/domain-rating');
    assert.equal(
      body.items.some((it: any) => it.listing.slug === 'unrated'),
      false,
    );
    assert.equal(body.total, 2);
  });

  test("the listing's trend comes from its latest provider's stored readings", async () => {
    await world();
    const { body } = await env().json('/api/v1/listings/ahrefs-rated');
    const dr = body.domain_rating;
    assert.deepEqual(
      [dr.current, dr.provider, dr.provider_label, dr.scale, dr.as_of],
      [50, 'ahrefs', 'Ahrefs Domain Rating', 100, '2026-11-10'],
    );
    assert.equal(dr.change_30d, 5);
    assert.equal(dr.change_90d, 10);
    assert.deepEqual(
      dr.history.map((h: any) => h.rating),
      [40, 45, 50],
      'the imported 99 is another source and stays out of the trend',
    );
  });

  test('a listing without a reading shows no rating', async () => {
    await world();
    const { body } = await env().json('/api/v1/listings/unrated');
    assert.equal(body.domain_rating.current, null);
    const page = await env().get('/p/unrated');
    assert.doesNotMatch(page.body, /Domain Rating|Open PageRank/);
  });

  test('the listing page names the source and the date of the reading', async () => {
    await world();
    const page = await env().get('/p/opr-rated');
    assert.match(page.body, /<dt>Open PageRank<\/dt><dd>6\.2 \/ 10/);
    assert.match(page.body, /read <time datetime="2026-11-12">2026-11-12<\/time>/);
  });
});
