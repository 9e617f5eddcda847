import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase } from '../../support/app.js';
import { addListing } from '../../support/fixtures.js';
import { startFakeStripeSubscriptions, subscription } from '../../support/fake-stripe-subscriptions.js';
import { connectRevenue, refreshRevenueConnections } from '../../../src/domain/revenue/revenue-connection.js';
import { latestFigure } from '../../../src/domain/revenue/revenue-repository.js';
import { setSetting } from '../../../src/domain/site/site-repository.js';
import { createAppContext } from '../../../src/context.js';
import { loadConfig } from '../../../src/config.js';
import type { AppContext } from '../../../src/app-context.js';

const SECRETS_KEY = crypto.randomBytes(32).toString('base64');
let fake: Awaited<ReturnType<typeof startFakeStripeSubscriptions>>;
before(async () => {
  fake = await startFakeStripeSubscriptions();
});
after(async () => {
  await fake.close();
});

let seq = 0;
async function ownedCompany(ctx: AppContext, key: string, mrrDollars: number) {
  seq++;
  const { listingId, companyId } = await addListing(ctx.db, ctx.site.id, {
    slug: `rev-${seq}`,
    name: `Rev ${seq}`,
    launchWeek: '2026-11-09',
  });
  const u = await ctx.db.query<{ id: number }>(`INSERT INTO users (email, name) VALUES ($1, 'Owner') RETURNING id`, [
    `owner-${seq}-${crypto.randomUUID()}@example.com`,
  ]);
  await ctx.db.query('INSERT INTO listing_owners (listing_id, user_id) VALUES ($1, $2)', [listingId, u[0].id]);
  fake.accounts.set(key, [subscription('active', [{ amount: mrrDollars * 100, interval: 'month' }])]);
  await connectRevenue(ctx, 'stripe', { id: listingId, company_id: companyId }, u[0].id, key);
  return { listingId, companyId, userId: u[0].id };
}

