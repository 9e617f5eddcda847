import { Type } from '@sinclair/typebox';
import { EVENT_TYPES } from '../../domain/events/event-types.js';
import {
  changeEndpoint,
  createEndpoint,
  ownEndpoint,
  redeliver,
  removeEndpoint,
} from '../../domain/webhooks/webhook-endpoints.js';
import { DESCRIPTION_MAX, MAX_ENDPOINTS, URL_MAX } from '../../domain/webhooks/webhook-limits.js';
import { listDeliveries, listEndpoints } from '../../domain/webhooks/webhook-repository.js';
import { pageBounds, pageOf } from '../pagination.js';
import { defineOperation } from '../registry.js';
import {
  Body,
  DateTime,
  Nullable,
  Paginated,
  PaginationQuery,
  Params,
  Query,
  rowId,
  StringEnum,
} from '../schemas/common.js';

/**
 * Outgoing webhooks (README "Webhooks"): an account's endpoints, each subscribed to some event
 * types, and their delivery logs. Reading needs account:read; changing them needs listings:write,
 * the scope that manages an account's listings, which is what nearly every event is about (there is
 * no account-wide write scope). Another account's endpoint or delivery is a 404.
 */

const EndpointId = { endpoint_id: rowId('Webhook endpoint id') };
const Url = Type.String({ maxLength: URL_MAX, description: 'https URL that receives the POSTs' });
const Events = Type.Array(StringEnum(EVENT_TYPES), { minItems: 1, description: 'Event types to send' });
const Description = Type.String({ maxLength: DESCRIPTION_MAX, description: 'A note for yourself' });

const EndpointSchema = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  description: Type.String(),
  events: Type.Array(Type.String()),
  enabled: Type.Boolean(),
  disabled_reason: Nullable(Type.String()),
  created_at: DateTime,
});

const DeliverySchema = Type.Object({
  id: Type.Integer(),
  event_type: Type.String(),
  message_id: Type.String({ description: 'The webhook-id header' }),
  redelivery_of: Nullable(Type.Integer()),
  status: Type.String({ description: 'pending, delivered or failed' }),
  attempts: Type.Integer(),
  response_code: Nullable(Type.Integer()),
  response_excerpt: Nullable(Type.String()),
  error: Nullable(Type.String()),
  duration_ms: Nullable(Type.Integer()),
  next_attempt_at: Nullable(DateTime),
  created_at: DateTime,
  delivered_at: Nullable(DateTime),
});

export const listWebhookEndpointsOperation = defineOperation({
  operationId: 'list_webhook_endpoints',
  method: 'GET',
  path: '/me/webhooks',
  tag: 'Account',
  title: 'My webhook endpoints',
  summary: 'Your webhook endpoints and the events each receives.',
  scope: 'account:read',
  paginated: true,
  query: Query({ ...PaginationQuery }),
  response: Paginated(EndpointSchema),
  handler: async (input, ctx) => {
    const { perPage, offset } = pageBounds(input);
    const r = await listEndpoints(ctx.db, ctx.principal!.userId, perPage, offset);
    return pageOf(r.items, r.total, input);
  },
});

export const createWebhookEndpointOperation = defineOperation({
  operationId: 'create_webhook_endpoint',
  method: 'POST',
  path: '/me/webhooks',
  tag: 'Account',
  title: 'Add a webhook endpoint',
  summary: `Adds an endpoint (up to ${MAX_ENDPOINTS}) for signed event POSTs (Standard Webhooks); the secret is shown only in this answer.`,
  scope: 'listings:write',
  status: 201,
  idempotent: true,
  body: Body({ url: Url, events: Events, description: Type.Optional(Description) }),
  response: Type.Object({
    ...EndpointSchema.properties,
    secret: Type.String({ description: 'whsec_… signing secret' }),
  }),
  handler: async (input, ctx) => createEndpoint(ctx, ctx.principal!.userId, input),
});

export const updateWebhookEndpointOperation = defineOperation({
  operationId: 'update_webhook_endpoint',
  method: 'PATCH',
  path: '/me/webhooks/{endpoint_id}',
  tag: 'Account',
  title: 'Edit a webhook endpoint',
  summary: 'Changes the URL, events or note, or enables or disables it.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: Params(EndpointId),
  body: Body({
    url: Type.Optional(Url),
    events: Type.Optional(Events),
    enabled: Type.Optional(Type.Boolean({ description: 'false stops deliveries' })),
    description: Type.Optional(Description),
  }),
  response: EndpointSchema,
  handler: async ({ endpoint_id, ...change }, ctx) => changeEndpoint(ctx, ctx.principal!.userId, endpoint_id, change),
});

export const deleteWebhookEndpointOperation = defineOperation({
  operationId: 'delete_webhook_endpoint',
  method: 'DELETE',
  path: '/me/webhooks/{endpoint_id}',
  tag: 'Account',
  title: 'Delete a webhook endpoint',
  summary: 'Deletes an endpoint and its delivery log.',
  scope: 'listings:write',
  notFound: true,
  idempotent: true,
  params: Params(EndpointId),
  response: Type.Object({ id: Type.Integer() }),
  handler: async ({ endpoint_id }, ctx) => {
    await removeEndpoint(ctx, ctx.principal!.userId, endpoint_id);
    return { id: endpoint_id };
  },
});

export const listWebhookDeliveriesOperation = defineOperation({
  operationId: 'list_webhook_deliveries',
  method: 'GET',
  path: '/me/webhooks/{endpoint_id}/deliveries',
  tag: 'Account',
  title: 'Webhook deliveries',
  summary: "An endpoint's deliveries, newest first: status, response code, attempts, next retry.",
  scope: 'account:read',
  notFound: true,
  paginated: true,
  params: Params(EndpointId),
  query: Query({ ...PaginationQuery }),
  response: Paginated(DeliverySchema),
  handler: async ({ endpoint_id, ...input }, ctx) => {
    await ownEndpoint(ctx, ctx.principal!.userId, endpoint_id);
    const { perPage, offset } = pageBounds(input);
    const r = await listDeliveries(ctx.db, endpoint_id, perPage, offset);
    return pageOf(r.items, r.total, input);
  },
});

export const redeliverWebhookOperation = defineOperation({
  operationId: 'redeliver_webhook',
  method: 'POST',
  path: '/me/webhook-deliveries/{delivery_id}/redeliver',
  tag: 'Account',
  title: 'Redeliver a webhook',
  summary: "Sends a delivery's event again as a new delivery (same webhook-id).",
  scope: 'listings:write',
  status: 201,
  notFound: true,
  idempotent: true,
  openWorld: true,
  params: Params({ delivery_id: rowId('From list_webhook_deliveries') }),
  response: Type.Object({ id: Type.Integer({ description: 'The new delivery' }), status: Type.String() }),
  handler: async ({ delivery_id }, ctx) => {
    const d = await redeliver(ctx, ctx.principal!.userId, delivery_id);
    return { id: d.id, status: d.status };
  },
});

export const webhookOperations = [
  listWebhookEndpointsOperation,
  createWebhookEndpointOperation,
  updateWebhookEndpointOperation,
  deleteWebhookEndpointOperation,
  listWebhookDeliveriesOperation,
  redeliverWebhookOperation,
];
