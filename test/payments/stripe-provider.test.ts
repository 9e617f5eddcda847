import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { WebhookSignatureError, type CheckoutRequest } from '../../src/payments/payment-provider.js';
import { StripeProvider } from '../../src/payments/stripe-provider.js';
import { checkoutEvent, signedStripeEvent, startFakeStripe } from '../support/fake-stripe.js';

const secretKey = 'sk_test_51FakeKeyForTheLoopbackStripe';
const webhookSecret = 'whsec_test_launchdeck_endpoint_secret';

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: StripeProvider;
before(async () => {
  fake = await startFakeStripe();
  stripe = new StripeProvider({ secretKey, webhookSecret, apiBase: fake.url });
});
after(() => fake.close());

const order = (orderNumber: string): CheckoutRequest => ({
  orderNumber,
  currency: 'USD',
  totalCents: 12_900 + 2_709,
  lines: [
    { name: 'Featured launch, week 2026-W47', amountCents: 12_900 },
    { name: 'VAT 21%', amountCents: 2_709 },
  ],
  customerEmail: 'maker@example.com',
  successUrl: `https://launchdeck.test/orders/${orderNumber}/thanks`,
  cancelUrl: `https://launchdeck.test/orders/${orderNumber}`,
});

const sessionRequests = () => fake.requests.filter((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');

/** Parses and returns the event a webhook carrying `event`, signed with `secret`, reads as. */
const deliver = (event: object, secret = webhookSecret) => {
  const { body, signature } = signedStripeEvent(secret, event);
  return stripe.parseWebhook(Buffer.from(body), signature);
};

test('starting checkout creates a Stripe Checkout Session with one USD line per order line, in cents, tied to the order', async () => {
  const before = sessionRequests().length;
  const session = await stripe.startCheckout(order('LD-2026-0001'));

  const sent = sessionRequests().slice(before);
  assert.equal(sent.length, 1);
  const form = sent[0].body;
  assert.equal(form.get('mode'), 'payment');
  assert.equal(form.get('line_items[0][price_data][currency]'), 'usd');
  assert.equal(form.get('line_items[0][price_data][unit_amount]'), '12900');
  assert.equal(form.get('line_items[0][price_data][product_data][name]'), 'Featured launch, week 2026-W47');
  assert.equal(form.get('line_items[0][quantity]'), '1');
  assert.equal(form.get('line_items[1][price_data][currency]'), 'usd');
  assert.equal(form.get('line_items[1][price_data][unit_amount]'), '2709');
  assert.equal(form.get('line_items[1][price_data][product_data][name]'), 'VAT 21%');
  assert.equal(form.get('line_items[1][quantity]'), '1');
  assert.equal(form.has('line_items[2][quantity]'), false);
  assert.equal(form.get('client_reference_id'), 'LD-2026-0001');
  assert.equal(form.get('metadata[order_number]'), 'LD-2026-0001');
  assert.equal(form.get('customer_email'), 'maker@example.com');
  assert.equal(form.get('success_url'), 'https://launchdeck.test/orders/LD-2026-0001/thanks');
  assert.equal(form.get('cancel_url'), 'https://launchdeck.test/orders/LD-2026-0001');
  assert.equal(sent[0].headers.authorization, `Bearer ${secretKey}`);

  assert.match(session.providerRef, /^cs_test_/);
  assert.equal(session.redirectUrl, `${fake.url}/c/pay/${session.providerRef}`);
});

test('checkout does not restrict payment methods, so Stripe offers every method the account enables', async () => {
  const before = sessionRequests().length;
  await stripe.startCheckout(order('LD-2026-0002'));
  const form = sessionRequests()[before].body;
  assert.deepEqual(
    [...form.keys()].filter((k) => k.startsWith('payment_method_types')),
    [],
  );
});

test('a retried checkout for the same order gets the same session back, not a second one', async () => {
  const before = sessionRequests().length;
  const first = await stripe.startCheckout(order('LD-2026-0003'));
  const again = await stripe.startCheckout(order('LD-2026-0003'));
  const other = await stripe.startCheckout(order('LD-2026-0004'));

  assert.deepEqual(again, first);
  assert.notEqual(other.providerRef, first.providerRef);
  const keys = sessionRequests()
    .slice(before)
    .map((r) => r.headers['idempotency-key']);
  assert.equal(typeof keys[0], 'string');
  assert.equal(keys[1], keys[0]);
  assert.notEqual(keys[2], keys[0]);
});

test('closing a checkout expires its open session at Stripe', async () => {
  const session = await stripe.startCheckout(order('LD-2026-0005'));
  assert.equal(await stripe.closeCheckout(session.providerRef), 'closed');
  const sent = fake.requests.at(-1)!;
  assert.equal(`${sent.method} ${sent.path}`, `POST /v1/checkout/sessions/${session.providerRef}/expire`);
});

test('closing a session that already expired, or that Stripe does not know, says closed', async () => {
  const session = await stripe.startCheckout(order('LD-2026-0006'));
  await stripe.closeCheckout(session.providerRef);
  assert.equal(await stripe.closeCheckout(session.providerRef), 'closed');
  assert.equal(await stripe.closeCheckout('cs_test_unknown'), 'closed');
});

test('closing a session the buyer already paid says completed', async () => {
  const session = await stripe.startCheckout(order('LD-2026-0007'));
  fake.complete(session.providerRef);
  assert.equal(await stripe.closeCheckout(session.providerRef), 'completed');
});

test('a signed checkout.session.completed that is paid reads as paid, with the order number and amount', () => {
  const event = checkoutEvent('checkout.session.completed', {
    id: 'cs_test_paid',
    metadata: { order_number: 'LD-2026-0010' },
    amount_total: 15_609,
    payment_status: 'paid',
  });
  assert.deepEqual(deliver(event), {
    id: event.id,
    type: 'checkout.session.completed',
    outcome: 'paid',
    orderNumber: 'LD-2026-0010',
    providerRef: 'cs_test_paid',
    amountCents: 15_609,
  });
});

test('a completed session needing no payment reads as paid', () => {
  const event = checkoutEvent('checkout.session.completed', {
    id: 'cs_test_free',
    metadata: { order_number: 'LD-2026-0011' },
    amount_total: 0,
    payment_status: 'no_payment_required',
  });
  assert.equal(deliver(event).outcome, 'paid');
});

test('a completed session still unpaid (a delayed payment method) is ignored until the async result', () => {
  const event = checkoutEvent('checkout.session.completed', {
    id: 'cs_test_pending',
    metadata: { order_number: 'LD-2026-0012' },
    amount_total: 15_609,
    payment_status: 'unpaid',
  });
  const read = deliver(event);
  assert.equal(read.outcome, 'ignored');
  assert.equal(read.orderNumber, 'LD-2026-0012');
});

test('an async payment that succeeds reads as paid', () => {
  const event = checkoutEvent('checkout.session.async_payment_succeeded', {
    id: 'cs_test_async',
    metadata: { order_number: 'LD-2026-0013' },
    amount_total: 15_609,
    payment_status: 'paid',
  });
  const read = deliver(event);
  assert.equal(read.outcome, 'paid');
  assert.equal(read.orderNumber, 'LD-2026-0013');
  assert.equal(read.providerRef, 'cs_test_async');
  assert.equal(read.amountCents, 15_609);
});

test('an async payment that fails reads as failed', () => {
  const event = checkoutEvent('checkout.session.async_payment_failed', {
    id: 'cs_test_async_failed',
    metadata: { order_number: 'LD-2026-0014' },
    amount_total: 15_609,
    payment_status: 'unpaid',
  });
  const read = deliver(event);
  assert.equal(read.outcome, 'failed');
  assert.equal(read.orderNumber, 'LD-2026-0014');
});

test('a session that expires unpaid reads as expired', () => {
  const event = checkoutEvent('checkout.session.expired', {
    id: 'cs_test_expired',
    metadata: { order_number: 'LD-2026-0015' },
    amount_total: 15_609,
    payment_status: 'unpaid',
  });
  const read = deliver(event);
  assert.equal(read.outcome, 'expired');
  assert.equal(read.providerRef, 'cs_test_expired');
});

test('without metadata the order number is read from client_reference_id', () => {
  const event = checkoutEvent('checkout.session.completed', {
    id: 'cs_test_ref',
    metadata: {},
    client_reference_id: 'LD-2026-0016',
    amount_total: 500,
    payment_status: 'paid',
  });
  assert.equal(deliver(event).orderNumber, 'LD-2026-0016');
});

test('any other event type is ignored', () => {
  const event = {
    id: 'evt_other',
    object: 'event',
    type: 'payment_intent.succeeded',
    data: { object: { id: 'pi_123', object: 'payment_intent', amount: 500 } },
  };
  assert.deepEqual(deliver(event), {
    id: 'evt_other',
    type: 'payment_intent.succeeded',
    outcome: 'ignored',
    orderNumber: null,
    providerRef: null,
    amountCents: null,
  });
});

const paidEvent = () =>
  checkoutEvent('checkout.session.completed', {
    id: 'cs_test_sig',
    metadata: { order_number: 'LD-2026-0020' },
    amount_total: 15_609,
    payment_status: 'paid',
  });

test('a forged signature is refused', () => {
  const { body, signature } = signedStripeEvent(webhookSecret, paidEvent());
  const forged = signature.replace(/v1=[0-9a-f]+/, `v1=${'0'.repeat(64)}`);
  assert.notEqual(forged, signature);
  assert.throws(() => stripe.parseWebhook(Buffer.from(body), forged), WebhookSignatureError);
  assert.throws(() => stripe.parseWebhook(Buffer.from(body), 'not a stripe signature'), WebhookSignatureError);
});

test('a signature made with another endpoint secret is refused', () => {
  assert.throws(() => deliver(paidEvent(), 'whsec_someone_elses_endpoint'), WebhookSignatureError);
});

test('a body changed after signing is refused', () => {
  const { body, signature } = signedStripeEvent(webhookSecret, paidEvent());
  const tampered = body.replace('15609', '1');
  assert.notEqual(tampered, body);
  assert.throws(() => stripe.parseWebhook(Buffer.from(tampered), signature), WebhookSignatureError);
});

test('a webhook without a Stripe-Signature header is refused', () => {
  const { body } = signedStripeEvent(webhookSecret, paidEvent());
  assert.throws(() => stripe.parseWebhook(Buffer.from(body), undefined), WebhookSignatureError);
});

test('without a configured webhook secret no webhook is accepted', () => {
  const unconfigured = new StripeProvider({ secretKey, webhookSecret: null, apiBase: fake.url });
  const { body, signature } = signedStripeEvent(webhookSecret, paidEvent());
  assert.throws(
    () => unconfigured.parseWebhook(Buffer.from(body), signature),
    (err: unknown) => err instanceof WebhookSignatureError && /secret/.test(err.message),
  );
});

test('test mode follows the secret key: sk_test_ is test mode, sk_live_ is not', () => {
  assert.equal(new StripeProvider({ secretKey: 'sk_test_abc', webhookSecret }).testMode, true);
  assert.equal(new StripeProvider({ secretKey: 'sk_live_abc', webhookSecret }).testMode, false);
  assert.equal(stripe.name, 'stripe');
});
