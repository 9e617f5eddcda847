import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase } from '../support/app.js';
import { founder } from '../support/draft-client.js';
import { ownedListing, payOnCheckoutPage } from '../support/orders.js';
import { FormClient } from '../support/form-client.js';
import { TEST_PASSWORD } from '../support/credentials.js';
import { callTool, legacyCall } from '../support/mcp-rpc.js';

describeEachDatabase('cancel_order: a buyer cancels a pending order', (env) => {
  let buyer: Awaited<ReturnType<typeof founder>>;
  let other: Awaited<ReturnType<typeof founder>>;
  let seq = 0;
  before(async () => {
    buyer = await founder(env(), 'cancelling-buyer');
    other = await founder(env(), 'cancelling-other');
  });

  async function pendingOrder(): Promise<string> {
    const id = await ownedListing(env(), buyer.email, `cancel-api-${++seq}`);
    const made = await buyer.call('POST', '/orders/checkout', { items: [{ product: 'featured', listing_id: id }] });
    assert.equal(made.status, 201, JSON.stringify(made.body));
    return made.body.number as string;
  }

  test('cancels a pending order and answers the order as get_order shows it, cancelled', async () => {
    const number = await pendingOrder();
    const res = await buyer.call('POST', `/orders/${number}/cancel`);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.number, number);
    assert.equal(res.body.status, 'cancelled');
    assert.equal(res.body.checkout_url, null);
    assert.ok(res.body.cancelled_at);
    assert.deepEqual((await buyer.call('GET', `/orders/${number}`)).body, res.body);
  });

  test('a paid order is refused with a 409 problem saying only pending orders can be cancelled', async () => {
    const number = await pendingOrder();
    await payOnCheckoutPage(env(), buyer.email, number);
    const res = await buyer.call('POST', `/orders/${number}/cancel`);
    assert.equal(res.status, 409);
    assert.match(String(res.headers['content-type']), /^application\/problem\+json/);
    assert.equal(res.body.detail, `Order ${number} is paid; only pending orders can be cancelled.`);
    assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'paid');
  });

  test("another account's order is refused and stays pending; an unknown number is a 404", async () => {
    const number = await pendingOrder();
    assert.equal((await other.call('POST', `/orders/${number}/cancel`)).status, 403);
    assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'pending');
    assert.equal((await buyer.call('POST', '/orders/LD-2026-999999/cancel')).status, 404);
  });

  test('a retry with the same Idempotency-Key gets the first answer back instead of a 409', async () => {
    const number = await pendingOrder();
    const key = { 'idempotency-key': `cancel-${number}` };
    const first = await buyer.call('POST', `/orders/${number}/cancel`, undefined, key);
    const retry = await buyer.call('POST', `/orders/${number}/cancel`, undefined, key);
    assert.equal(first.status, 200);
    assert.equal(retry.status, 200);
    assert.deepEqual(retry.body, first.body);
    assert.equal((await buyer.call('POST', `/orders/${number}/cancel`)).status, 409, 'without the key');
  });

  test('a cancelled order cannot be paid afterwards on its checkout page', async () => {
    const number = await pendingOrder();
    assert.equal((await buyer.call('POST', `/orders/${number}/cancel`)).status, 200);
    const b = new FormClient(env().app);
    await b.submit('/signin', '/signin', { email: buyer.email, password: TEST_PASSWORD });
    const page = await b.get(`/checkout/${number}`);
    assert.equal(page.statusCode, 303, 'the checkout page sends the buyer to the order');
    // The forms are posted as from a checkout page still open in another tab (another order's: its CSRF token is as good).
    const openTab = `/checkout/${await pendingOrder()}`;
    const billing = await b.submit(openTab, `/checkout/${number}/billing`, {
      name: 'Ada',
      address: '1 Main St',
      country: 'US',
    });
    assert.equal(billing.statusCode, 409);
    const pay = await b.submit(openTab, `/checkout/${number}/pay`, {});
    assert.equal(pay.statusCode, 409);
    assert.match(pay.body, /is cancelled and cannot be paid/);
    assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'cancelled');
  });

  test('is an MCP tool marked destructive, which cancels the order; a second call is an error result', async () => {
    const list = await legacyCall(env(), 'tools/list');
    const tool = list.body.result.tools.find((t: { name: string }) => t.name === 'cancel_order');
    assert.ok(tool, 'cancel_order is listed');
    assert.deepEqual(tool.inputSchema.required, ['number']);
    // Left out, the hint has its default: destructive.
    assert.notEqual(tool.annotations.destructiveHint, false);
    assert.equal(tool.annotations.readOnlyHint ?? false, false);

    const number = await pendingOrder();
    const auth = { authorization: `Bearer ${buyer.key}` };
    const res = await callTool(env(), 'cancel_order', { number }, auth);
    assert.equal(res.status, 200);
    assert.notEqual(res.body.result.isError, true, JSON.stringify(res.body));
    assert.equal(res.body.result.structuredContent.status, 'cancelled');
    assert.equal((await buyer.call('GET', `/orders/${number}`)).body.status, 'cancelled');

    const again = await callTool(env(), 'cancel_order', { number }, auth);
    assert.equal(again.body.result.isError, true);
    assert.match(JSON.stringify(again.body.result.content), /is cancelled; only pending orders can be cancelled/);
  });
});
