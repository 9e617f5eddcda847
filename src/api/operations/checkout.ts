import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext } from '../registry.js';
import { Nullable, Params, StringEnum, rowId } from '../schemas/common.js';
import { orderForUser } from '../../domain/orders/checkout.js';
import { payWithTestProvider, setBilling, startPayment } from '../../domain/orders/payment.js';
import { declineTestPayment } from '../../domain/orders/cancel-order.js';
import { ownedListing } from '../../domain/listings/listing-ownership.js';
import { checkBadgeNow } from '../../domain/free-queue/check-badge-now.js';

/**
 * The checkout page's steps: the person who pays does them on the site (the API ends at
 * checkout_url and never sees billing or payment details), so these are site-only operations.
 */
const OrderNumber = Params({ number: Type.String({ pattern: '^[A-Za-z0-9-]{1,32}$' }) });
const buyersOrder = async (ctx: OperationContext, number: string) =>
  (await orderForUser(ctx, ctx.principal!.userId, number)).order;

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
  params: OrderNumber,
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
    const order = await buyersOrder(ctx, number);
    await setBilling(ctx, order, { name, address, country: country.toUpperCase(), vat_number: vat_number || null });
    return { number };
  },
});

export const payOrderWithTestProviderOperation = defineOperation({
  operationId: 'pay_order_with_test_provider',
  surfaces: ['site'],
  method: 'POST',
  path: '/checkout/{number}/test-payment',
  tag: 'Orders',
  title: 'Pay with the test provider',
  summary:
    'Marks a pending order with billing details paid, no money moved; refused unless the site takes test payments.',
  scope: 'orders:write',
  notFound: true,
  params: OrderNumber,
  response: Type.Object({ number: Type.String() }),
  handler: async ({ number }, ctx) => {
    await payWithTestProvider(ctx, await buyersOrder(ctx, number));
    return { number };
  },
});

export const startOrderPaymentOperation = defineOperation({
  operationId: 'start_order_payment',
  surfaces: ['site'],
  method: 'POST',
  path: '/checkout/{number}/pay',
  tag: 'Orders',
  title: 'Start paying',
  summary: "Opens a payment with the site's provider for the buyer to complete on the provider's page.",
  scope: 'orders:write',
  notFound: true,
  openWorld: true,
  params: OrderNumber,
  response: Type.Object({
    number: Type.String(),
    payment_url: Nullable(Type.String({ description: "The provider's page, when it has one" })),
  }),
  handler: async ({ number }, ctx) => ({
    number,
    payment_url: await startPayment(ctx, await buyersOrder(ctx, number), ctx.principal!.email),
  }),
});

/** The checkout page's Cancel button runs cancel_order (operations/orders.ts), as the API does. */
export const declineTestPaymentOperation = defineOperation({
  operationId: 'decline_test_payment',
  surfaces: ['site'],
  method: 'POST',
  path: '/checkout/{number}/decline',
  tag: 'Orders',
  title: 'Decline the test payment',
  summary:
    "The test provider's Decline button: the order is cancelled as a failed payment would leave it, and its weeks released; refused unless the site takes test payments.",
  scope: 'orders:write',
  notFound: true,
  params: OrderNumber,
  response: Type.Object({ number: Type.String() }),
  handler: async ({ number }, ctx) => {
    await declineTestPayment(ctx, await buyersOrder(ctx, number));
    return { number };
  },
});

/** The launch page's "Check my homepage now": done on the site, where the founder waits for the answer. */
export const checkFreeLaunchBadgeOperation = defineOperation({
  operationId: 'check_free_launch_badge',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/listings/{listing_id}/badge-check',
  tag: 'My listings',
  title: 'Check my homepage for the badge now',
  summary:
    'Checks the homepage of a listing awaiting its badge at once (at most once a minute); a found badge schedules its launch.',
  scope: 'listings:write',
  notFound: true,
  openWorld: true,
  params: Params({ listing_id: rowId('Your listing id') }),
  response: Type.Object({
    listing_id: Type.Integer(),
    result: StringEnum(['checked', 'recent', 'not_awaiting_badge'] as const),
  }),
  handler: async ({ listing_id }, ctx) => {
    await ownedListing(ctx.db, ctx.site.id, listing_id, ctx.principal!.userId);
    return { listing_id, result: await checkBadgeNow(ctx, listing_id) };
  },
});

export const checkoutOperations = [
  setOrderBillingOperation,
  payOrderWithTestProviderOperation,
  startOrderPaymentOperation,
  declineTestPaymentOperation,
  checkFreeLaunchBadgeOperation,
];
