import { Webhook } from 'standardwebhooks';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/client.js';
import { enqueueAndNotify } from '../../jobs/queue.js';
import { queueMail } from '../../mail/outbox.js';
import { allowListFor } from '../../net/address-policy.js';
import { BlockedAddressError, safeFetch } from '../../net/safe-fetch.js';
import { EXCERPT_MAX } from './webhook-limits.js';
import {
  claimAttempt,
  endpointFailed,
  endpointSucceeded,
  failPendingOf,
  fanOutEvent,
  recordAttempt,
  type AttemptResult,
  type ClaimedAttempt,
} from './webhook-repository.js';
import { readSecret } from './webhook-secret.js';

export interface WebhookDeliveryDeps {
  db: Queryable;
  now(): Date;
  config: Pick<Config, 'publicUrl' | 'crawlAllowHosts' | 'secretsKey' | 'webhooks'>;
  site: { name: string };
}

/** One attempt of one delivery; retries are new jobs, scheduled by the handler itself (see deliverAttempt). */
export const WEBHOOK_DELIVERY_JOB = 'webhooks.deliver';

/** The longest wait between two attempts, however many failed before. */
const MAX_DELAY_MS = 6 * 3_600_000;

/** Queues attempt number `attempt` of a delivery; the key makes a second queueing of the same attempt a no-op. */
export async function queueAttempt(db: Queryable, deliveryId: number, attempt: number, runAt: Date): Promise<void> {
  await enqueueAndNotify(
    db,
    WEBHOOK_DELIVERY_JOB,
    { deliveryId },
    { runAt, uniqueKey: `webhooks.deliver:${deliveryId}:${attempt}` },
  );
}

/** The fan-out job: one delivery per subscribed endpoint, each queued to be sent at once. */
export async function fanOut(deps: Pick<WebhookDeliveryDeps, 'db' | 'now'>, eventId: number): Promise<number> {
  const now = deps.now();
  const ids = await fanOutEvent(deps.db, eventId, now);
  for (const id of ids) await queueAttempt(deps.db, id, 1, now);
  return ids.length;
}

/**
 * The wait before attempt `attempt + 1`: the base doubled for each attempt made, up to six hours,
 * spread by ±20 % so endpoints that failed together are not all retried in the same second.
 */
export function retryDelayMs(baseMs: number, attempt: number, random = Math.random()): number {
  const exact = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.min(attempt - 1, 30));
  return Math.round(exact * (0.8 + 0.4 * random));
}

const excerptOf = (body: Buffer) =>
  body
    .subarray(0, EXCERPT_MAX * 4)
    .toString('utf8')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .slice(0, EXCERPT_MAX);

/** Posts the event, signed per Standard Webhooks; what happened, and whether trying again may help. */
async function send(
  deps: WebhookDeliveryDeps,
  a: ClaimedAttempt,
): Promise<AttemptResult & { delivered: boolean; final: boolean }> {
  const failed = (error: string, final = false) => ({
    responseCode: null,
    excerpt: null,
    error,
    durationMs: null,
    delivered: false,
    final,
  });
  if (!a.enabled) return failed('not sent: the endpoint is disabled', true);
  let secret: string;
  try {
    secret = readSecret(deps.config.secretsKey, a.secret);
  } catch (err) {
    return failed(`not sent: ${(err as Error).message}`);
  }
  // The wall clock, not the site's: receivers compare webhook-timestamp with their own clock to refuse replays.
  const sentAt = new Date();
  const headers = {
    'content-type': 'application/json',
    'webhook-id': a.message_id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(a.message_id, sentAt, a.payload),
  };
  const started = performance.now();
  try {
    const res = await safeFetch(a.url, {
      allow: allowListFor(deps.config.crawlAllowHosts),
      userAgent: `LaunchdeckWebhooks/1.0 (+${deps.config.publicUrl})`,
      timeoutMs: deps.config.webhooks.timeoutMs,
      maxBytes: 1_000_000,
      // The scheme was checked when the URL was set (https, or http to an allow-listed host); what
      // matters at each delivery is the address, checked again (the allow-list may have changed).
      httpsOnly: false,
      followRedirects: false,
      post: { body: a.payload, headers },
    });
    const ok = res.status >= 200 && res.status < 300;
    return {
      responseCode: res.status,
      excerpt: excerptOf(res.body),
      error: ok ? null : `the endpoint answered HTTP ${res.status}`,
      durationMs: Math.round(performance.now() - started),
      delivered: ok,
      final: false,
    };
  } catch (err) {
    const durationMs = Math.round(performance.now() - started);
    // The guard refused the address: it is not retried (nothing was sent, and nothing will be).
    if (err instanceof BlockedAddressError) return { ...failed(`refused: ${err.message}`, true), durationMs };
    const e = err as Error;
    const error =
      e.name === 'TimeoutError' || e.name === 'AbortError'
        ? `no answer within ${deps.config.webhooks.timeoutMs / 1000} s`
        : `could not reach the endpoint: ${e.message}`;
    return { ...failed(error), durationMs };
  }
}

/**
 * The delivery job: makes the attempt that is due, records it, and on a failure schedules the next
 * one (exponential backoff with jitter) for as long as the retry window (24 h) lasts. A failure
 * counts against the endpoint, which is disabled after sustained failure, its owner mailed once.
 * Runs again harmlessly after a crash: an attempt that is not due (or was settled) is skipped.
 */
export async function deliverAttempt(deps: WebhookDeliveryDeps, deliveryId: number): Promise<void> {
  const now = deps.now();
  const a = await claimAttempt(deps.db, deliveryId, now);
  if (!a) return;
  const r = await send(deps, a);
  const done = deps.now();
  if (r.delivered) {
    await recordAttempt(deps.db, a.id, r, { status: 'delivered', now: done });
    await endpointSucceeded(deps.db, a.endpoint_id);
    return;
  }
  const { retryWindowMs, retryBaseMs } = deps.config.webhooks;
  const retryAt = new Date(done.getTime() + retryDelayMs(retryBaseMs, a.attempts));
  const retry = !r.final && retryAt.getTime() - Date.parse(a.created_at) <= retryWindowMs;
  const error = retry || r.final ? r.error : `${r.error}; gave up after ${a.attempts} attempts`;
  await recordAttempt(
    deps.db,
    a.id,
    { ...r, error },
    retry ? { status: 'pending', retryAt, now: done } : { status: 'failed', now: done },
  );
  if (retry) await queueAttempt(deps.db, a.id, a.attempts + 1, retryAt);
  if (!a.enabled) return;
  const disabled = await endpointFailed(deps.db, a.endpoint_id, done, {
    failures: deps.config.webhooks.disableAfterFailures,
    sinceMs: deps.config.webhooks.disableAfterMs,
  });
  if (!disabled) return;
  await failPendingOf(deps.db, a.endpoint_id, 'not sent: the endpoint was disabled after repeated failures');
  await queueMail(deps.db, {
    to: disabled.email,
    subject: `Your webhook endpoint was disabled — ${deps.site.name}`,
    text:
      `Deliveries to your webhook endpoint ${disabled.url} kept failing. ${disabled.reason}\n\n` +
      `No more events are sent to it. Once it answers again, enable it on ${deps.config.publicUrl}/account/webhooks ` +
      `and redeliver what it missed from its delivery log.\n`,
  });
}
