import { Type } from '@sinclair/typebox';
import { defineOperation, type OperationContext } from '../registry.js';
import { Body, Params, rowId } from '../schemas/common.js';
import { ownedListing } from '../../domain/listings/listing-ownership.js';
import { connectRevenue, stateMrr } from '../../domain/revenue/revenue-connection.js';
import { deleteConnection, setRevenueHidden } from '../../domain/revenue/revenue-repository.js';

/**
 * A listing's revenue, managed by its owners on the website (/my/listings/:id/revenue): a payment
 * provider's read-only key is a secret typed into a page, never sent through the API or an agent,
 * so these are site-only. Scope 'listings:write': each one changes what the listing shows.
 */

const listingParams = Params({ listing_id: rowId('Your listing id') });
const mine = (ctx: OperationContext, listingId: number) =>
  ownedListing(ctx.db, ctx.site.id, listingId, ctx.principal!.userId);

export const connectRevenueOperation = defineOperation({
  operationId: 'connect_revenue',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/listings/{listing_id}/revenue/connect',
  tag: 'My listings',
  title: 'Connect Stripe',
  summary:
    "Connects a read-only Stripe key to the listing's company: tried once (a refused key stores nothing), then stored encrypted and its MRR stored as verified.",
  scope: 'listings:write',
  notFound: true,
  openWorld: true,
  params: listingParams,
  body: Body({
    key: Type.String({ description: 'A restricted key (rk_live_… or rk_test_…) reading subscriptions only' }),
  }),
  response: Type.Object({ verified: Type.Boolean({ description: 'false when a currency had no exchange rate yet' }) }),
  handler: async ({ listing_id, key }, ctx) => {
    const listing = await mine(ctx, listing_id);
    const result = await connectRevenue(ctx, 'stripe', listing, ctx.principal!.userId, key);
    return { verified: result.ok };
  },
});

export const stateMrrOperation = defineOperation({
  operationId: 'state_mrr',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/listings/{listing_id}/revenue/self-reported',
  tag: 'My listings',
  title: 'State MRR',
  summary:
    "The owner's own MRR for this month, labelled self-reported; it never replaces a verified figure of the same month.",
  scope: 'listings:write',
  notFound: true,
  params: listingParams,
  body: Body({
    mrr: Type.String({ pattern: '^\\d{1,10}(\\.\\d{1,2})?$', description: 'US dollars, such as 1250 or 1250.50' }),
  }),
  response: Type.Object({
    stored: Type.Boolean({ description: 'false when this month already has a verified figure, which stays' }),
  }),
  handler: async ({ listing_id, mrr }, ctx) => {
    const listing = await mine(ctx, listing_id);
    // Dollars with up to two decimals to cents, without floating point.
    const [whole, frac = ''] = mrr.split('.');
    return { stored: await stateMrr(ctx, listing.company_id, Number(whole) * 100 + Number(frac.padEnd(2, '0'))) };
  },
});

export const setRevenueVisibilityOperation = defineOperation({
  operationId: 'set_revenue_visibility',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/listings/{listing_id}/revenue/visibility',
  tag: 'My listings',
  title: 'Hide or show revenue',
  summary: 'Hides revenue from the listing page and the revenue board, or shows it again.',
  scope: 'listings:write',
  notFound: true,
  params: listingParams,
  body: Body({ hidden: Type.Boolean() }),
  response: Type.Object({ hidden: Type.Boolean() }),
  handler: async ({ listing_id, hidden }, ctx) => {
    const listing = await mine(ctx, listing_id);
    await setRevenueHidden(ctx.db, listing.id, hidden);
    return { hidden };
  },
});

export const disconnectRevenueOperation = defineOperation({
  operationId: 'disconnect_revenue',
  surfaces: ['site'],
  method: 'POST',
  path: '/me/listings/{listing_id}/revenue/disconnect',
  tag: 'My listings',
  title: 'Disconnect Stripe',
  summary: 'Disconnects the payment account and deletes its key; figures already verified stay.',
  scope: 'listings:write',
  notFound: true,
  params: listingParams,
  response: Type.Object({ disconnected: Type.Boolean() }),
  handler: async ({ listing_id }, ctx) => {
    const listing = await mine(ctx, listing_id);
    return { disconnected: await deleteConnection(ctx.db, listing.company_id) };
  },
});

export const revenueOperations = [
  connectRevenueOperation,
  stateMrrOperation,
  setRevenueVisibilityOperation,
  disconnectRevenueOperation,
];
