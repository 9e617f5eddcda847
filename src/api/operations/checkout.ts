import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Params } from '../schemas/common.js';
import { orderForUser } from '../../domain/orders/checkout.js';
import { setBilling } from '../../domain/orders/payment.js';

/**
 * The checkout page's steps: the person who pays does them on the site (the API ends at
 * checkout_url and never sees billing or payment details), so these are site-only operations.
 */
export const setOrderBillingOperation = defineOperation({
  operationId: 'set_order_billing',
  surfaces: ['site'],
  method: 'POST',
  path: '/checkout/{number}/billing',
  tag: 'Orders',
  title: 'Give billing details',
  summary:
    "The buyer's billing details on the checkout page; VAT is computed again from the country and VAT number before paying.",
  scope: 'orders:write',
  notFound: true,
  params: Params({ number: Type.String({ pattern: '^[A-Za-z0-9-]{1,32}$' }) }),
  body: Type.Object(
    {
      name: Type.String({ minLength: 1, maxLength: 200, description: 'Full name or company name' }),
      address: Type.String({ minLength: 1, maxLength: 500 }),
      country: Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 code' }),
      vat_number: Type.Optional(Type.String({ maxLength: 32 })),
    },
    { additionalProperties: false },
  ),
  response: Type.Object({ number: Type.String() }),
  handler: async ({ number, name, address, country, vat_number }, ctx) => {
    const { order } = await orderForUser(ctx, ctx.principal!.userId, number);
    await setBilling(ctx, order, { name, address, country: country.toUpperCase(), vat_number: vat_number || null });
    return { number };
  },
});

export const checkoutOperations = [setOrderBillingOperation];
