import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import {
  Body,
  DateString,
  DateTime,
  Nullable,
  PaginationQuery,
  Params,
  Query,
  Paginated,
  rowId,
} from '../schemas/common.js';
import { pageBounds, pageOf } from '../pagination.js';
import { priceOrder } from '../../domain/orders/quote.js';
import { createCheckout, listMyOrders, orderForUser } from '../../domain/orders/checkout.js';
import { cancelOrder } from '../../domain/orders/cancel-order.js';
import { listProducts } from '../../domain/orders/products-view.js';

const OrderItem = Type.Object(
  {
    product: Type.String({ minLength: 1, maxLength: 60, description: 'Product code from list_products' }),
    listing_id: Type.Optional(rowId('One of your listings; required by products with needs_listing')),
    week: Type.Optional(
      Type.String({
        maxLength: 10,
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description:
          "A Monday (YYYY-MM-DD) of list_products' weeks: required where week_required, else omitted means live at once",
      }),
    ),
    amount_cents: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 100000000,
        description: "billboard_min only: USD cents, at least list_products' billboard_min_cents",
      }),
    ),
    categories: Type.Optional(
      Type.Array(Type.String({ maxLength: 220 }), {
        maxItems: 10,
        description: 'extra_categories only: up to 3 extra category slugs',
      }),
    ),
    options: Type.Optional(
      Type.Object(
        {},
        {
          additionalProperties: true,
          maxProperties: 20,
          description: "Valid against the product's options schema (list_products)",
        },
      ),
    ),
  },
  { additionalProperties: false },
);

/** The body of quote_order and create_checkout; only what billing_country does differs between them. */
const orderBody = (billingCountry: string) =>
  Body({
    items: Type.Array(OrderItem, {
      minItems: 1,
      maxItems: 20,
      description: 'What to buy, one entry per product; list_products says what each takes',
    }),
    billing_country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: billingCountry })),
    vat_number: Type.Optional(
      Type.String({
        maxLength: 32,
        description:
          "An EU business's VAT number (alone, its prefix sets billing_country); valid may mean reverse charge",
      }),
    ),
  });

const money = (description: string) => Type.Integer({ description });
const LineFields = {
  product: Type.String(),
  name: Type.String(),
  listing_id: Nullable(Type.Integer()),
  listing_name: Nullable(Type.String()),
  week: Nullable(DateString),
  categories: Type.Array(Type.String()),
  options: Nullable(Type.Object({}, { additionalProperties: true })),
  amount_cents: Nullable(Type.Integer()),
  quantity: Type.Integer({ description: 'Categories for extra_categories, else 1' }),
  unit_price_cents: money('Price of one, excluding VAT, as it was when the order was built'),
  net_cents: money('unit_price_cents × quantity'),
  vat_rate_bp: Type.Integer({ description: 'VAT rate in basis points (1900 = 19 %)' }),
  vat_rate: Type.String({ description: 'e.g. "19 %"' }),
  vat_cents: money('VAT of this line, rounded half up'),
  total_cents: money('net_cents + vat_cents'),
};
const QuoteLine = Type.Object({
  ...LineFields,
  includes: Type.Array(Type.String(), { description: 'Bundles: the products it contains' }),
});
const Fulfilment = {
  fulfilled: Type.Boolean(),
  fulfilled_at: Nullable(DateTime),
  fulfilment: Nullable(Type.String({ description: 'What fulfilment did, in plain words' })),
};
const OrderLine = Type.Object({
  ...LineFields,
  ...Fulfilment,
  parts: Type.Array(Type.Object({ product: Type.String(), name: Type.String(), ...Fulfilment }), {
    description: 'Bundles: each part and its fulfilment',
  }),
});
const Vat = Type.Object({
  kind: Type.String({ description: 'eu_consumer, reverse_charge, domestic_business, outside_eu or unknown_country' }),
  rate_bp: Type.Integer(),
  rate: Type.String(),
  country: Nullable(Type.String()),
  vat_number: Nullable(Type.String()),
  explanation: Type.String(),
  legal_mention: Nullable(Type.String()),
});
const Totals = {
  currency: Type.String({ description: 'USD' }),
  subtotal_cents: money('Sum of net_cents'),
  vat_cents: money("Sum of the lines' VAT"),
  total_cents: money('subtotal_cents + vat_cents'),
  reverse_charge: Type.Boolean(),
  vat: Vat,
};
/** An order's number as a path parameter. */
const OrderNumber = Params({
  number: Type.String({
    minLength: 1,
    maxLength: 32,
    description: 'e.g. LD-2026-000042, from create_checkout or list_my_orders',
  }),
});

const OrderSchema = Type.Object({
  number: Type.String({ description: 'e.g. LD-2026-000042' }),
  status: Type.String({ description: 'pending → paid → fulfilled; pending → expired or cancelled; paid → refunded' }),
  status_reason: Nullable(Type.String()),
  lines: Type.Array(OrderLine),
  ...Totals,
  billing: Nullable(
    Type.Object({
      name: Type.String(),
      address: Type.String(),
      country: Nullable(Type.String()),
      vat_number: Nullable(Type.String()),
    }),
  ),
  payment_provider: Type.String(),
  checkout_url: Nullable(
    Type.String({ description: 'While pending: the page where the person reviews, enters billing details and pays' }),
  ),
  page_url: Type.String(),
  invoice_number: Nullable(Type.String()),
  invoice_url: Nullable(Type.String()),
  created_at: DateTime,
  expires_at: Nullable(DateTime),
  paid_at: Nullable(DateTime),
  fulfilled_at: Nullable(DateTime),
  cancelled_at: Nullable(DateTime),
  refunded_at: Nullable(DateTime),
});

