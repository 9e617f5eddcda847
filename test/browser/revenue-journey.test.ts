import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import type { Browser } from 'playwright-core';
import { describeEachDatabase } from '../support/app.js';
import { seedPublicWorld } from '../support/public-world.js';
import { addListing, finishFixtures } from '../support/fixtures.js';
import { createUser } from '../support/credentials.js';
import { collectPageErrors, launchBrowser, openPage, signInThroughForm } from '../support/browser.js';
import { startFakeStripeSubscriptions, subscription } from '../support/fake-stripe-subscriptions.js';

let browser: Browser;
let fake: Awaited<ReturnType<typeof startFakeStripeSubscriptions>>;
before(async () => {
  [browser, fake] = await Promise.all([launchBrowser(), startFakeStripeSubscriptions()]);
});
after(async () => {
  await Promise.all([browser?.close(), fake?.close()]);
});

// Set SCREENSHOTS=1 to refresh docs/screenshots/revenue-board.png.
const screenshots = process.env.SCREENSHOTS === '1';

describeEachDatabase(
  'browser: an owner proves revenue with a read-only Stripe key',
  (env) => {
    test('sign in, connect a restricted key, see the verified MRR, then find the listing verified on the revenue board', async () => {
      const { ctx } = env();
      // Stripe is the fake on loopback, as STRIPE_API_BASE points it there.
      ctx.config = { ...ctx.config, stripe: { ...ctx.config.stripe, apiBase: fake.url } };
      const { listingId } = await addListing(ctx.db, ctx.site.id, {
        slug: 'brewbase',
        name: 'Brewbase',
        tagline: 'Recipes and batches for craft breweries',
        launchWeek: '2026-11-09',
      });
      await finishFixtures(ctx);
      const email = await createUser(env(), 'brewer');
      await ctx.db.query('INSERT INTO listing_owners (listing_id, user_id) SELECT $1, id FROM users WHERE email = $2', [
        listingId,
        email,
      ]);
      const key = `rk_live_${crypto.randomBytes(16).toString('hex')}`;
      fake.accounts.set(key, [
        subscription('active', [{ amount: 4_900, interval: 'month', quantity: 100 }]), // $4,900 a month
        subscription('active', [{ amount: 600_000, interval: 'year', quantity: 3 }]), // $18,000 a year: $1,500 a month
        subscription('trialing', [{ amount: 4_900, interval: 'month' }]), // pays nothing yet
      ]);

      const { context, page } = await openPage(browser, env().baseUrl);
      const problems = collectPageErrors(page);
      try {
        await signInThroughForm(page, email);
        await page.goto(`/my/listings/${listingId}/revenue`);
        await page.getByText('Not connected.').waitFor();
        await page.getByLabel('Restricted key (rk_live_… or rk_test_…)').fill(key);
        await page.getByRole('button', { name: 'Connect Stripe' }).click();
        await page.getByRole('status').filter({ hasText: 'Stripe is connected.' }).waitFor();
        const figure = await page.locator('main p', { hasText: 'MRR in' }).innerText();
        assert.match(figure, /\$6,400 MRR in November 2026 · verified by Stripe/);
        assert.match(await page.locator('main').innerText(), new RegExp(`restricted key ending in …${key.slice(-4)}`));
        assert.equal((await page.content()).includes(key), false, 'the key is never shown again');

        await page.goto('/leaderboards/revenue');
        const row = page.locator('ol.ranked > li', { hasText: 'Brewbase' });
        assert.equal(
          await row.locator('.metric-note').innerText(),
          'Nov 2026 · verified by Stripe',
          'the source and month are shown, not only read out',
        );
        const order = await page.locator('ol.ranked > li .name').allInnerTexts();
        assert.deepEqual(
          order.map((s) => s.trim()),
          ['Café Ledger', 'Brewbase', 'Tablewise'],
          'ranked by verified MRR: $9,000, $6,400, $5,000',
        );
        if (screenshots) await page.screenshot({ path: 'docs/screenshots/revenue-board.png', fullPage: true });
        assert.deepEqual(problems, []);
      } finally {
        await context.close();
      }
    });
  },
  {
    seed: async (ctx) => {
      await seedPublicWorld(ctx);
    },
    kinds: ['postgres'],
    env: { SECRETS_KEY: crypto.randomBytes(32).toString('base64') },
  },
);
