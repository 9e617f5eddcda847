import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { founder, runJobs } from '../support/draft-client.js';
import { ownedListing } from '../support/orders.js';
import { FormClient } from '../support/form-client.js';
import { TEST_PASSWORD } from '../support/credentials.js';
import { checkoutEvent, signedStripeEvent, startFakeStripe } from '../support/fake-stripe.js';

const SECRET = 'whsec_test_launchdeck';
const stripeEnv: Record<string, string> = {
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_launchdeck',
  STRIPE_WEBHOOK_SECRET: SECRET,
};
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
before(async () => {
  fake = await startFakeStripe();
  stripeEnv.STRIPE_API_BASE = fake.url;
});
after(async () => {
  await fake.close();
});

describeEachDatabase(
  'paying with Stripe: Checkout Session and signed webhooks',
  (env) => {
    let buyer: Awaited<ReturnType<typeof founder>>;
    before(async () => {
      buyer = await founder(env(), 'stripe-buyer');
    });

    async function orderSentToStripe(slug: string) {
      const id = await ownedListing(env(), buyer.email, slug);
      const made = await buyer.call('POST', '/orders/checkout', { items: [{ product: 'launch', listing_id: id }] });
      assert.equal(made.status, 201, JSON.stringify(made.body));
      const b = new FormClient(env().app);
      await b.submit('/signin', '/signin', { email: buyer.email, password: TEST_PASSWORD });
      const number = made.body.number as string;
      assert.equal(
        (
          await b.submit(`/checkout/${number}`, `/checkout/${number}/billing`, {
            name: 'Ada SAS',
            address: '1 rue de Paris',
            country: 'FR',
          })
        ).statusCode,
        303,
      );
      const page = await b.get(`/checkout/${number}`);
      assert.match(page.body, /Stripe test mode/);
      assert.doesNotMatch(page.body, /Decline/);
      const pay = await b.submit(`/checkout/${number}`, `/checkout/${number}/pay`, {});
      assert.equal(pay.statusCode, 303);
      return { id, number, redirect: String(pay.headers.location) };
    }

    const deliver = (body: string, signature?: string) =>
      env().app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        payload: body,
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      });

    test("Pay sends the buyer to Stripe Checkout with the order's lines including VAT", async () => {
      const { number, redirect } = await orderSentToStripe('stripe-redirect');
      assert.ok(redirect.startsWith(fake.url), redirect);
      const sent = fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!;
      assert.equal(sent.body.get('metadata[order_number]'), number);
      assert.equal(sent.body.get('line_items[0][price_data][unit_amount]'), String(4900 + 980));
      assert.equal(sent.body.get('payment_method_types[0]'), null);
    });

    test('a signed checkout.session.completed marks the order paid and fulfils it; the same event again changes nothing', async () => {
      const { id, number } = await orderSentToStripe('stripe-paid');
      const session = {
        id: 'cs_test_paid',
        metadata: { order_number: number },
        amount_total: 5880,
        payment_status: 'paid' as const,
      };
      const { body, signature } = signedStripeEvent(SECRET, checkoutEvent('checkout.session.completed', session));
      const first = await deliver(body, signature);
      assert.equal(first.statusCode, 200);
      assert.equal(first.json().result, 'handled');
      await runJobs(env());
      const order = await buyer.call('GET', `/orders/${number}`);
      assert.equal(order.body.status, 'fulfilled');
      const invoice = order.body.invoice_number;
      const again = await deliver(body, signature);
      assert.equal(again.statusCode, 200);
      assert.equal(again.json().result, 'duplicate');
      const after = await buyer.call('GET', `/orders/${number}`);
      assert.equal(after.body.invoice_number, invoice);
      assert.equal(after.body.paid_at, order.body.paid_at);
      const receipts = await env().ctx.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM mail_outbox WHERE subject LIKE $1',
        [`Receipt for order ${number}%`],
      );
      assert.equal(receipts[0].n, 1);
      assert.equal((await buyer.call('GET', `/me/listings/${id}`)).body.status, 'live');
    });

    test('a webhook with a bad signature is refused and changes nothing', async () => {
      const { number } = await orderSentToStripe('stripe-forged');
      const session = {
        id: 'cs_test_forged',
        metadata: { order_number: number },
        amount_total: 5880,
        payment_status: 'paid' as const,
      };
      const forged = signedStripeEvent('whsec_someone_else', checkoutEvent('checkout.session.completed', session));
      assert.equal((await deliver(forged.body, forged.signature)).statusCode, 400);
      assert.equal((await deliver(forged.body)).statusCode, 400);
      const genuine = signedStripeEvent(SECRET, checkoutEvent('checkout.session.completed', session));
      assert.equal(
        (await deliver(genuine.body.replace(number, 'LD-2026-000001'), genuine.signature)).statusCode,
        400,
        'a tampered body',
      );
      assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'pending');
    });

    test("cancel_order closes the order's Stripe Checkout Session, so nothing can be paid there any more", async () => {
      const { number, redirect } = await orderSentToStripe('stripe-cancel');
      const sessionId = redirect.split('/').at(-1)!;
      const res = await buyer.call('POST', `/orders/${number}/cancel`);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.status, 'cancelled');
      assert.ok(
        fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${sessionId}/expire`),
        'the session was expired at Stripe',
      );
    });

    test('cancel_order is refused while Stripe has the payment: the order stays pending and its webhook marks it paid', async () => {
      const { number, redirect } = await orderSentToStripe('stripe-cancel-paid');
      const sessionId = redirect.split('/').at(-1)!;
      fake.complete(sessionId);
      const res = await buyer.call('POST', `/orders/${number}/cancel`);
      assert.equal(res.status, 409);
      assert.match(res.body.detail, /was paid on the payment provider's page/);
      assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'pending');
      const session = {
        id: sessionId,
        metadata: { order_number: number },
        amount_total: 5880,
        payment_status: 'paid' as const,
      };
      const { body, signature } = signedStripeEvent(SECRET, checkoutEvent('checkout.session.completed', session));
      assert.equal((await deliver(body, signature)).json().result, 'handled');
      const paid = (await buyer.call('GET', `/orders/${number}`)).body;
      assert.equal(paid.status, 'paid');
      assert.equal(paid.status_reason, null);
    });

    test('when Stripe cannot be reached, cancel_order is a 503 to retry and the order stays pending', async () => {
      const { number } = await orderSentToStripe('stripe-cancel-down');
      const saved = env().ctx.config;
      env().ctx.config = { ...saved, stripe: { ...saved.stripe, apiBase: 'http://127.0.0.1:9' } };
      try {
        const res = await buyer.call('POST', `/orders/${number}/cancel`);
        assert.equal(res.status, 503);
        assert.ok(res.headers['retry-after']);
        assert.match(res.body.detail, /could not be reached/);
      } finally {
        env().ctx.config = saved;
      }
      assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'pending');
    });

    test('when Stripe cannot be reached, the checkout page says nothing was charged and the order stays payable', async () => {
      const id = await ownedListing(env(), buyer.email, 'stripe-down');
      const made = await buyer.call('POST', '/orders/checkout', { items: [{ product: 'featured', listing_id: id }] });
      const number = made.body.number as string;
      const b = new FormClient(env().app);
      await b.submit('/signin', '/signin', { email: buyer.email, password: TEST_PASSWORD });
      await b.submit(`/checkout/${number}`, `/checkout/${number}/billing`, {
        name: 'Ada',
        address: '1 Main St',
        country: 'US',
      });
      const saved = env().ctx.config;
      env().ctx.config = { ...saved, stripe: { ...saved.stripe, apiBase: 'http://127.0.0.1:9' } };
      try {
        const pay = await b.submit(`/checkout/${number}`, `/checkout/${number}/pay`, {});
        assert.equal(pay.statusCode, 502);
        assert.match(pay.body, /Nothing was charged/);
      } finally {
        env().ctx.config = saved;
      }
      assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'pending');
    });
  },
  { env: stripeEnv },
);
