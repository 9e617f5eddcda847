import type { Queryable } from '../../db/client.js';
import { conflict, invalidField, notFound } from '../../errors/app-error.js';
import { allowListFor } from '../../net/address-policy.js';
import { BlockedAddressError, checkUrl } from '../../net/safe-fetch.js';
import { MAX_ENDPOINTS } from './webhook-limits.js';
import { newWebhookSecret, storeSecret } from './webhook-secret.js';
import {
  countEndpoints,
  deleteEndpoint,
  failPendingOf,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  insertRedelivery,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './webhook-repository.js';
import { queueAttempt } from './webhook-delivery.js';

export interface WebhookAccountDeps {
  db: Queryable;
  now(): Date;
  config: { crawlAllowHosts: string[]; secretsKey: Buffer | null };
}

/**
 * An endpoint's address: https, no credentials, not a private or reserved address — unless the
 * operator's CRAWL_ALLOW_HOSTS lets a host through (tests: a receiver on loopback, over http).
 * Names are checked again at every delivery, where they are resolved.
 */
function checkedUrl(deps: WebhookAccountDeps, url: string): string {
  try {
    return checkUrl(url, allowListFor(deps.config.crawlAllowHosts), true).toString();
  } catch (err) {
    if (err instanceof BlockedAddressError) throw invalidField('url', err.message);
    throw err;
  }
}

/** Adds an endpoint; its signing secret is in the answer, and never again. */
export async function createEndpoint(
  deps: WebhookAccountDeps,
  userId: number,
  input: { url: string; events: string[]; description?: string },
): Promise<EndpointRow & { secret: string }> {
  const url = checkedUrl(deps, input.url);
  if ((await countEndpoints(deps.db, userId)) >= MAX_ENDPOINTS)
    throw invalidField('url', `an account has at most ${MAX_ENDPOINTS} endpoints: delete one first`);
  const secret = newWebhookSecret();
  const row = await insertEndpoint(deps.db, {
    userId,
    url,
    description: input.description ?? '',
    events: [...new Set(input.events)],
    secret: storeSecret(deps.config.secretsKey, secret),
    now: deps.now(),
  });
  return { ...row, secret };
}

export async function changeEndpoint(
  deps: WebhookAccountDeps,
  userId: number,
  id: number,
  c: { url?: string; events?: string[]; enabled?: boolean; description?: string },
): Promise<EndpointRow> {
  const change = {
    ...c,
    url: c.url === undefined ? undefined : checkedUrl(deps, c.url),
    events: c.events && [...new Set(c.events)],
  };
  const row = await updateEndpoint(deps.db, userId, id, change, deps.now());
  if (!row) throw notFound('No such webhook endpoint on your account.');
  // Switched off by its owner: what was waiting is not sent.
  if (c.enabled === false) await failPendingOf(deps.db, id, 'not sent: the endpoint was disabled');
  return row;
}

export async function removeEndpoint(deps: WebhookAccountDeps, userId: number, id: number): Promise<void> {
  if (!(await deleteEndpoint(deps.db, userId, id))) throw notFound('No such webhook endpoint on your account.');
}

export async function ownEndpoint(deps: WebhookAccountDeps, userId: number, id: number): Promise<EndpointRow> {
  const row = await findEndpoint(deps.db, userId, id);
  if (!row) throw notFound('No such webhook endpoint on your account.');
  return row;
}

/** Sends a delivery's event to its endpoint again, as a new delivery with its own attempts (same webhook-id). */
export async function redeliver(deps: WebhookAccountDeps, userId: number, deliveryId: number): Promise<DeliveryRow> {
  const d = await findDelivery(deps.db, userId, deliveryId);
  if (!d) throw notFound('No such webhook delivery on your account.');
  const endpoint = await findEndpoint(deps.db, userId, d.endpoint_id);
  if (!endpoint?.enabled) throw conflict('The endpoint is disabled: enable it first.');
  const now = deps.now();
  const id = await insertRedelivery(deps.db, d.id, now);
  await queueAttempt(deps.db, id, 1, now);
  return (await findDelivery(deps.db, userId, id))!;
}
