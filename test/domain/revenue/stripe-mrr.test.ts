import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { computeMrr, restrictedKeyProblem, stripeMrr } from '../../../src/domain/revenue/stripe-mrr.js';
import { StripeKeyRejected } from '../../../src/domain/revenue/stripe-client.js';
import { startFakeStripeSubscriptions, subscription } from '../../support/fake-stripe-subscriptions.js';

let fake: Awaited<ReturnType<typeof startFakeStripeSubscriptions>>;
before(async () => {
  fake = await startFakeStripeSubscriptions();
});
after(async () => {
  await fake.close();
});

const KEY = 'rk_test_mrrAccount0001';

test('a monthly price counts once a month, times its quantity', () => {
  const r = computeMrr([subscription('active', [{ amount: 2900, interval: 'month', quantity: 3 }])], {});
  assert.deepEqual(r, { ok: true, mrrCents: 8700, subscriptions: 1 });
});

test('yearly, weekly, daily and every-n-months prices are normalised to a month', () => {
  const mrr = (i: Parameters<typeof subscription>[1][number]) => computeMrr([subscription('active', [i])], {});
  assert.deepEqual(mrr({ amount: 120_000, interval: 'year' }), { ok: true, mrrCents: 10_000, subscriptions: 1 });
  assert.deepEqual(mrr({ amount: 1_000, interval: 'week' }), { ok: true, mrrCents: 4_333, subscriptions: 1 }); // 1000 × 52 / 12
  assert.deepEqual(mrr({ amount: 100, interval: 'day' }), { ok: true, mrrCents: 3_044, subscriptions: 1 }); // 100 × 30.4375
  assert.deepEqual(mrr({ amount: 9_000, interval: 'month', count: 3 }), {
    ok: true,
    mrrCents: 3_000,
    subscriptions: 1,
  });
  assert.deepEqual(mrr({ amount: 24_000, interval: 'year', count: 2 }), {
    ok: true,
    mrrCents: 1_000,
    subscriptions: 1,
  });
});

test('percent and amount-off discounts are taken off, per billing period', () => {
  assert.equal(
    (computeMrr([subscription('active', [{ amount: 10_000, interval: 'month' }], [{ percent_off: 25 }])], {}) as any)
      .mrrCents,
    7_500,
  );
  assert.equal(
    (computeMrr([subscription('active', [{ amount: 10_000, interval: 'month' }], [{ amount_off: 1_500 }])], {}) as any)
      .mrrCents,
    8_500,
  );
  // A yearly invoice with 12,000 off: 1,000 a month less.
  assert.equal(
    (computeMrr([subscription('active', [{ amount: 120_000, interval: 'year' }], [{ amount_off: 12_000 }])], {}) as any)
      .mrrCents,
    9_000,
  );
  // A discount larger than the price leaves nothing, never less.
  assert.equal(
    (computeMrr([subscription('active', [{ amount: 500, interval: 'month' }], [{ amount_off: 1_000 }])], {}) as any)
      .mrrCents,
    0,
  );
});

test('a metered price is left out (its usage is unknown), the rest of the subscription still counts', () => {
  const r = computeMrr(
    [
      subscription('active', [
        { amount: 2_000, interval: 'month', metered: true },
        { amount: 4_900, interval: 'month' },
      ]),
    ],
    {},
  );
  assert.deepEqual(r, { ok: true, mrrCents: 4_900, subscriptions: 1 });
});

test('trialing, canceled and other unpaid subscriptions are not revenue; past_due still is', () => {
  const subs = ['trialing', 'canceled', 'incomplete', 'unpaid', 'paused', 'past_due', 'active'].map((s) =>
    subscription(s, [{ amount: 1_000, interval: 'month' }]),
  );
  assert.deepEqual(computeMrr(subs, {}), { ok: true, mrrCents: 2_000, subscriptions: 2 });
});

test('other currencies are converted with the rate table; one without a rate stores no figure', () => {
  const subs = [
    subscription('active', [{ amount: 1_000, interval: 'month' }]),
    subscription('active', [{ amount: 1_000, interval: 'month', currency: 'eur' }]),
  ];
  assert.deepEqual(computeMrr(subs, { eur: 1.08 }), { ok: true, mrrCents: 2_080, subscriptions: 2 });
  assert.deepEqual(
    computeMrr([...subs, subscription('active', [{ amount: 1, interval: 'month', currency: 'gbp' }])], { eur: 1.08 }),
    { ok: false, missingRates: ['gbp'] },
  );
});

test('secret keys and anything but a restricted key are refused before any request', () => {
  assert.equal(restrictedKeyProblem('rk_live_51AbCdEfGhIjKlMn'), null);
  assert.equal(restrictedKeyProblem('rk_test_51AbCdEfGhIjKlMn'), null);
  assert.match(
    restrictedKeyProblem('sk_live_51AbCdEfGhIjKlMn')!,
    /secret key.*use a restricted key with read access to Subscriptions/,
  );
  assert.match(
    restrictedKeyProblem('pk_live_51AbCdEfGhIjKlMn')!,
    /not a Stripe restricted key: use a restricted key with read access to Subscriptions/,
  );
  assert.match(restrictedKeyProblem('hello')!, /use a restricted key with read access to Subscriptions/);
});

test('against Stripe: more than 100 subscriptions are read page by page, discounts expanded', async () => {
  const subs = [
    ...Array.from({ length: 230 }, () => subscription('active', [{ amount: 1_000, interval: 'month' }])),
    ...Array.from({ length: 3 }, () =>
      subscription('past_due', [{ amount: 12_000, interval: 'year' }], [{ percent_off: 50 }]),
    ),
    subscription('trialing', [{ amount: 99_999, interval: 'month' }]),
    subscription('canceled', [{ amount: 99_999, interval: 'month' }]),
  ];
  fake.accounts.set(KEY, subs);
  fake.requests.length = 0;
  const r = await stripeMrr(fake.url, KEY, {});
  assert.deepEqual(r, { ok: true, mrrCents: 230 * 1_000 + 3 * 500, subscriptions: 233 });
  const pages = fake.requests.map(
    (q) =>
      `${q.query.get('status')} ${q.query.get('limit')} ${q.query.get('starting_after') ?? '-'} ${q.query.getAll('expand[]').join()}`,
  );
  assert.deepEqual(pages, [
    `active 100 - data.discounts`,
    `active 100 ${subs[99].id} data.discounts`,
    `active 100 ${subs[199].id} data.discounts`,
    `past_due 100 - data.discounts`,
  ]);
  assert.ok(fake.requests.every((q) => q.authorization === `Bearer ${KEY}`));
});

test('against Stripe: an unknown key is 401 and a key without Subscriptions access is 403, both rejected clearly', async () => {
  await assert.rejects(
    stripeMrr(fake.url, 'rk_test_unknownKey0001', {}),
    (err: unknown) =>
      err instanceof StripeKeyRejected &&
      err.status === 401 &&
      /does not accept this key/.test(err.message) &&
      !err.message.includes('rk_test_unknown'),
  );
  fake.accounts.set('rk_test_noAccess00001', []);
  fake.forbidden.add('rk_test_noAccess00001');
  await assert.rejects(
    stripeMrr(fake.url, 'rk_test_noAccess00001', {}),
    (err: unknown) =>
      err instanceof StripeKeyRejected && err.status === 403 && /read access to Subscriptions/.test(err.message),
  );
});
