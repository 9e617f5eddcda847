import { test, before, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW } from '../support/app.js';
import { founder, runJobs } from '../support/draft-client.js';
import { orderCategories, ownedListing, payOnCheckoutPage } from '../support/orders.js';
import { admin } from '../support/credentials.js';
import { callTool } from '../support/mcp-rpc.js';
import { expirePendingOrders } from '../../src/domain/orders/order-repository.js';

// FIXED_NOW is Wednesday 2026-11-18: weeks on sale start Monday 2026-11-23.
const NEXT_WEEK = '2026-11-23';
const LATER_WEEK = '2026-12-07';

describeEachDatabase('orders: products, quotes, checkout, payment and fulfilment', (env) => {
  let buyer: Awaited<ReturnType<typeof founder>>;
  let other: Awaited<ReturnType<typeof founder>>;
  let seq = 0;
  const slug = (s: string) => `${s}-${++seq}`;
  before(async () => {
    buyer = await founder(env(), 'buyer');
    other = await founder(env(), 'other');
    await orderCategories(env());
  });
  beforeEach(async () => {
    env().clock.now = new Date(FIXED_NOW);
    await env().ctx.db.query(`DELETE FROM site_settings WHERE key IN ('paid_week_capacity', 'seller_country')`);
    env().ctx.db.changed({ kind: 'site_settings', siteId: env().ctx.site.id });
  });
  const quote = (body: unknown) => buyer.call('POST', '/orders/quote', body);
  const checkout = (body: unknown, key?: string) =>
    buyer.call('POST', '/orders/checkout', body, key ? { 'idempotency-key': key } : {});

  test('list_products is public and lists every product of the spec with prices, what each takes and the weeks on sale', async () => {
    const { status, body } = await env().json('/api/v1/products');
    assert.equal(status, 200);
    const codes = body.items.map((p: { code: string }) => p.code);
    for (const code of [
      'launch',
      'skip_queue',
      'featured',
      'done_for_you',
      'launch_bundle',
      'extra_categories',
      'relaunch',
      'ai_review',
      'billboard_min',
      'trophy_cabinet',
    ])
      assert.ok(codes.includes(code), code);
    const launch = body.items.find((p: { code: string }) => p.code === 'launch');
    assert.equal(launch.price_cents, 4900);
    assert.equal(launch.needs_listing, true);
    assert.deepEqual(launch.takes, ['week']);
    const cabinet = body.items.find((p: { code: string }) => p.code === 'trophy_cabinet');
    assert.equal(cabinet.options.type, 'object');
    assert.deepEqual(
      body.items
        .find((p: { code: string }) => p.code === 'launch_bundle')
        .includes.map((i: { code: string }) => i.code),
      ['launch', 'featured', 'ai_review'],
    );
    assert.equal(body.weeks[0].week, NEXT_WEEK);
    assert.equal(body.weeks[0].available, true);
    assert.equal(body.billboard_min_cents, 1000);
    assert.deepEqual(body.payment, { provider: 'test', test_mode: true });
  });

  test('a quote prices the items at current prices with VAT for the billing country, and saves nothing', async () => {
    const id = await ownedListing(env(), buyer.email, slug('quoted'));
    const before = await env().ctx.db.query('SELECT count(*)::int AS n FROM orders');
    const res = await quote({
      items: [
        { product: 'launch', listing_id: id, week: NEXT_WEEK },
        { product: 'extra_categories', listing_id: id, categories: ['analytics', 'design'] },
      ],
      billing_country: 'DE',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.lines[0].unit_price_cents, 4900);
    assert.equal(res.body.lines[0].vat_cents, 931);
    assert.equal(res.body.lines[1].quantity, 2);
    assert.equal(res.body.lines[1].net_cents, 3000);
    assert.equal(res.body.subtotal_cents, 7900);
    assert.equal(res.body.vat_cents, 931 + 570);
    assert.equal(res.body.total_cents, 7900 + 1501);
    assert.equal(res.body.vat.kind, 'eu_consumer');
    assert.match(res.body.vat.explanation, /19 %/);
    assert.deepEqual(await env().ctx.db.query('SELECT count(*)::int AS n FROM orders'), before);
  });

  test('an EU business from another country than the seller is reverse charged', async () => {
    await admin(env(), ['set-setting', '--key', 'seller_country', '--value', '"IE"']);
    const id = await ownedListing(env(), buyer.email, slug('reverse'));
    const res = await quote({
      items: [{ product: 'ai_review', listing_id: id }],
      billing_country: 'DE',
      vat_number: 'DE136695976',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.vat_cents, 0);
    assert.equal(res.body.reverse_charge, true);
    assert.match(res.body.vat.legal_mention, /Reverse charge/);
  });

  test('a price change applies to new quotes only: an order keeps the price it was built with', async () => {
    const id = await ownedListing(env(), buyer.email, slug('price'));
    const made = await checkout({ items: [{ product: 'ai_review', listing_id: id }] });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    await admin(env(), ['set-price', '--product', 'ai_review', '--cents', '5900']);
    env().clock.now = new Date(FIXED_NOW.getTime() + 1000);
    assert.equal(
      (await quote({ items: [{ product: 'ai_review', listing_id: id }] })).body.lines[0].unit_price_cents,
      5900,
    );
    assert.equal((await buyer.call('GET', `/orders/${made.body.number}`)).body.lines[0].unit_price_cents, 3900);
    await admin(env(), ['set-price', '--product', 'ai_review', '--cents', '3900']);
  });

  const RULES: [string, (ids: { draft: number; live: number; free: number }) => unknown, string][] = [
    ['an unknown product', ({ draft }) => ({ product: 'gold_plan', listing_id: draft }), 'items[0].product'],
    ['a product that needs a listing without one', () => ({ product: 'featured' }), 'items[0].listing_id'],
    ['a listing that does not exist', () => ({ product: 'featured', listing_id: 999999 }), 'items[0].listing_id'],
    [
      'a week that is not a Monday',
      ({ draft }) => ({ product: 'launch', listing_id: draft, week: '2026-11-25' }),
      'items[0].week',
    ],
    [
      'a week that is not a real date',
      ({ draft }) => ({ product: 'launch', listing_id: draft, week: '2026-02-30' }),
      'items[0].week',
    ],
    [
      'a week that has begun (not on sale)',
      ({ draft }) => ({ product: 'launch', listing_id: draft, week: '2026-11-16' }),
      'items[0].week',
    ],
    [
      'a week beyond those on sale',
      ({ draft }) => ({ product: 'launch', listing_id: draft, week: '2028-01-03' }),
      'items[0].week',
    ],
    [
      'a week on a product that takes none',
      ({ draft }) => ({ product: 'featured', listing_id: draft, week: NEXT_WEEK }),
      'items[0].week',
    ],
    ['skip_queue without a week', ({ free }) => ({ product: 'skip_queue', listing_id: free }), 'items[0].week'],
    [
      'skip_queue for a listing not in the free queue',
      ({ draft }) => ({ product: 'skip_queue', listing_id: draft, week: NEXT_WEEK }),
      'items[0].listing_id',
    ],
    [
      'skip_queue to a week not earlier than its queue week',
      ({ free }) => ({ product: 'skip_queue', listing_id: free, week: '2027-01-04' }),
      'items[0].week',
    ],
    ['relaunch without a week', ({ live }) => ({ product: 'relaunch', listing_id: live }), 'items[0].week'],
    [
      'relaunch of a listing that never launched',
      ({ draft }) => ({ product: 'relaunch', listing_id: draft, week: NEXT_WEEK }),
      'items[0].listing_id',
    ],
    [
      'a launch of a listing already live',
      ({ live }) => ({ product: 'launch', listing_id: live }),
      'items[0].listing_id',
    ],
    [
      'amount_cents on another product than billboard_min',
      ({ draft }) => ({ product: 'featured', listing_id: draft, amount_cents: 5000 }),
      'items[0].amount_cents',
    ],
    [
      'a billboard amount under the minimum',
      ({ live }) => ({ product: 'billboard_min', listing_id: live, amount_cents: 999 }),
      'items[0].amount_cents',
    ],
    [
      'categories on another product than extra_categories',
      ({ draft }) => ({ product: 'launch', listing_id: draft, categories: ['ai'] }),
      'items[0].categories',
    ],
    [
      'extra_categories without categories',
      ({ draft }) => ({ product: 'extra_categories', listing_id: draft }),
      'items[0].categories',
    ],
    [
      'more than 3 extra categories',
      ({ draft }) => ({
        product: 'extra_categories',
        listing_id: draft,
        categories: ['ai', 'design', 'analytics', 'marketing'],
      }),
      'items[0].categories',
    ],
    [
      'a category that does not exist',
      ({ draft }) => ({ product: 'extra_categories', listing_id: draft, categories: ['no-such-category'] }),
      'items[0].categories[0]',
    ],
    [
      "the listing's primary category as an extra one",
      ({ draft }) => ({ product: 'extra_categories', listing_id: draft, categories: ['dev-tools'] }),
      'items[0].categories[0]',
    ],
    [
      'a category the listing is already in',
      ({ live }) => ({ product: 'extra_categories', listing_id: live, categories: ['ai'] }),
      'items[0].categories[0]',
    ],
    [
      'options on a product without options',
      ({ draft }) => ({ product: 'featured', listing_id: draft, options: { style: 'gold' } }),
      'items[0].options',
    ],
    [
      "options that do not match the product's schema",
      ({ draft }) => ({ product: 'trophy_cabinet', listing_id: draft, options: { style: 'plastic' } }),
      'items[0].options.style',
    ],
    [
      'an option the schema does not know',
      ({ draft }) => ({ product: 'trophy_cabinet', listing_id: draft, options: { style: 'gold', colour: 'red' } }),
      'items[0].options.colour',
    ],
  ];
  for (const [what, item, path] of RULES) {
    test(`a quote refuses ${what} with a 400 naming ${path}`, async () => {
      const ids = {
        draft: await ownedListing(env(), buyer.email, slug('rule-draft'), { category: 'dev-tools' }),
        live: await ownedListing(env(), buyer.email, slug('rule-live'), {
          status: 'live',
          plan: 'free',
          launchWeek: '2026-11-09',
          extraCategories: ['ai'],
        }),
        free: await ownedListing(env(), buyer.email, slug('rule-free'), {
          status: 'awaiting_badge',
          plan: 'free',
          launchWeek: '2027-01-04',
        }),
      };
      const res = await quote({ items: [item(ids)] });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.ok(
        res.body.errors.some((e: { path: string }) => e.path === path),
        JSON.stringify(res.body.errors),
      );
    });
  }

  test('the same launch twice for one listing in one order is refused, naming the second item', async () => {
    const id = await ownedListing(env(), buyer.email, slug('twice'));
    const res = await quote({
      items: [
        { product: 'launch', listing_id: id },
        { product: 'launch_bundle', listing_id: id },
      ],
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'items[1].product');
  });

  test('a launch and a skip_queue for one listing cannot be in one order', async () => {
    const id = await ownedListing(env(), buyer.email, slug('mixed'), {
      status: 'awaiting_badge',
      plan: 'free',
      launchWeek: '2027-01-04',
    });
    const res = await quote({
      items: [
        { product: 'skip_queue', listing_id: id, week: NEXT_WEEK },
        { product: 'relaunch', listing_id: id, week: LATER_WEEK },
      ],
    });
    assert.equal(res.status, 400);
    assert.ok(res.body.errors.some((e: { path: string }) => e.path === 'items[1].product'));
  });

  test('bad VAT fields are refused naming the field', async () => {
    const id = await ownedListing(env(), buyer.email, slug('vat'));
    const bad = await quote({
      items: [{ product: 'featured', listing_id: id }],
      billing_country: 'DE',
      vat_number: 'DE123',
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].path, 'vat_number');
    const mismatch = await quote({
      items: [{ product: 'featured', listing_id: id }],
      billing_country: 'FR',
      vat_number: 'DE136695976',
    });
    assert.equal(mismatch.body.errors[0].path, 'vat_number');
    const country = await quote({ items: [{ product: 'featured', listing_id: id }], billing_country: 'XX' });
    assert.equal(country.body.errors[0].path, 'billing_country');
  });

  test('ordering for a listing of another account is a 403', async () => {
    const theirs = await ownedListing(env(), other.email, slug('theirs'));
    const res = await quote({ items: [{ product: 'featured', listing_id: theirs }] });
    assert.equal(res.status, 403);
    assert.match(res.body.detail, /items\[0\]\.listing_id/);
  });

  test('a listing hidden by the moderators cannot be ordered for, so no purchase brings it back', async () => {
    const id = await ownedListing(env(), buyer.email, slug('hidden'));
    await env().ctx.db.query(`UPDATE listings SET hidden_from_status = status, status = 'hidden' WHERE id = $1`, [id]);
    const res = await quote({ items: [{ product: 'launch', listing_id: id }] });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].path, 'items[0].listing_id');
    assert.match(res.body.errors[0].message, /hidden by the site's moderators/);
  });

  test('a co-owner may order for the listing', async () => {
    const id = await ownedListing(env(), other.email, slug('shared'));
    await env().ctx.db.query(
      `INSERT INTO listing_owners (listing_id, user_id, role) SELECT $1, id, 'cofounder' FROM users WHERE email = $2`,
      [id, buyer.email],
    );
    assert.equal((await quote({ items: [{ product: 'featured', listing_id: id }] })).status, 200);
  });

  test('create_checkout saves a pending order with a readable number and a checkout_url', async () => {
    const id = await ownedListing(env(), buyer.email, slug('pending'));
    const res = await checkout({
      items: [{ product: 'launch', listing_id: id, week: LATER_WEEK }],
      billing_country: 'US',
    });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.match(res.body.number, /^LD-2026-\d{6}$/);
    assert.ok(res.body.number.length <= 32);
    assert.equal(res.body.status, 'pending');
    assert.equal(res.body.checkout_url, `http://launchdeck.test/checkout/${res.body.number}`);
    assert.equal(res.body.expires_at, new Date(FIXED_NOW.getTime() + 24 * 3_600_000).toISOString());
  });

  test('20 concurrent identical checkouts with one Idempotency-Key make one order', async () => {
    const id = await ownedListing(env(), buyer.email, slug('concurrent'));
    const body = { items: [{ product: 'featured', listing_id: id }] };
    const results = await Promise.all(Array.from({ length: 20 }, () => checkout(body, `same-key-${id}`)));
    for (const r of results) assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(new Set(results.map((r) => r.body.number)).size, 1);
    const rows = await env().ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders o JOIN order_lines l ON l.order_id = o.id WHERE l.listing_id = $1',
      [id],
    );
    assert.equal(rows[0].n, 1);
  });

  test('a pending order holds its week until it expires, then the week is free again', async () => {
    await admin(env(), ['set-setting', '--key', 'paid_week_capacity', '--value', '1']);
    const week = '2027-01-11';
    const a = await ownedListing(env(), buyer.email, slug('holder'));
    const b = await ownedListing(env(), buyer.email, slug('waiter'));
    assert.equal((await checkout({ items: [{ product: 'launch', listing_id: a, week }] })).status, 201);
    const full = await quote({ items: [{ product: 'launch', listing_id: b, week }] });
    assert.equal(full.status, 400);
    assert.match(full.body.errors[0].message, /no paid launch place left/);
    assert.equal(
      (await env().json('/api/v1/products')).body.weeks.find((w: { week: string }) => w.week === week).available,
      false,
    );
    env().clock.now = new Date(FIXED_NOW.getTime() + 25 * 3_600_000);
    assert.ok((await expirePendingOrders(env().ctx.db, env().ctx.site.id, env().ctx.now())) >= 1);
    assert.equal((await quote({ items: [{ product: 'launch', listing_id: b, week }] })).status, 200);
  });

  test("list_my_orders shows only the caller's orders, newest first; another account's order is a 403 and an unknown one a 404", async () => {
    const id = await ownedListing(env(), buyer.email, slug('listed'));
    const made = await checkout({ items: [{ product: 'featured', listing_id: id }] });
    const mine = await buyer.call('GET', '/orders?per_page=100');
    assert.equal(mine.status, 200);
    assert.equal(mine.body.items[0].number, made.body.number);
    assert.equal(
      (await other.call('GET', '/orders')).body.items.some((o: { number: string }) => o.number === made.body.number),
      false,
    );
    assert.equal((await other.call('GET', `/orders/${made.body.number}`)).status, 403);
    assert.equal((await buyer.call('GET', '/orders/LD-2026-999999')).status, 404);
  });

  test('paid on the checkout page: the launch goes live, an invoice is issued and a receipt mailed', async () => {
    const id = await ownedListing(env(), buyer.email, slug('golive'));
    const made = await checkout({ items: [{ product: 'launch', listing_id: id }] });
    const { location } = await payOnCheckoutPage(env(), buyer.email, made.body.number, {
      name: 'Ada GmbH',
      address: 'Hauptstr. 1, Berlin',
      country: 'DE',
    });
    assert.equal(location, `/orders/${made.body.number}?paid=1`);
    const paid = await buyer.call('GET', `/orders/${made.body.number}`);
    assert.equal(paid.body.status, 'paid');
    assert.equal(paid.body.vat_cents, 931, 'German VAT added once the billing country was known');
    assert.match(paid.body.invoice_number, /^INV-2026-\d{5}$/);
    await runJobs(env());
    const done = await buyer.call('GET', `/orders/${made.body.number}`);
    assert.equal(done.body.status, 'fulfilled');
    assert.equal(done.body.lines[0].fulfilled, true);
    assert.match(done.body.lines[0].fulfilment, /went live on the paid plan/);
    const listing = (await buyer.call('GET', `/me/listings/${id}`)).body;
    assert.equal(listing.status, 'live');
    assert.equal(listing.plan, 'paid');
    assert.deepEqual(listing.unlocked_sections, ['story', 'milestones', 'media']);
    const mail = await env().ctx.db.query<{ subject: string }>(
      'SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [buyer.email],
    );
    assert.match(mail[0].subject, new RegExp(`Receipt for order ${made.body.number}`));
  });

  test('every product is fulfilled once paid, each line saying what was done', async () => {
    const draft = await ownedListing(env(), buyer.email, slug('all-draft'), { category: 'dev-tools' });
    const live = await ownedListing(env(), buyer.email, slug('all-live'), {
      status: 'live',
      plan: 'free',
      launchWeek: '2026-11-09',
    });
    const free = await ownedListing(env(), buyer.email, slug('all-free'), {
      status: 'awaiting_badge',
      plan: 'free',
      launchWeek: '2027-01-04',
    });
    const bundled = await ownedListing(env(), buyer.email, slug('all-bundle'));
    const made = await checkout({
      items: [
        { product: 'launch', listing_id: draft, week: LATER_WEEK },
        { product: 'extra_categories', listing_id: draft, categories: ['ai', 'design'] },
        { product: 'skip_queue', listing_id: free, week: NEXT_WEEK },
        { product: 'featured', listing_id: live },
        { product: 'relaunch', listing_id: live, week: LATER_WEEK },
        { product: 'ai_review', listing_id: live },
        { product: 'billboard_min', listing_id: live, amount_cents: 2500 },
        { product: 'trophy_cabinet', listing_id: live, options: { style: 'gold' } },
        { product: 'done_for_you', listing_id: live },
        { product: 'launch_bundle', listing_id: bundled, week: NEXT_WEEK },
      ],
    });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    await payOnCheckoutPage(env(), buyer.email, made.body.number);
    await runJobs(env());
    const order = (await buyer.call('GET', `/orders/${made.body.number}`)).body;
    assert.equal(order.status, 'paid', 'done_for_you waits for the team');
    const byProduct = Object.fromEntries(order.lines.map((l: { product: string }) => [l.product, l]));
    for (const code of [
      'launch',
      'extra_categories',
      'skip_queue',
      'featured',
      'relaunch',
      'ai_review',
      'billboard_min',
      'trophy_cabinet',
      'launch_bundle',
    ]) {
      assert.equal(byProduct[code].fulfilled, true, `${code}: ${byProduct[code].fulfilment}`);
    }
    assert.equal(byProduct.done_for_you.fulfilled, false);
    const db = env().ctx.db;
    assert.deepEqual(
      (
        await db.query(`SELECT status, plan, to_char(launch_week, 'YYYY-MM-DD') AS week FROM listings WHERE id = $1`, [
          draft,
        ])
      )[0],
      { status: 'scheduled', plan: 'paid', week: LATER_WEEK },
    );
    assert.equal(
      (
        await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listing_extra_categories WHERE listing_id = $1', [
          draft,
        ])
      )[0].n,
      2,
    );
    assert.equal(
      (
        await db.query<{ week: string }>(
          `SELECT to_char(launch_week, 'YYYY-MM-DD') AS week FROM listings WHERE id = $1`,
          [free],
        )
      )[0].week,
      NEXT_WEEK,
    );
    assert.ok(
      (
        await db.query<{ f: boolean }>('SELECT featured_until > $2 AS f FROM listings WHERE id = $1', [
          live,
          FIXED_NOW.toISOString(),
        ])
      )[0].f,
    );
    assert.equal(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM relaunches WHERE listing_id = $1', [live]))[0].n,
      1,
    );
    assert.equal(
      (
        await db.query<{ s: number }>(
          'SELECT sum(amount_cents)::int AS s FROM billboard_entries WHERE listing_id = $1',
          [live],
        )
      )[0].s,
      2500,
    );
    assert.equal(
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM trophy_cabinets WHERE listing_id = $1', [live]))[0]
        .n,
      1,
    );
    const review = await db.query<{ points: unknown }>(
      'SELECT points FROM listing_profile_reviews WHERE listing_id = $1',
      [live],
    );
    assert.equal(review.length, 1);
    assert.deepEqual((await db.query(`SELECT status, plan FROM listings WHERE id = $1`, [bundled]))[0], {
      status: 'scheduled',
      plan: 'paid',
    });
    assert.equal(byProduct.launch_bundle.parts.length, 3);
    assert.ok(byProduct.launch_bundle.parts.every((p: { fulfilled: boolean }) => p.fulfilled));
    const board = await env().json('/api/v1/leaderboards/billboard');
    assert.ok(
      board.body.items.some(
        (i: { listing: { id: number }; metric: { value: number } }) => i.listing.id === live && i.metric.value === 2500,
      ),
    );

    // The team finishes the done-for-you task: the order is fulfilled.
    const tasks = await db.query<{ id: number }>(
      `SELECT t.id FROM admin_tasks t JOIN order_lines l ON l.id = t.order_line_id JOIN orders o ON o.id = l.order_id WHERE o.number = $1`,
      [made.body.number],
    );
    await admin(env(), ['complete-task', '--id', String(tasks[0].id), '--note', 'Rewrote the description']);
    assert.equal((await buyer.call('GET', `/orders/${made.body.number}`)).body.status, 'fulfilled');
  });

  test('the agent flow over MCP: list_products, quote_order, create_checkout, get_order', async () => {
    const id = await ownedListing(env(), buyer.email, slug('mcp'));
    const products = await callTool(env(), 'list_products', {});
    assert.ok(products.body.result.structuredContent.items.length >= 9);
    const week = products.body.result.structuredContent.weeks.find((w: { available: boolean }) => w.available).week;
    const quoted = await callTool(
      env(),
      'quote_order',
      { items: [{ product: 'launch', listing_id: id, week }], billing_country: 'FR' },
      { authorization: `Bearer ${buyer.key}` },
    );
    assert.equal(quoted.body.result.structuredContent.vat.rate, '20 %', JSON.stringify(quoted.body));
    const made = await callTool(
      env(),
      'create_checkout',
      { items: [{ product: 'launch', listing_id: id, week }], billing_country: 'FR' },
      { authorization: `Bearer ${buyer.key}` },
    );
    const order = made.body.result.structuredContent;
    assert.match(order.checkout_url, /\/checkout\/LD-/);
    const got = await callTool(env(), 'get_order', { number: order.number }, { authorization: `Bearer ${buyer.key}` });
    assert.equal(got.body.result.structuredContent.status, 'pending');
    assert.equal(got.body.result.structuredContent.total_cents, 4900 + 980);
  });
});
