import type { AppContext } from '../../app-context.js';
import { forbidden, notFound } from '../../errors/app-error.js';
import { findOrder, insertOrder, linesOf, listOrders, type OrderRow } from './order-repository.js';
import { orderView, type OrderView } from './order-view.js';
import { lockPaidWeeks } from './paid-weeks.js';
import { priceOrder, type OrderRequest } from './quote.js';
import { salesCatalog } from './sales-catalog.js';

export const ORDER_PREFIX = 'LD';

/**
 * create_checkout: prices the order like quote_order — under the site's paid-weeks lock, so the
 * weeks it takes are re-checked and reserved atomically — and saves it as pending with its prices
 * and VAT. Its launch weeks stay reserved until it is paid, or released when it expires
 * (order_expiry_hours, default 24) or is cancelled. Payment happens on checkout_url.
 */
export async function createCheckout(ctx: AppContext, userId: number, req: OrderRequest): Promise<OrderView> {
  const catalog = await salesCatalog(ctx);
  const number = await ctx.db.transaction(async (tx) => {
    await lockPaidWeeks(tx, ctx.site.id);
    const priced = await priceOrder(ctx, tx, userId, req, catalog);
    const now = ctx.now();
    const { number } = await insertOrder(tx, {
      userId,
      siteId: ctx.site.id,
      prefix: ORDER_PREFIX,
      now,
      expiresAt: new Date(now.getTime() + priced.settings.expiryHours * 3_600_000),
      provider: ctx.config.paymentProvider,
      billingCountry: priced.vat.country,
      vatNumber: priced.vat.vat_number,
      vat: priced.quote.vat,
      totals: priced.quote,
      items: priced.items.map((item, i) => ({ item, line: priced.quote.lines[i] })),
    });
    return number;
  });
  return (await orderForUser(ctx, userId, number)).view;
}

/** An order of the caller: 404 when there is none by that number here, 403 when it is another account's. */
export async function orderForUser(
  ctx: AppContext,
  userId: number,
  number: string,
): Promise<{ order: OrderRow; view: OrderView }> {
  const order = await findOrder(ctx.db, ctx.site.id, number);
  if (!order) throw notFound(`No order ${number}.`);
  if (order.user_id !== userId) throw forbidden('This order belongs to another account.');
  return { order, view: orderView(order, await linesOf(ctx.db, [order.id]), ctx.config.publicUrl) };
}

export async function listMyOrders(
  ctx: AppContext,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ items: OrderView[]; total: number }> {
  const { items, total } = await listOrders(ctx.db, ctx.site.id, userId, limit, offset);
  const lines = await linesOf(
    ctx.db,
    items.map((o) => o.id),
  );
  return { items: items.map((o) => orderView(o, lines, ctx.config.publicUrl)), total };
}
