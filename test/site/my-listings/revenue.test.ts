import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { FormClient } from '../../support/form-client.js';
import { createUser, TEST_PASSWORD } from '../../support/credentials.js';
import { addListing, finishFixtures } from '../../support/fixtures.js';
import { startFakeStripeSubscriptions, subscription } from '../../support/fake-stripe-subscriptions.js';

let fake: Awaited<ReturnType<typeof startFakeStripeSubscriptions>>;
before(async () => {
  fake = await startFakeStripeSubscriptions();
});
after(async () => {
  await fake.close();
});

async function signedIn(env: TestEnv, label: string) {
  const email = await createUser(env, label);
  const b = new FormClient(env.app);
  const res = await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD });
  assert.equal(res.statusCode, 303);
  return { b, email };
}

describeEachDatabase(
  "the owner's revenue page",
  (env) => {
    let owner: Awaited<ReturnType<typeof signedIn>>;
    let stranger: Awaited<ReturnType<typeof signedIn>>;
    let listingId = 0;
    let companyId = 0;
    const KEY = `rk_test_${crypto.randomBytes(12).toString('hex')}`;
    const page = () => `/my/listings/${listingId}/revenue`;

    before(async () => {
      const e = env();
      e.ctx.config = { ...e.ctx.config, stripe: { ...e.ctx.config.stripe, apiBase: fake.url } };
      ({ listingId, companyId } = await addListing(e.ctx.db, e.ctx.site.id, {
        slug: 'moneyball',
        name: 'Moneyball',
        launchWeek: '2026-11-09',
      }));
      owner = await signedIn(e, 'owner');
      stranger = await signedIn(e, 'stranger');
      await e.ctx.db.query(
        'INSERT INTO listing_owners (listing_id, user_id) SELECT $1, id FROM users WHERE email = $2',
        [listingId, owner.email],
      );
      fake.accounts.set(KEY, [
        subscription('active', [{ amount: 4_900, interval: 'month', quantity: 2 }]),
        subscription('trialing', [{ amount: 4_900, interval: 'month' }]),
      ]);
      await finishFixtures(e.ctx);
    });

    test('the my-listing page links to it, and it offers a password field for a restricted key', async () => {
      assert.match(
        (await owner.b.get(`/my/listings/${listingId}`)).body,
        new RegExp(`href="/my/listings/${listingId}/revenue"`),
      );
      const res = await owner.b.get(page());
      assert.equal(res.statusCode, 200);
      assert.match(res.body, /<input id="key" name="key" type="password"/);
      assert.match(res.body, /Not connected/);
    });

    test('another account gets 403 on the page and on every action', async () => {
      assert.equal((await stranger.b.get(page())).statusCode, 403);
      for (const [action, fields] of [
        ['connect', { key: KEY }],
        ['disconnect', {}],
        ['self-reported', { mrr: '5' }],
        ['visibility', { hidden: '1' }],
      ] as const) {
        // The stranger's CSRF token comes from a form of their own account.
        const res = await stranger.b.submit('/account', `${page()}/${action}`, fields);
        assert.equal(res.statusCode, 403, action);
        assert.match(res.body, /Not your listing/, `${action}: refused as not theirs, not for a missing CSRF token`);
      }
      assert.equal(
        (
          await env().ctx.db.query<Record<string, any>>('SELECT 1 FROM revenue_connections WHERE company_id = $1', [
            companyId,
          ])
        ).length,
        0,
      );
    });

    test('a secret key, a bad key and a key without access are refused with a clear 400, and nothing is stored', async () => {
      let res = await owner.b.submit(page(), `${page()}/connect`, { key: 'sk_live_abcdefghijklmnop' });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /use a restricted key with read access to Subscriptions/);
      assert.ok(!res.body.includes('sk_live_abcdefghijklmnop'), 'the typed key is not echoed');
      res = await owner.b.submit(page(), `${page()}/connect`, { key: 'rk_test_notAKeyStripeKnows' });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Stripe does not accept this key/);
      fake.accounts.set('rk_test_cannotReadSubs01', []);
      fake.forbidden.add('rk_test_cannotReadSubs01');
      res = await owner.b.submit(page(), `${page()}/connect`, { key: 'rk_test_cannotReadSubs01' });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /read access to Subscriptions/);
      assert.equal(
        (
          await env().ctx.db.query<Record<string, any>>('SELECT 1 FROM revenue_connections WHERE company_id = $1', [
            companyId,
          ])
        ).length,
        0,
      );
    });

    test('connecting shows the connection and the verified MRR with its month and source, never the key', async () => {
      const res = await owner.b.submit(page(), `${page()}/connect`, { key: KEY });
      assert.equal(res.statusCode, 303);
      const shown = await owner.b.get(String(res.headers.location));
      assert.match(shown.body, /Stripe is connected/);
      assert.match(shown.body, new RegExp(`ending in …${KEY.slice(-4)}`));
      assert.match(
        shown.body,
        /<strong>\$98<\/strong> MRR in November 2026 · <span class="badge">verified by Stripe<\/span>/,
      );
      assert.ok(!shown.body.includes(KEY));
      const pub = await env().get('/p/moneyball');
      assert.ok(!pub.body.includes(KEY));
      const api = await env().get('/api/v1/listings/moneyball');
      assert.ok(!api.body.includes(KEY));
    });

    test('a stated figure is labelled self-reported and never replaces a verified one of the same month', async () => {
      let res = await owner.b.submit(page(), `${page()}/self-reported`, { mrr: '12,000.50' });
      assert.equal(res.statusCode, 303);
      assert.match(String(res.headers.location), /done=stated-verified/);
      assert.equal(
        (
          await env().ctx.db.query<Record<string, any>>('SELECT mrr_cents FROM revenue_figures WHERE company_id = $1', [
            companyId,
          ])
        )[0].mrr_cents,
        9_800,
      );
      res = await owner.b.submit(page(), `${page()}/self-reported`, { mrr: 'lots' });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /Give MRR as an amount of US dollars/);
      // Next month, before the daily check, a stated figure stands, labelled.
      env().clock.now = new Date('2026-12-02T12:00:00Z');
      try {
        res = await owner.b.submit(page(), `${page()}/self-reported`, { mrr: '12,000.50' });
        assert.match(String(res.headers.location), /done=stated$/);
        const shown = await owner.b.get(page());
        assert.match(
          shown.body,
          /<strong>\$12,000\.50<\/strong> MRR in December 2026 · <span class="muted">self-reported<\/span>/,
        );
      } finally {
        env().clock.now = new Date('2026-11-18T12:00:00Z');
        await env().ctx.db.query(`DELETE FROM revenue_figures WHERE company_id = $1 AND month = '2026-12-01'`, [
          companyId,
        ]);
      }
    });

    test('hiding revenue is a toggle the page reflects', async () => {
      let res = await owner.b.submit(page(), `${page()}/visibility`, { hidden: '1' });
      assert.equal(res.statusCode, 303);
      assert.equal(
        (
          await env().ctx.db.query<Record<string, any>>('SELECT revenue_hidden FROM listings WHERE id = $1', [
            listingId,
          ])
        )[0].revenue_hidden,
        true,
      );
      assert.match((await owner.b.get(page())).body, /Show revenue/);
      res = await owner.b.submit(page(), `${page()}/visibility`, { hidden: '0' });
      assert.equal(
        (
          await env().ctx.db.query<Record<string, any>>('SELECT revenue_hidden FROM listings WHERE id = $1', [
            listingId,
          ])
        )[0].revenue_hidden,
        false,
      );
    });

    test('disconnecting deletes the key; the verified figure stays', async () => {
      const res = await owner.b.submit(page(), `${page()}/disconnect`, {});
      assert.equal(res.statusCode, 303);
      assert.equal(
        (
          await env().ctx.db.query<Record<string, any>>('SELECT 1 FROM revenue_connections WHERE company_id = $1', [
            companyId,
          ])
        ).length,
        0,
      );
      const shown = await owner.b.get(String(res.headers.location));
      assert.match(shown.body, /Stripe is disconnected and the key deleted/);
      assert.match(shown.body, /verified by Stripe/);
    });
  },
  { env: { SECRETS_KEY: crypto.randomBytes(32).toString('hex') } },
);
