import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../../../src/config.js';
import { revenueProvider, REVENUE_PROVIDERS } from '../../../src/domain/revenue/revenue-providers.js';
import { RevenueKeyRejected } from '../../../src/domain/revenue/revenue-provider.js';
import { startFakeStripeSubscriptions, subscription } from '../../support/fake-stripe-subscriptions.js';

let fake: Awaited<ReturnType<typeof startFakeStripeSubscriptions>>;
before(async () => {
  fake = await startFakeStripeSubscriptions();
});
after(async () => {
  await fake.close();
});

const config = () => loadConfig({ PUBLIC_URL: 'http://launchdeck.test', STRIPE_API_BASE: fake.url });

test('Stripe is the revenue provider connections name, found by that name', () => {
  assert.deepEqual(REVENUE_PROVIDERS, ['stripe']);
  const stripe = revenueProvider(config(), 'stripe');
  assert.deepEqual([stripe?.name, stripe?.label], ['stripe', 'Stripe']);
});

test('a name no adapter answers to finds no provider', () => {
  assert.equal(revenueProvider(config(), 'paddle'), null);
  assert.equal(revenueProvider(config(), 'toString'), null);
});

test('the Stripe adapter refuses a secret key without sending it anywhere', () => {
  const before = fake.requests.length;
  assert.match(revenueProvider(config(), 'stripe')!.keyProblem('sk_live_abcdefghijklmnop') ?? '', /secret key/);
  assert.equal(revenueProvider(config(), 'stripe')!.keyProblem('rk_test_abcdefghijklmnop'), null);
  assert.equal(fake.requests.length, before);
});

test('the Stripe adapter reads MRR from STRIPE_API_BASE with the key', async () => {
  fake.accounts.set('rk_test_providerAccount01', [
    subscription('active', [{ amount: 4_900, interval: 'month', quantity: 2 }]),
  ]);
  assert.deepEqual(await revenueProvider(config(), 'stripe')!.mrr('rk_test_providerAccount01', {}), {
    ok: true,
    mrrCents: 9_800,
    subscriptions: 1,
  });
});

test('a key Stripe refuses is a rejected key, whichever provider it came from', async () => {
  await assert.rejects(
    revenueProvider(config(), 'stripe')!.mrr('rk_test_unknownAccount01', {}),
    (err: unknown) => err instanceof RevenueKeyRejected && err.status === 401,
  );
});
