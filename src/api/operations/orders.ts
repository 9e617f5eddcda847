import { Type } from '@sinclair/typebox';
import { defineOperation } from '../registry.js';
import { Body, Nullable, PaginationQuery, Params, Query, Paginated, rowId } from '../schemas/common.js';

const OrderItem = Type.Object({
  product: Type.String({ minLength: 1, maxLength: 60, description: 'Product code from list_products' }),
  listing_id: Type.Optional(rowId('Required by products with needs_listing=true')),
  week: Type.Optional(Type.String({ maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A launch-week Monday from list_products' })),
  amount_cents: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000000, description: 'billboard_min only; at least the minimum' })),
  categories: Type.Optional(Type.Array(Type.String({ maxLength: 220 }), { maxItems: 10, description: 'extra_categories only: up to 3 extra category slugs' })),
  options: Type.Optional(Type.Object({}, { additionalProperties: true, maxProperties: 20, description: 'For products whose list_products entry has options' })),
}, { additionalProperties: false });

const OrderBody = Body({
  items: Type.Array(OrderItem, { minItems: 1, maxItems: 20 }),
  billing_country: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'For the VAT preview' })),
  vat_number: Type.Optional(Type.String({ maxLength: 32, description: 'EU businesses get reverse charge when valid' })),
});

const Line = Type.Object({
  product: Type.String(), listing_id: Nullable(Type.Integer()), week: Nullable(Type.String()),
  unit_price_cents: Type.Integer(), vat_rate: Type.Number(), vat_cents: Type.Integer(), total_cents: Type.Integer(),
  fulfilled: Type.Optional(Type.Boolean()),
}, { additionalProperties: true });

const Totals = { currency: Type.String(), subtotal_cents: Type.Integer(), vat_cents: Type.Integer(), total_cents: Type.Integer(), reverse_charge: Type.Boolean() };

const OrderSchema = Type.Object({
  number: Type.String(), status: Type.String({ description: 'pending, paid, …' }), created_at: Type.String(), paid_at: Nullable(Type.String()),
  lines: Type.Array(Line), checkout_url: Nullable(Type.String()), ...Totals,
});

export const orderOperations = [
  defineOperation({
    operationId: 'quote_order', method: 'POST', path: '/orders/quote', tag: 'Orders', title: 'Price an order',
    summary: 'Prices items at current prices and validates weeks, categories and the billboard minimum, with a VAT preview. Nothing is saved or charged.',
    scope: 'orders:write', body: OrderBody,
    response: Type.Object({ lines: Type.Array(Line), ...Totals, warnings: Type.Array(Type.String()) }),
  }),
  defineOperation({
    operationId: 'create_checkout', method: 'POST', path: '/orders/checkout', tag: 'Orders', title: 'Create a checkout',
    summary: 'Builds the order and returns checkout_url, a secure page where the person reviews the order, enters billing details and pays themselves. The API never takes card details.',
    scope: 'orders:write', status: 201, idempotent: true, body: OrderBody,
    response: OrderSchema,
  }),
  defineOperation({
    operationId: 'list_my_orders', method: 'GET', path: '/orders', tag: 'Orders', title: 'My orders',
    summary: 'Your orders, newest first, with status.', scope: 'account:read', paginated: true,
    query: Query({ ...PaginationQuery }), response: Paginated(OrderSchema),
  }),
  defineOperation({
    operationId: 'get_order', method: 'GET', path: '/orders/{number}', tag: 'Orders', title: 'Get an order',
    summary: 'Status, totals with VAT, lines and whether each line was fulfilled.', scope: 'account:read', notFound: true,
    params: Params({ number: Type.String({ minLength: 1, maxLength: 32 }) }), response: OrderSchema,
  }),
  defineOperation({
    operationId: 'list_products', method: 'GET', path: '/products', tag: 'Orders', title: 'Products and prices',
    summary: 'Products with current prices in USD cents (excluding VAT), needs_listing flags, the launch weeks available and options.',
    scope: null,
    response: Type.Object({
      items: Type.Array(Type.Object({
        code: Type.String(), name: Type.String(), description: Type.String(), price_cents: Type.Integer(), needs_listing: Type.Boolean(),
        options: Nullable(Type.Object({}, { additionalProperties: true })), min_amount_cents: Type.Optional(Type.Integer()),
      })),
      weeks: Type.Array(Type.Object({ week: Type.String(), available: Type.Boolean() })),
      currency: Type.String(),
      vat_note: Type.String(),
    }),
  }),
];
