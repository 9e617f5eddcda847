import { test, before, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { describeEachDatabase, FIXED_NOW, type TestEnv } from '../../support/app.js';
import { createUser } from '../../support/credentials.js';
import { ownedListing } from '../../support/orders.js';
import { createCheckout } from '../../../src/domain/orders/checkout.js';
import { cancelOrder, declineTestPayment } from '../../../src/domain/orders/cancel-order.js';
import { markOrderPaid, payWithTestProvider, setBilling, startPayment } from '../../../src/domain/orders/payment.js';
import { findOrder, type OrderRow } from '../../../src/domain/orders/order-repository.js';
import { paidWeekLoads } from '../../../src/domain/orders/paid-weeks.js';
import { AppError } from '../../../src/errors/app-error.js';

// FIXED_NOW is Wednesday 2026-11-18: weeks on sale start Monday 2026-11-23.
const WEEK = '2026-11-30';
const REASON = 'Cancelled by the buyer; its weeks were released.';
const BILLING = { name: 'Ada Buyer', address: '1 Main St', country: 'US', vat_number: null };

/** Asserts that `run` is refused with a 409 whose detail matches `detail`. */
async function refused(run: () => Promise<unknown>, detail: RegExp) {
  await assert.rejects(run, (err: unknown) => {
    assert.ok(err instanceof AppError, String(err));
    assert.equal(err.status, 409);
    assert.match(err.message, detail);
    return true;
  });
}

describeEachDatabase('cancelling an order', (env) => {
  let userId: number;
  let email: string;
  let seq = 0;
  before(async () => {
    email = await createUser(env(), 'canceller');
    [{ id: userId }] = await env().ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [email]);
  });
  beforeEach(() => {
    env().clock.now = new Date(FIXED_NOW);
  });

  async function pendingOrder(e: TestEnv, week?: string): Promise<OrderRow> {
    const listing = await ownedListing(e, email, `cancel-${++seq}-${e.kind}`);
    const made = await createCheckout(e.ctx, userId, { items: [{ product: 'launch', listing_id: listing, week }] });
    return (await findOrder(e.ctx.db, e.ctx.site.id, made.number))!;
  }
  const reread = async (o: OrderRow) => (await findOrder(env().ctx.db, env().ctx.site.id, o.number))!;
  const placesTaken = async (week: string) =>
    (await paidWeekLoads(env().ctx.db, env().ctx.site.id, [week], env().ctx.now())).get(week) ?? 0;

  test('a pending order is cancelled with its reason and time, and its launch week is released', async () => {
    const order = await pendingOrder(env(), WEEK);
    assert.equal(await placesTaken(WEEK), 1);
    await cancelOrder(env().ctx, order, REASON);
    const after = await reread(order);
    assert.equal(after.status, 'cancelled');
    assert.equal(after.status_reason, REASON);
    assert.equal(Date.parse(after.cancelled_at!), FIXED_NOW.getTime());
    assert.equal(await placesTaken(WEEK), 0);
  });

  test('a paid order is refused with a 409 saying only pending orders can be cancelled', async () => {
    const order = await pendingOrder(env());
    await env().ctx.db.transaction((tx) => markOrderPaid(env().ctx, tx, order.id, 'test'));
    await refused(
      () => cancelOrder(env().ctx, order, REASON),
      new RegExp(`^Order ${order.number} is paid; only pending orders can be cancelled\\.$`),
    );
    assert.equal((await reread(order)).status, 'paid');
  });

  test('an order already cancelled is refused with a 409', async () => {
    const order = await pendingOrder(env());
    await cancelOrder(env().ctx, order, REASON);
    await refused(() => cancelOrder(env().ctx, order, REASON), /is cancelled; only pending orders can be cancelled/);
  });

  test('a pending order past its expiry is refused as expired, even before the sweep marks it', async () => {
    const order = await pendingOrder(env());
    env().clock.now = new Date(Date.parse(order.expires_at!) + 1000);
    await refused(() => cancelOrder(env().ctx, order, REASON), /is expired; only pending orders can be cancelled/);
    assert.equal((await reread(order)).status, 'pending');
  });

  test('a cancelled order can no longer be paid, nor a payment started for it', async () => {
    const order = await pendingOrder(env());
    await setBilling(env().ctx, order, BILLING);
    await cancelOrder(env().ctx, order, REASON);
    const cancelled = await reread(order);
    await refused(() => payWithTestProvider(env().ctx, cancelled), /is cancelled and cannot be paid/);
    await refused(() => startPayment(env().ctx, cancelled, email), /is cancelled and cannot be paid/);
    assert.equal((await reread(order)).status, 'cancelled');
  });

  test('paying with an order read before it was cancelled is refused: the state is checked again', async () => {
    const order = await pendingOrder(env());
    await setBilling(env().ctx, order, BILLING);
    const readBefore = await reread(order);
    await cancelOrder(env().ctx, order, REASON);
    await refused(() => payWithTestProvider(env().ctx, readBefore), /is cancelled and cannot be paid/);
    await refused(() => startPayment(env().ctx, readBefore, email), /is cancelled and cannot be paid/);
    const after = await reread(order);
    assert.equal(after.status, 'cancelled');
    assert.equal(after.paid_at, null);
  });

  test('declining the test payment cancels the order with its own reason', async () => {
    const order = await pendingOrder(env());
    await declineTestPayment(env().ctx, order);
    const after = await reread(order);
    assert.equal(after.status, 'cancelled');
    assert.match(after.status_reason!, /test payment was declined/);
  });
});
