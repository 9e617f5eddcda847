import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase } from '../../support/app.js';
import { addListing, finishFixtures } from '../../support/fixtures.js';
import { startFakeStripeSubscriptions, subscription } from '../../support/fake-stripe-subscriptions.js';
import { connectRevenue, stateMrr } from '../../../src/domain/revenue/revenue-connection.js';
import { setRevenueHidden } from '../../../src/domain/revenue/revenue-repository.js';
import { setSetting } from '../../../src/domain/site/site-repository.js';

let fake: Awaited<ReturnType<typeof startFakeStripeSubscriptions>>;
before(async () => {
  fake = await startFakeStripeSubscriptions();
});
after(async () => {
  await fake.close();
});

describeEachDatabase(
  "the revenue board and the listing's revenue, without demo content",
  (env) => {
    const KEY = `rk_live_${crypto.randomBytes(16).toString('hex')}`;
    const ids: Record<string, { listingId: number; companyId: number }> = {};
    const board = async () => (await env().json('/api/v1/leaderboards/revenue')).body;

    before(async () => {
      const { ctx } = env();
      ctx.config = { ...ctx.config, stripe: { ...ctx.config.stripe, apiBase: fake.url } };
      for (const slug of ['proven', 'stated', 'shy'])
        ids[slug] = await addListing(ctx.db, ctx.site.id, { slug, name: slug, launchWeek: '2026-11-09' });
      await finishFixtures(ctx);
    });

    test('an empty database has an empty board and listings without revenue', async () => {
      assert.deepEqual((await board()).items, []);
      assert.equal((await env().json('/api/v1/listings/proven')).body.revenue, null);
    });

    test('a connected Stripe account puts the listing on the board, verified, with source and month', async () => {
      const { ctx } = env();
      const u = await ctx.db.query<{ id: number }>(
        `INSERT INTO users (email) VALUES ('proven-${env().kind}@example.com') RETURNING id`,
      );
      fake.accounts.set(KEY, [
        subscription('active', [{ amount: 120_000, interval: 'year', quantity: 5 }], [{ percent_off: 10 }]),
      ]);
      await connectRevenue(ctx, 'stripe', { id: ids.proven.listingId, company_id: ids.proven.companyId }, u[0].id, KEY);
      const b = await board();
      assert.deepEqual(
        b.items.map((i: any) => ({
          slug: i.listing.slug,
          value: i.metric.value,
          verified: i.verified,
          source: i.source,
          as_of: i.as_of,
        })),
        [{ slug: 'proven', value: 45_000, verified: true, source: 'stripe', as_of: '2026-11-01' }],
      );
      const listing = (await env().json('/api/v1/listings/proven')).body;
      assert.deepEqual(listing.revenue, { mrr_cents: 45_000, month: '2026-11-01', verified: true, source: 'stripe' });
      assert.ok(!JSON.stringify(b).includes(KEY) && !JSON.stringify(listing).includes(KEY));
      const pageHtml = (await env().get('/p/proven')).body;
      assert.match(
        pageHtml,
        /<dt>Revenue<\/dt><dd class="revenue"><strong>\$450<\/strong> MRR in November 2026 · <span class="badge">verified by Stripe<\/span>/,
      );
      assert.match(
        (await env().get('/leaderboards/revenue')).body,
        /monthly recurring revenue, Nov 2026, verified by Stripe/,
      );
    });

    test('a self-reported figure is on the listing, labelled, but on the board only when the administrator allows it', async () => {
      const { ctx } = env();
      await stateMrr(ctx, ids.stated.companyId, 99_000_00);
      assert.deepEqual((await env().json('/api/v1/listings/stated')).body.revenue, {
        mrr_cents: 99_000_00,
        month: '2026-11-01',
        verified: false,
        source: 'self-reported',
      });
      assert.match(
        (await env().get('/p/stated')).body,
        /<strong>\$99,000<\/strong> MRR in November 2026 · <span class="muted">self-reported<\/span>/,
      );
      assert.deepEqual(
        (await board()).items.map((i: any) => i.listing.slug),
        ['proven'],
      );
      await setSetting(ctx.db, ctx.site.id, 'revenue_board_self_reported', true);
      try {
        const items = (await board()).items;
        assert.deepEqual(
          items.map((i: any) => [i.listing.slug, i.verified, i.source]),
          [
            ['stated', false, 'self-reported'],
            ['proven', true, 'stripe'],
          ],
        );
      } finally {
        await setSetting(ctx.db, ctx.site.id, 'revenue_board_self_reported', false);
      }
    });

    test('hidden revenue is on neither the board nor the listing', async () => {
      const { ctx } = env();
      await stateMrr(ctx, ids.shy.companyId, 1_000_000_00);
      await ctx.db.query(`UPDATE revenue_figures SET verified = true, source = 'stripe' WHERE company_id = $1`, [
        ids.shy.companyId,
      ]);
      assert.equal((await board()).items[0].listing.slug, 'shy');
      await setRevenueHidden(ctx.db, ids.shy.listingId, true);
      assert.deepEqual(
        (await board()).items.map((i: any) => i.listing.slug),
        ['proven'],
      );
      assert.equal((await env().json('/api/v1/listings/shy')).body.revenue, null);
      assert.doesNotMatch((await env().get('/p/shy')).body, /MRR/);
    });
  },
  { env: { SECRETS_KEY: crypto.randomBytes(32).toString('base64') } },
);
