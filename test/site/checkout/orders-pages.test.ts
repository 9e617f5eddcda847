import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeEachDatabase, type TestEnv } from '../../support/app.js';
import { founder, runJobs } from '../../support/draft-client.js';
import { admin, TEST_PASSWORD } from '../../support/credentials.js';
import { FormClient } from '../../support/form-client.js';
import { ownedListing, payOnCheckoutPage } from '../../support/orders.js';

async function browserOf(env: TestEnv, email: string): Promise<FormClient> {
  const b = new FormClient(env.app);
  assert.equal((await b.submit('/signin', '/signin', { email, password: TEST_PASSWORD })).statusCode, 303);
  return b;
}

describeEachDatabase('site: checkout, order pages, invoice and the orders admin', (env) => {
  let buyer: Awaited<ReturnType<typeof founder>>;
  let seq = 0;
  before(async () => {
    buyer = await founder(env(), 'page-buyer');
  });

  async function pendingOrder(items: (id: number) => unknown[], f: Parameters<typeof ownedListing>[3] = {}) {
    const id = await ownedListing(env(), buyer.email, `page-${++seq}-${env().kind}`, f);
    const made = await buyer.call('POST', '/orders/checkout', { items: items(id) });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return { id, number: made.body.number as string };
  }

  test('the checkout page asks a signed-out visitor to sign in and comes back', async () => {
    const { number } = await pendingOrder((id) => [{ product: 'featured', listing_id: id }]);
    const res = await env().get(`/checkout/${number}`);
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, `/signin?next=${encodeURIComponent(`/checkout/${number}`)}`);
  });

  test('another account gets a 403 on the checkout, order and invoice pages; an unknown number a 404', async () => {
    const { number } = await pendingOrder((id) => [{ product: 'featured', listing_id: id }]);
    const stranger = await founder(env(), 'stranger');
    const b = await browserOf(env(), stranger.email);
    for (const path of [`/checkout/${number}`, `/orders/${number}`, `/orders/${number}/invoice`])
      assert.equal((await b.get(path)).statusCode, 403, path);
    assert.equal((await b.get('/checkout/LD-2026-999999')).statusCode, 404);
    const pay = await b.submit(`/orders`, `/checkout/${number}/pay`, {});
    assert.equal(pay.statusCode, 403);
    assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'pending');
  });

  test('billing details re-compute VAT before paying, and a bad VAT number is shown by the form', async () => {
    const { number } = await pendingOrder((id) => [{ product: 'featured', listing_id: id }]);
    const b = await browserOf(env(), buyer.email);
    const bad = await b.submit(`/checkout/${number}`, `/checkout/${number}/billing`, {
      name: 'Acme BV',
      address: 'Damrak 1',
      country: 'NL',
      vat_number: 'NL123',
    });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /is not a valid EU VAT number/);
    assert.match(bad.body, /value="Acme BV"/, 'what was typed is kept');
    const good = await b.submit(`/checkout/${number}`, `/checkout/${number}/billing`, {
      name: 'Acme BV',
      address: 'Damrak 1',
      country: 'NL',
    });
    assert.equal(good.statusCode, 303);
    const page = await b.get(`/checkout/${number}`);
    assert.match(page.body, /Dutch VAT at 21 % applies/);
    assert.match(page.body, /Pay \$119\.79 \(test\)/);
  });

  test('an order made with a billing country opens its checkout with that country filled in', async () => {
    const id = await ownedListing(env(), buyer.email, `page-${++seq}-${env().kind}`);
    const made = await buyer.call('POST', '/orders/checkout', {
      items: [{ product: 'featured', listing_id: id }],
      billing_country: 'de',
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    const number = made.body.number as string;
    const b = await browserOf(env(), buyer.email);
    const page = await b.get(`/checkout/${number}`);
    const country = /<input name="country"[^>]*>/.exec(page.body)?.[0] ?? '';
    assert.match(country, /value="DE"/);
    assert.match(page.body, /Filled in from your order/);
    assert.match(page.body, /German VAT at 19 % applies/);
    // The form as the page fills it: only name and address typed.
    const saved = await b.submit(`/checkout/${number}`, `/checkout/${number}/billing`, {
      name: 'Erika Muster',
      address: 'Unter den Linden 1, Berlin',
      country: /value="([^"]*)"/.exec(country)![1],
    });
    assert.equal(saved.statusCode, 303);
    assert.match((await b.get(`/checkout/${number}`)).body, /Pay \$117\.81 \(test\)/);
  });

  test('with VIES_URL set, a well-formed VAT number VIES does not know is refused by the billing form', async () => {
    const vies = http.createServer((req, res) => {
      req.resume();
      req.on('end', () =>
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"valid":false,"userError":"INVALID"}'),
      );
    });
    await new Promise<void>((r) => vies.listen(0, '127.0.0.1', r));
    const saved = env().ctx.config;
    env().ctx.config = { ...saved, viesUrl: `http://127.0.0.1:${(vies.address() as AddressInfo).port}` };
    try {
      const { number } = await pendingOrder((id) => [{ product: 'featured', listing_id: id }]);
      const b = await browserOf(env(), buyer.email);
      const res = await b.submit(`/checkout/${number}`, `/checkout/${number}/billing`, {
        name: 'Société X',
        address: '1 rue de Paris',
        country: 'FR',
        vat_number: 'FR40303265045',
      });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /not registered for intra-EU trade in the EU&#39;s VIES database/);
    } finally {
      env().ctx.config = saved;
      await new Promise<void>((r) => vies.close(() => r()));
    }
  });

  test('Pay is refused until billing details are given', async () => {
    const { number } = await pendingOrder((id) => [{ product: 'featured', listing_id: id }]);
    const b = await browserOf(env(), buyer.email);
    const res = await b.submit(`/checkout/${number}`, `/checkout/${number}/pay`, {});
    assert.equal(res.statusCode, 409);
    assert.match(res.body, /Enter your billing details first/);
  });

  test('declining the test payment cancels the order and releases its week', async () => {
    const { number } = await pendingOrder((id) => [{ product: 'launch', listing_id: id, week: '2027-02-01' }]);
    const b = await browserOf(env(), buyer.email);
    const res = await b.submit(`/checkout/${number}`, `/checkout/${number}/decline`, {});
    assert.equal(res.statusCode, 303);
    const order = (await buyer.call('GET', `/orders/${number}`)).body;
    assert.equal(order.status, 'cancelled');
    assert.equal(order.checkout_url, null);
    const week = (await env().json('/api/v1/products')).body.weeks.find(
      (w: { week: string }) => w.week === '2027-02-01',
    );
    assert.equal(week.places_left, 10);
  });

  test('cancelling on the checkout page cancels the order, with the reason the buyer gave up', async () => {
    const { number } = await pendingOrder((id) => [{ product: 'featured', listing_id: id }]);
    const b = await browserOf(env(), buyer.email);
    const res = await b.submit(`/checkout/${number}`, `/checkout/${number}/cancel`, {});
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, `/orders/${number}?cancelled=1`);
    const [row] = await env().ctx.db.query<{ status: string; status_reason: string }>(
      'SELECT status, status_reason FROM orders WHERE number = $1',
      [number],
    );
    assert.deepEqual(row, { status: 'cancelled', status_reason: 'Cancelled by the buyer; its weeks were released.' });
  });

  test('the invoice shows its sequential number, the seller, the buyer and the reverse-charge mention', async () => {
    await admin(env(), ['set-setting', '--key', 'seller_country', '--value', '"IE"']);
    await admin(env(), ['set-setting', '--key', 'seller_name', '--value', '"Launchdeck Ltd"']);
    const { number } = await pendingOrder((id) => [{ product: 'ai_review', listing_id: id }]);
    const { browser } = await payOnCheckoutPage(env(), buyer.email, number, {
      name: 'Muster GmbH',
      address: 'Hauptstr. 1, Berlin',
      country: 'DE',
      vat_number: 'DE136695976',
    });
    const invoice = await browser.get(`/orders/${number}/invoice`);
    assert.equal(invoice.statusCode, 200);
    assert.match(invoice.body, /Invoice INV-\d{4}-\d{5}/);
    assert.match(invoice.body, /Launchdeck Ltd/);
    assert.match(invoice.body, /Muster GmbH/);
    assert.match(invoice.body, /VAT DE136695976/);
    assert.match(invoice.body, /Article 196, Council Directive 2006\/112\/EC/);
    await admin(env(), ['set-setting', '--key', 'seller_country', '--value', '""']);
  });

  test('the order page lists the profile review an ai_review line wrote, quoting the profile', async () => {
    const { number } = await pendingOrder((id) => [{ product: 'ai_review', listing_id: id }]);
    const { browser } = await payOnCheckoutPage(env(), buyer.email, number);
    await runJobs(env());
    const page = await browser.get(`/orders/${number}`);
    assert.match(page.body, /data-status="fulfilled"/);
    assert.match(page.body, /Profile review: Product page-/);
    assert.match(page.body, /<q>Product page-\d+-\w+ does things<\/q>/);
  });

  test('featured listings are shown on the home page, and a trophy cabinet on the listing page', async () => {
    const { id, number } = await pendingOrder(
      (lid) => [
        { product: 'featured', listing_id: lid },
        { product: 'trophy_cabinet', listing_id: lid, options: { style: 'gold', caption: 'Proud of our launch' } },
      ],
      { status: 'live', plan: 'free', launchWeek: '2026-11-09' },
    );
    await payOnCheckoutPage(env(), buyer.email, number);
    await runJobs(env());
    const [{ slug }] = await env().ctx.db.query<{ slug: string }>('SELECT slug FROM listings WHERE id = $1', [id]);
    const home = await env().get('/');
    assert.match(home.body, new RegExp(`<h2 id="featured-h">Featured[\\s\\S]*href="/p/${slug}"`));
    const listing = await env().get(`/p/${slug}`);
    assert.match(listing.body, /class="card trophy-cabinet cabinet-gold"/);
    assert.match(listing.body, /Proud of our launch/);
    assert.match(listing.body, /title="Paid placement">Featured/);
  });

  test('the orders admin is for administrators only; a price saved there applies to new quotes', async () => {
    const b = await browserOf(env(), buyer.email);
    assert.equal((await b.get('/admin/orders')).statusCode, 403);
    const adminEmail = `admin-${env().kind}-${Date.now()}@example.com`;
    await admin(env(), ['create-user', '--email', adminEmail, '--password', TEST_PASSWORD, '--admin']);
    const a = await browserOf(env(), adminEmail);
    assert.equal((await a.get('/admin/orders')).statusCode, 200);
    const saved = await a.submit('/admin/orders', '/admin/orders/price', { product: 'featured', cents: '12900' });
    assert.equal(saved.statusCode, 200);
    assert.match(saved.body, /featured now costs \$129 for new quotes/);
    const bad = await a.submit('/admin/orders', '/admin/orders/price', { product: 'featured', cents: '-5' });
    assert.equal(bad.statusCode, 400);
    const products = (await env().json('/api/v1/products')).body;
    assert.equal(products.items.find((p: { code: string }) => p.code === 'featured').price_cents, 12900);
    await admin(env(), ['set-price', '--product', 'featured', '--cents', '9900']);
  });
});
