import { Type } from '@sinclair/typebox';
import { defineOperation } from '../../registry.js';
import { Params } from '../../schemas/common.js';
import { AppError } from '../../../errors/app-error.js';
import { setSetting } from '../../../domain/site/site-repository.js';
import { bundleProblem, setBundleContents, setPrice } from '../../../domain/orders/catalog.js';
import { ORDER_SETTING_KEYS } from '../../../domain/orders/order-settings.js';
import { isIsoCountryCode } from '../../../domain/orders/vat.js';
import { completeAdminTask } from '../../../domain/orders/fulfil-order.js';
import { refundOrder } from '../../../domain/orders/payment.js';

import { Done, idParams } from './shared.js';

/** Prices, bundles, the sales settings, the order tasks and refunds. */

export const PRICE_MAX_CENTS = 100_000_000;

export const setProductPriceOperation = defineOperation({
  operationId: 'set_product_price',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/products/{product}/price',
  tag: 'Admin',
  title: 'Set a price',
  summary: 'USD cents excluding VAT, for new quotes only; orders keep the price they were built with.',
  scope: 'orders:write',
  body: Type.Object({ product: Type.String(), cents: Type.Integer({ minimum: 0, maximum: PRICE_MAX_CENTS }) }),
  response: Type.Object({ product: Type.String(), cents: Type.Integer() }),
  handler: async ({ product, cents }, ctx) => {
    if (!(await setPrice(ctx.db, ctx.site.id, product, cents, ctx.now()))) throw new AppError(400, 'No such product.');
    return { product, cents };
  },
});

export const setBundleContentsOperation = defineOperation({
  operationId: 'set_bundle_contents',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/products/launch_bundle/includes',
  tag: 'Admin',
  title: 'Choose what the launch bundle includes',
  summary: 'The products the launch bundle is made of.',
  scope: 'orders:write',
  // Which products may be bundled is the domain's check (bundleProblem), in its words.
  body: Type.Object({ includes: Type.Array(Type.String(), { maxItems: 20 }) }),
  response: Type.Object({ includes: Type.Array(Type.String()) }),
  handler: async ({ includes }, ctx) => {
    const problem = bundleProblem('launch_bundle', includes);
    if (problem) throw new AppError(400, `Bundle not saved: ${problem}.`);
    await setBundleContents(ctx.db, ctx.site.id, 'launch_bundle', includes);
    return { includes };
  },
});

/** The whole-number sales settings: property, words and bounds. */
export const SALES_NUMBER_SETTINGS = [
  ['paidWeekCapacity', 'Paid launches per week', 0, 100_000],
  ['weeksAhead', 'Launch weeks on sale ahead', 1, 104],
  ['featuredDays', 'Featured placement (days)', 1, 365],
  ['expiryHours', 'Hours a pending order holds its weeks', 1, 720],
] as const;

const salesNumber = (key: (typeof SALES_NUMBER_SETTINGS)[number][0]) => {
  const [, , minimum, maximum] = SALES_NUMBER_SETTINGS.find(([k]) => k === key)!;
  return Type.Integer({ minimum, maximum });
};

const SELLER_LIMITS = { sellerName: 200, sellerAddress: 500, sellerVatNumber: 32 } as const;

export const updateSalesSettingsOperation = defineOperation({
  operationId: 'update_sales_settings',
  surfaces: ['site'],
  adminOnly: true,
  method: 'PUT',
  path: '/admin/sales-settings',
  tag: 'Admin',
  title: 'Change the sales settings and seller',
  summary: 'Weekly paid capacity, weeks on sale, featured days, order expiry, and the seller on invoices.',
  scope: 'orders:write',
  body: Type.Object({
    paidWeekCapacity: salesNumber('paidWeekCapacity'),
    weeksAhead: salesNumber('weeksAhead'),
    featuredDays: salesNumber('featuredDays'),
    expiryHours: salesNumber('expiryHours'),
    sellerName: Type.Optional(Type.String({ maxLength: SELLER_LIMITS.sellerName })),
    sellerAddress: Type.Optional(Type.String({ maxLength: SELLER_LIMITS.sellerAddress })),
    sellerCountry: Type.Optional(Type.String({ description: 'ISO 3166-1 alpha-2; decides same-country VAT' })),
    sellerVatNumber: Type.Optional(Type.String({ maxLength: SELLER_LIMITS.sellerVatNumber })),
  }),
  response: Done,
  handler: async (b, ctx) => {
    const country = (b.sellerCountry ?? '').toUpperCase();
    if (country && !isIsoCountryCode(country))
      throw new AppError(400, 'Seller country must be a 2-letter ISO code, e.g. DE.');
    const keys = ORDER_SETTING_KEYS;
    for (const [key] of SALES_NUMBER_SETTINGS) await setSetting(ctx.db, ctx.site.id, keys[key], b[key]);
    await setSetting(ctx.db, ctx.site.id, keys.sellerName, b.sellerName ?? '');
    await setSetting(ctx.db, ctx.site.id, keys.sellerAddress, b.sellerAddress ?? '');
    await setSetting(ctx.db, ctx.site.id, keys.sellerCountry, country);
    await setSetting(ctx.db, ctx.site.id, keys.sellerVatNumber, b.sellerVatNumber ?? '');
    return { message: 'Settings saved.' };
  },
});

export const completeAdminTaskOperation = defineOperation({
  operationId: 'complete_admin_task',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/tasks/{id}/done',
  tag: 'Admin',
  title: 'Mark a done-for-you task done',
  summary: 'Closes the task and fulfils its order line.',
  scope: 'orders:write',
  notFound: true,
  params: idParams,
  body: Type.Object({ note: Type.Optional(Type.String({ maxLength: 500 })) }),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ id, note }, ctx) => {
    if (!(await completeAdminTask(ctx, id, note ?? ''))) throw new AppError(404, 'No such open task.');
    return { id };
  },
});

export const refundOrderOperation = defineOperation({
  operationId: 'refund_order',
  surfaces: ['site'],
  adminOnly: true,
  method: 'POST',
  path: '/admin/orders/{number}/refund',
  tag: 'Admin',
  title: 'Mark an order refunded',
  summary: "A paid or fulfilled order becomes refunded; the money is returned in the payment provider's dashboard.",
  scope: 'orders:write',
  notFound: true,
  params: Params({ number: Type.String({ pattern: '^[A-Za-z0-9-]{1,32}$' }) }),
  response: Type.Object({ number: Type.String() }),
  handler: async ({ number }, ctx) => {
    if (!(await refundOrder(ctx, number, `Refunded by ${ctx.principal!.email}.`)))
      throw new AppError(404, 'No paid order by that number.');
    return { number };
  },
});