describeEachDatabase(
  'daily revenue refresh',
  (env) => {
    before(() => {
      const ctx = env().ctx;
      ctx.config = { ...ctx.config, stripe: { ...ctx.config.stripe, apiBase: fake.url } };
    });

    test("connecting stores the key encrypted and this month's MRR as verified from Stripe", async () => {
      const ctx = env().ctx;
      const key = `rk_test_connect${env().kind}01`;
      const { companyId } = await ownedCompany(ctx, key, 49);
      assert.deepEqual(await latestFigure(ctx.db, companyId), {
        month: '2026-11-01',
        mrr_cents: 4_900,
        verified: true,
        source: 'stripe',
      });
      const stored = await ctx.db.query<Record<string, any>>(
        'SELECT * FROM revenue_connections WHERE company_id = $1',
        [companyId],
      );
      assert.equal(stored.length, 1);
      assert.ok(!JSON.stringify(stored).includes(key), 'the key is not stored in the clear');
      assert.equal(stored[0].key_hint, key.slice(-4));
    });

    test('three workers at once check each due connection exactly once, and store the new figure', async () => {
      const ctx = env().ctx;
      const keys = [1, 2, 3, 4].map((i) => `rk_test_race${env().kind}0${i}`);
      const companies = [];
      for (const k of keys) companies.push((await ownedCompany(ctx, k, 10)).companyId);
      for (const k of keys) fake.accounts.set(k, [subscription('active', [{ amount: 2_000, interval: 'month' }])]);
      fake.requests.length = 0;
      // A day later every connection is due.
      env().clock.now = new Date('2026-11-19T13:00:00Z');
      try {
        const runs = await Promise.all([
          refreshRevenueConnections(ctx),
          refreshRevenueConnections(ctx),
          refreshRevenueConnections(ctx),
        ]);
        const checkedKeys = fake.requests
          .filter((r) => r.query.get('status') === 'active')
          .map((r) => r.authorization!.slice(7))
          .filter((k) => keys.includes(k));
        assert.deepEqual(checkedKeys.sort(), [...keys].sort());
        assert.ok(runs.reduce((n, r) => n + r.checked, 0) >= keys.length);
        for (const c of companies) assert.equal((await latestFigure(ctx.db, c))!.mrr_cents, 2_000);
        // Run again the same day: nothing is due.
        fake.requests.length = 0;
        assert.deepEqual(await refreshRevenueConnections(ctx), { checked: 0, broken: 0 });
        assert.equal(fake.requests.length, 0);
      } finally {
        env().clock.now = new Date('2026-11-18T12:00:00Z');
      }
    });

    test('a key Stripe stops accepting marks the connection broken and mails the owners once', async () => {
      const ctx = env().ctx;
      const key = `rk_test_revoked${env().kind}1`;
      const { companyId } = await ownedCompany(ctx, key, 30);
      const owners = await ctx.db.query<{ email: string }>(
        'SELECT u.email FROM listing_owners o JOIN users u ON u.id = o.user_id JOIN listings l ON l.id = o.listing_id WHERE l.company_id = $1',
        [companyId],
      );
      fake.accounts.delete(key); // rolled in the Stripe dashboard: 401 from now on
      await ctx.db.query(`UPDATE revenue_connections SET next_check_at = '2026-11-01' WHERE company_id = $1`, [
        companyId,
      ]);
      await ctx.db.query(`UPDATE revenue_connections SET next_check_at = '2099-01-01' WHERE company_id <> $1`, [
        companyId,
      ]);
      const r = await refreshRevenueConnections(ctx);
      assert.deepEqual(r, { checked: 1, broken: 1 });
      const conn = (
        await ctx.db.query<Record<string, any>>(
          'SELECT status, last_error FROM revenue_connections WHERE company_id = $1',
          [companyId],
        )
      )[0];
      assert.equal(conn.status, 'broken');
      assert.match(conn.last_error, /does not accept this key/);
      // Broken connections are not checked again, so later runs mail nobody.
      await ctx.db.query(`UPDATE revenue_connections SET next_check_at = '2026-11-01' WHERE company_id = $1`, [
        companyId,
      ]);
      assert.deepEqual(await refreshRevenueConnections(ctx), { checked: 0, broken: 0 });
      const mails = await ctx.db.query<{ to_address: string; text_body: string }>(
        `SELECT to_address, text_body FROM mail_outbox WHERE subject LIKE '%Stripe connection stopped working'`,
      );
      assert.deepEqual(
        mails.map((m) => m.to_address),
        [owners[0].email],
      );
      assert.ok(!mails[0].text_body.includes(key), 'the mail names only the last characters of the key');
      // The last verified figure stays.
      assert.equal((await latestFigure(ctx.db, companyId))!.verified, true);
    });

    test('a currency without a rate is reported on the connection and stores no figure; with a rate it converts', async () => {
      const ctx = env().ctx;
      const key = `rk_test_euros${env().kind}001`;
      seq++;
      const { listingId, companyId } = await addListing(ctx.db, ctx.site.id, {
        slug: `eur-${seq}`,
        name: `Eur ${seq}`,
        launchWeek: '2026-11-09',
      });
      fake.accounts.set(key, [subscription('active', [{ amount: 10_000, interval: 'month', currency: 'eur' }])]);
      const first = await connectRevenue(
        ctx,
        'stripe',
        { id: listingId, company_id: companyId },
        0 ||
          (
            await ctx.db.query<{ id: number }>(
              `INSERT INTO users (email) VALUES ('eur-${seq}-${env().kind}@example.com') RETURNING id`,
            )
          )[0].id,
        key,
      );
      assert.deepEqual(first, { ok: false, missingRates: ['eur'] });
      assert.equal(await latestFigure(ctx.db, companyId), null);
      assert.match(
        (
          await ctx.db.query<Record<string, any>>('SELECT last_error FROM revenue_connections WHERE company_id = $1', [
            companyId,
          ])
        )[0].last_error,
        /bills in EUR.*no exchange rate/,
      );
      await setSetting(ctx.db, ctx.site.id, 'revenue_fx_rates', { eur: 1.08 });
      await ctx.db.query(`UPDATE revenue_connections SET next_check_at = '2099-01-01'`);
      await ctx.db.query(`UPDATE revenue_connections SET next_check_at = '2026-11-01' WHERE company_id = $1`, [
        companyId,
      ]);
      assert.deepEqual(await refreshRevenueConnections(ctx), { checked: 1, broken: 0 });
      assert.deepEqual(await latestFigure(ctx.db, companyId), {
        month: '2026-11-01',
        mrr_cents: 10_800,
        verified: true,
        source: 'stripe',
      });
      await setSetting(ctx.db, ctx.site.id, 'revenue_fx_rates', {});
    });

    test('the service refuses to start without SECRETS_KEY once a key is stored', async () => {
      await assert.rejects(
        createAppContext(loadConfig({ PUBLIC_URL: 'http://launchdeck.test', LOG_LEVEL: 'silent' }), {
          db: env().ctx.db,
        }),
        /SECRETS_KEY is not set, but \d+ revenue connection keys? (is|are) stored/,
      );
    });
  },
  { env: { SECRETS_KEY } },
);
