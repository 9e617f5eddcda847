import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../../support/app.js';
import { addListing } from '../../support/fixtures.js';
import { leaderboard, type Board } from '../../../src/domain/leaderboards/leaderboards.js';
import { setSetting } from '../../../src/domain/site/site-repository.js';
import type { AppContext } from '../../../src/app-context.js';

// The Domain Rating and revenue boards read each listing's ranking value, which triggers keep
// from the companies' readings and figures (migration 021): these check that they stay right.
describeEachDatabase('the Domain Rating and revenue boards follow every change of their figures', (env) => {
  let seq = 0;
  const listing = async (ctx: AppContext, votes = 0, status = 'live') => {
    seq++;
    const ids = await addListing(ctx.db, ctx.site.id, { slug: `fig-${seq}`, name: `Fig ${seq}`, status });
    await ctx.db.query('UPDATE listings SET votes_count = $2 WHERE id = $1', [ids.listingId, votes]);
    return { ...ids, slug: `fig-${seq}` };
  };
  const reading = (ctx: AppContext, companyId: number, rating: number, day: string, provider = 'ahrefs', scale = 100) =>
    ctx.db.query(
      'INSERT INTO domain_ratings (company_id, provider, scale, rating, measured_on) VALUES ($1, $2, $3, $4, $5)',
      [companyId, provider, scale, rating, day],
    );
  const figure = (ctx: AppContext, companyId: number, month: string, cents: number, verified = true) =>
    ctx.db.query(
      `INSERT INTO revenue_figures (company_id, month, mrr_cents, verified, source) VALUES ($1, $2, $3, $4, $5)`,
      [companyId, month, cents, verified, verified ? 'stripe' : 'self-reported'],
    );
  const slugs = async (ctx: AppContext, board: Board, limit = 100, offset = 0) =>
    (await leaderboard(ctx.db, ctx.site.id, board, null, limit, offset)).items.map((i) => i.listing.slug);
  const clear = async (ctx: AppContext) => {
    for (const sql of [
      'DELETE FROM domain_ratings',
      'DELETE FROM revenue_figures',
      `UPDATE listings SET status = 'draft'`,
    ])
      await ctx.db.query(sql);
  };

  test('equal ratings are ordered by votes, then by the older listing', async () => {
    const { ctx } = env();
    await clear(ctx);
    const a = await listing(ctx, 3);
    const b = await listing(ctx, 9);
    const c = await listing(ctx, 3);
    const top = await listing(ctx, 0);
    for (const x of [a, b, c]) await reading(ctx, x.companyId, 40, '2026-11-01');
    await reading(ctx, top.companyId, 5, '2026-11-01', 'openpagerank', 10);
    assert.deepEqual(await slugs(ctx, 'domain-rating'), [top.slug, b.slug, a.slug, c.slug]);
  });

  test('a page further down starts where the one before it ended, and the total counts every rated live listing', async () => {
    const { ctx } = env();
    await clear(ctx);
    for (let i = 0; i < 7; i++) await reading(ctx, (await listing(ctx, i % 3)).companyId, 10 + (i % 2), '2026-11-01');
    await listing(ctx, 50, 'draft').then((d) => reading(ctx, d.companyId, 99, '2026-11-01'));
    const all = await slugs(ctx, 'domain-rating');
    assert.equal(all.length, 7, 'the draft is not on the board');
    assert.deepEqual(
      [
        ...(await slugs(ctx, 'domain-rating', 3, 0)),
        ...(await slugs(ctx, 'domain-rating', 3, 3)),
        ...(await slugs(ctx, 'domain-rating', 3, 6)),
      ],
      all,
    );
    assert.equal((await leaderboard(ctx.db, ctx.site.id, 'domain-rating', null, 3, 6)).total, 7);
  });

  test('the totals follow listings going live and leaving, revenue hidden and listings deleted', async () => {
    const { ctx } = env();
    await clear(ctx);
    const counted = async () => {
      const [n] = await ctx.db.query<{ dr: number; rv: number }>(
        `SELECT count(*) FILTER (WHERE dr_share IS NOT NULL)::int AS dr,
        count(*) FILTER (WHERE NOT revenue_hidden AND mrr_verified_cents IS NOT NULL)::int AS rv FROM listings WHERE site_id = $1 AND status = 'live'`,
        [ctx.site.id],
      );
      const dr = (await leaderboard(ctx.db, ctx.site.id, 'domain-rating', null, 1, 0)).total;
      const rv = (await leaderboard(ctx.db, ctx.site.id, 'revenue', null, 1, 0)).total;
      assert.deepEqual({ dr, rv }, n);
      return [dr, rv];
    };
    const a = await listing(ctx);
    const b = await listing(ctx, 0, 'scheduled');
    await reading(ctx, a.companyId, 10, '2026-11-01');
    await reading(ctx, b.companyId, 10, '2026-11-01');
    await figure(ctx, a.companyId, '2026-11-01', 100_00);
    await figure(ctx, b.companyId, '2026-11-01', 100_00);
    assert.deepEqual(await counted(), [1, 1], 'the scheduled listing is not on the boards yet');
    await ctx.db.query(`UPDATE listings SET status = 'live' WHERE id = $1`, [b.listingId]);
    assert.deepEqual(await counted(), [2, 2]);
    await ctx.db.query('UPDATE listings SET revenue_hidden = true WHERE id = $1', [a.listingId]);
    assert.deepEqual(await counted(), [2, 1]);
    await ctx.db.query('DELETE FROM listings WHERE id = $1', [b.listingId]);
    assert.deepEqual(await counted(), [1, 0]);
    await ctx.db.query('DELETE FROM domain_ratings WHERE company_id = $1', [a.companyId]);
    assert.deepEqual(await counted(), [0, 0]);
  });

  test('a newer reading moves the listing, an older one does not, and removing the readings takes it off the board', async () => {
    const { ctx } = env();
    await clear(ctx);
    const a = await listing(ctx);
    const b = await listing(ctx);
    await reading(ctx, a.companyId, 30, '2026-10-01');
    await reading(ctx, b.companyId, 50, '2026-10-01');
    await reading(ctx, a.companyId, 70, '2026-11-01');
    assert.deepEqual(await slugs(ctx, 'domain-rating'), [a.slug, b.slug]);
    await reading(ctx, b.companyId, 90, '2026-09-01');
    assert.deepEqual(
      await slugs(ctx, 'domain-rating'),
      [a.slug, b.slug],
      'an older reading is history, not the latest',
    );
    await ctx.db.query('DELETE FROM domain_ratings WHERE company_id = $1', [a.companyId]);
    assert.deepEqual(await slugs(ctx, 'domain-rating'), [b.slug]);
  });

  test('a listing made for a company that already has figures is on both boards at once', async () => {
    const { ctx } = env();
    await clear(ctx);
    const first = await listing(ctx);
    await reading(ctx, first.companyId, 20, '2026-11-01');
    await figure(ctx, first.companyId, '2026-11-01', 500_00);
    // The same company listed on a second site: its figures are company facts.
    const other = await ctx.db.query<{ id: number }>(
      `INSERT INTO sites (key, name) VALUES ('fig-other', 'Other') RETURNING id`,
    );
    await ctx.db.query(
      `INSERT INTO listings (site_id, company_id, slug, status) VALUES ($1, $2, 'fig-again', 'live')`,
      [other[0].id, first.companyId],
    );
    const onOther = async (board: Board) =>
      (await leaderboard(ctx.db, other[0].id, board, null, 10, 0)).items.map((i) => [i.listing.slug, i.metric.value]);
    assert.deepEqual(await onOther('domain-rating'), [['fig-again', 20]]);
    assert.deepEqual(await onOther('revenue'), [['fig-again', 500_00]]);
  });

  test('the revenue board ranks each company by its latest verified figure, and by its latest figure of any kind when stated ones are allowed', async () => {
    const { ctx } = env();
    await clear(ctx);
    const a = await listing(ctx);
    const b = await listing(ctx);
    await figure(ctx, a.companyId, '2026-10-01', 800_00);
    await figure(ctx, a.companyId, '2026-11-01', 100_00, false);
    await figure(ctx, b.companyId, '2026-11-01', 300_00);
    const verified = await leaderboard(ctx.db, ctx.site.id, 'revenue', null, 10, 0);
    assert.deepEqual(
      verified.items.map((i) => [i.listing.slug, i.metric.value, i.as_of]),
      [
        [a.slug, 800_00, '2026-10-01'],
        [b.slug, 300_00, '2026-11-01'],
      ],
    );
    await setSetting(ctx.db, ctx.site.id, 'revenue_board_self_reported', true);
    try {
      const any = await leaderboard(ctx.db, ctx.site.id, 'revenue', null, 10, 0);
      assert.deepEqual(
        any.items.map((i) => [i.listing.slug, i.metric.value, i.verified]),
        [
          [b.slug, 300_00, true],
          [a.slug, 100_00, false],
        ],
      );
    } finally {
      await setSetting(ctx.db, ctx.site.id, 'revenue_board_self_reported', false);
    }
  });
});