const ProductEntry = Type.Object({
  code: Type.String(),
  name: Type.String(),
  description: Type.String({ description: 'What the buyer gets' }),
  price_cents: Type.Integer({ description: 'USD cents, excluding VAT' }),
  price_per: Type.String({
    description: 'item, category (extra_categories) or minimum (billboard_min: amount_cents, at least this)',
  }),
  needs_listing: Type.Boolean(),
  takes: Type.Array(Type.String(), {
    description: 'Item properties it takes besides listing_id: week, categories, amount_cents, options',
  }),
  week_required: Type.Boolean(),
  options: Nullable(
    Type.Object({}, { additionalProperties: true, description: 'JSON Schema of the options it takes' }),
  ),
  includes: Type.Array(Type.Object({ code: Type.String(), name: Type.String() }), {
    description: 'Bundles: what it contains',
  }),
  min_amount_cents: Nullable(Type.Integer()),
});

export const quoteOrderOperation = defineOperation({
  operationId: 'quote_order',
  method: 'POST',
  readOnly: true,
  path: '/orders/quote',
  tag: 'Orders',
  title: 'Price an order',
  summary:
    'Prices and checks items as create_checkout would, with a VAT preview; nothing is saved or charged. Each problem is a 400 naming items[i].field.',
  scope: 'orders:write',
  body: orderBody('ISO 3166-1 alpha-2 code, for the VAT preview (none without it or vat_number)'),
  response: Type.Object({ lines: Type.Array(QuoteLine), ...Totals, warnings: Type.Array(Type.String()) }),
  handler: async (input, ctx) => (await priceOrder(ctx, ctx.db, ctx.principal!.userId, input)).quote,
});

export const createCheckoutOperation = defineOperation({
  operationId: 'create_checkout',
  method: 'POST',
  path: '/orders/checkout',
  tag: 'Orders',
  title: 'Create a checkout',
  summary:
    'Builds a pending order, holding its launch weeks until it expires, and returns checkout_url, where the person gives billing details and pays (the API never takes card details).',
  scope: 'orders:write',
  status: 201,
  idempotent: true,
  body: orderBody(
    "ISO 3166-1 alpha-2 code, which sets the order's VAT; the buyer may change or give it on the checkout page",
  ),
  response: OrderSchema,
  handler: async (input, ctx) => createCheckout(ctx, ctx.principal!.userId, input),
});

export const listMyOrdersOperation = defineOperation({
  operationId: 'list_my_orders',
  method: 'GET',
  path: '/orders',
  tag: 'Orders',
  title: 'My orders',
  summary: 'Your orders, newest first.',
  scope: 'account:read',
  paginated: true,
  query: Query({ ...PaginationQuery }),
  response: Paginated(OrderSchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listMyOrders(ctx, ctx.principal!.userId, perPage, offset);
    return pageOf(r.items, r.total, input);
  },
});

export const getOrderOperation = defineOperation({
  operationId: 'get_order',
  method: 'GET',
  path: '/orders/{number}',
  tag: 'Orders',
  title: 'Get an order',
  summary: 'Status, totals with VAT, lines and what fulfilment did for each.',
  scope: 'account:read',
  notFound: true,
  params: OrderNumber,
  response: OrderSchema,
  handler: async ({ number }, ctx) => (await orderForUser(ctx, ctx.principal!.userId, number)).view,
});

export const cancelOrderOperation = defineOperation({
  operationId: 'cancel_order',
  method: 'POST',
  path: '/orders/{number}/cancel',
  tag: 'Orders',
  title: 'Cancel an order',
  summary:
    "Cancels your pending order for good (e.g. a duplicate you will not pay): it can no longer be paid and its launch weeks are freed at once. 409 when not pending (the site team refunds paid ones); 403 for another account's.",
  scope: 'orders:write',
  idempotent: true,
  destructive: true,
  // Closes the order's payment page at the payment provider (Stripe), when one was opened.
  openWorld: true,
  notFound: true,
  params: OrderNumber,
  response: OrderSchema,
  handler: async ({ number }, ctx) => {
    const { order } = await orderForUser(ctx, ctx.principal!.userId, number);
    await cancelOrder(ctx, order, 'Cancelled by the buyer; its weeks were released.');
    return (await orderForUser(ctx, ctx.principal!.userId, number)).view;
  },
});

export const listProductsOperation = defineOperation({
  operationId: 'list_products',
  method: 'GET',
  path: '/products',
  tag: 'Orders',
  title: 'Products and prices',
  summary:
    'What is on sale: prices (USD cents, excl. VAT), what each item takes, weeks with paid places left, the billboard minimum.',
  scope: null,
  response: Type.Object({
    items: Type.Array(ProductEntry),
    weeks: Type.Array(Type.Object({ week: DateString, available: Type.Boolean(), places_left: Type.Integer() })),
    billboard_min_cents: Nullable(Type.Integer()),
    currency: Type.String(),
    vat_note: Type.String(),
    seller_country: Nullable(Type.String()),
    payment: Type.Object({ provider: Type.String(), test_mode: Type.Boolean() }),
  }),
  handler: async (_input, ctx) => listProducts(ctx),
});

export const orderOperations = [
  quoteOrderOperation,
  createCheckoutOperation,
  listMyOrdersOperation,
  getOrderOperation,
  cancelOrderOperation,
  listProductsOperation,
];
