import type { NoRows, Queryable } from '../../db/client.js';
import type { StoredSecret } from './webhook-secret.js';

export interface EndpointRow {
  id: number;
  url: string;
  description: string;
  events: string[];
  enabled: boolean;
  disabled_reason: string | null;
  created_at: string;
  updated_at: string;
}

const ENDPOINT_COLUMNS = 'id, url, description, events, enabled, disabled_reason, created_at, updated_at';

export async function countEndpoints(db: Queryable, userId: number): Promise<number> {
  const [r] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1', [
    userId,
  ]);
  return r.n;
}

export async function insertEndpoint(
  db: Queryable,
  e: { userId: number; url: string; description: string; events: string[]; secret: StoredSecret; now: Date },
): Promise<EndpointRow> {
  const [row] = await db.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (user_id, url, description, events, secret_plain, secret_ciphertext, secret_iv,
       secret_tag, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING ${ENDPOINT_COLUMNS}`,
    [
      e.userId,
      e.url,
      e.description,
      e.events,
      e.secret.plain,
      e.secret.sealed?.ciphertext ?? null,
      e.secret.sealed?.iv ?? null,
      e.secret.sealed?.tag ?? null,
      e.now.toISOString(),
    ],
  );
  return row;
}

export async function listEndpoints(
  db: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ items: EndpointRow[]; total: number }> {
  const [items, [{ n }]] = await Promise.all([
    db.query<EndpointRow>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE user_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_endpoints WHERE user_id = $1', [userId]),
  ]);
  return { items, total: n };
}

export async function findEndpoint(db: Queryable, userId: number, id: number): Promise<EndpointRow | null> {
  const rows = await db.query<EndpointRow>(
    `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0] ?? null;
}

/** Changes the given fields; enabling again clears the failure record. Null when the endpoint is not the user's. */
export async function updateEndpoint(
  db: Queryable,
  userId: number,
  id: number,
  c: { url?: string; description?: string; events?: string[]; enabled?: boolean },
  now: Date,
): Promise<EndpointRow | null> {
  const rows = await db.query<EndpointRow>(
    `UPDATE webhook_endpoints SET url = coalesce($3, url), description = coalesce($4, description),
            events = coalesce($5, events), enabled = coalesce($6, enabled), updated_at = $7,
            disabled_reason = CASE WHEN $6 THEN NULL ELSE disabled_reason END,
            consecutive_failures = CASE WHEN $6 AND NOT enabled THEN 0 ELSE consecutive_failures END,
            failing_since = CASE WHEN $6 AND NOT enabled THEN NULL ELSE failing_since END
      WHERE id = $1 AND user_id = $2 RETURNING ${ENDPOINT_COLUMNS}`,
    [id, userId, c.url ?? null, c.description ?? null, c.events ?? null, c.enabled ?? null, now.toISOString()],
  );
  return rows[0] ?? null;
}

export async function deleteEndpoint(db: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'DELETE FROM webhook_endpoints WHERE id = $1 AND user_id = $2 RETURNING id',
    [id, userId],
  );
  return rows.length > 0;
}

export interface DeliveryRow {
  id: number;
  endpoint_id: number;
  event_type: string;
  message_id: string;
  redelivery_of: number | null;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_code: number | null;
  response_excerpt: string | null;
  error: string | null;
  duration_ms: number | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
}

const DELIVERY_SELECT = `SELECT d.id, d.endpoint_id, ev.type AS event_type, ev.message_id, d.redelivery_of, d.status,
  d.attempts, d.response_code, d.response_excerpt, d.error, d.duration_ms, d.next_attempt_at, d.last_attempt_at,
  d.created_at, d.delivered_at
  FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
  JOIN webhook_endpoints w ON w.id = d.endpoint_id`;

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Queryable,
  endpointId: number,
  limit: number,
  offset: number,
): Promise<{ items: DeliveryRow[]; total: number }> {
  const [items, [{ n }]] = await Promise.all([
    db.query<DeliveryRow>(`${DELIVERY_SELECT} WHERE d.endpoint_id = $1 ORDER BY d.id DESC LIMIT $2 OFFSET $3`, [
      endpointId,
      limit,
      offset,
    ]),
    db.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]),
  ]);
  return { items, total: n };
}

export async function findDelivery(db: Queryable, userId: number, id: number): Promise<DeliveryRow | null> {
  const rows = await db.query<DeliveryRow>(`${DELIVERY_SELECT} WHERE d.id = $1 AND w.user_id = $2`, [id, userId]);
  return rows[0] ?? null;
}

/** A new delivery of a delivery's event to the same endpoint, due now. */
export async function insertRedelivery(db: Queryable, of: number, now: Date): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, redelivery_of, next_attempt_at, created_at)
     SELECT endpoint_id, event_id, id, $2, $2 FROM webhook_deliveries WHERE id = $1 RETURNING id`,
    [of, now.toISOString()],
  );
  return row.id;
}

/**
 * One delivery per enabled endpoint of the event's accounts that subscribes to its type; a second
 * run for the same event adds none (the job may run again after a crash). Returns the new ones.
 */
export async function fanOutEvent(db: Queryable, eventId: number, now: Date): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO webhook_deliveries (endpoint_id, event_id, next_attempt_at, created_at)
     SELECT w.id, ev.id, $2, $2 FROM webhook_events ev
       JOIN webhook_endpoints w ON w.user_id = ANY(ev.account_ids) AND w.enabled AND ev.type = ANY(w.events)
      WHERE ev.id = $1
     ON CONFLICT (event_id, endpoint_id) WHERE redelivery_of IS NULL DO NOTHING RETURNING id`,
    [eventId, now.toISOString()],
  );
  return rows.map((r) => r.id);
}

/** A due attempt, claimed: everything needed to send it. */
export interface ClaimedAttempt {
  id: number;
  attempts: number;
  created_at: string;
  endpoint_id: number;
  user_id: number;
  url: string;
  enabled: boolean;
  secret: StoredSecret;
  message_id: string;
  payload: string;
}

/**
 * Counts an attempt of a pending delivery that is due, and answers what to send; null when it is
 * not due or not pending (another worker took it, or it was settled meanwhile).
 */
export async function claimAttempt(db: Queryable, deliveryId: number, now: Date): Promise<ClaimedAttempt | null> {
  const rows = await db.query<
    Omit<ClaimedAttempt, 'secret'> & {
      secret_plain: string | null;
      secret_ciphertext: string | null;
      secret_iv: string | null;
      secret_tag: string | null;
    }
  >(
    `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = $2, next_attempt_at = NULL
       FROM webhook_endpoints w, webhook_events ev
      WHERE d.id = $1 AND d.status = 'pending' AND d.next_attempt_at <= $2 AND w.id = d.endpoint_id
        AND ev.id = d.event_id
      RETURNING d.id, d.attempts, d.created_at, w.id AS endpoint_id, w.user_id, w.url, w.enabled, w.secret_plain,
        w.secret_ciphertext, w.secret_iv, w.secret_tag, ev.message_id, ev.payload`,
    [deliveryId, now.toISOString()],
  );
  const r = rows[0];
  if (!r) return null;
  const { secret_plain, secret_ciphertext, secret_iv, secret_tag, ...rest } = r;
  const secret: StoredSecret =
    secret_plain !== null
      ? { plain: secret_plain, sealed: null }
      : { plain: null, sealed: { ciphertext: secret_ciphertext!, iv: secret_iv!, tag: secret_tag! } };
  return { ...rest, secret };
}

export interface AttemptResult {
  responseCode: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number | null;
}

/** Records an attempt's outcome on the delivery: delivered, failed for good, or due again at `retryAt`. */
export async function recordAttempt(
  db: Queryable,
  deliveryId: number,
  r: AttemptResult,
  outcome: { status: 'delivered' | 'failed' | 'pending'; retryAt?: Date; now: Date },
): Promise<void> {
  await db.query<NoRows>(
    `UPDATE webhook_deliveries SET status = $2, response_code = $3, response_excerpt = $4, error = $5,
            duration_ms = $6, next_attempt_at = $7, delivered_at = CASE WHEN $2 = 'delivered' THEN $8::timestamptz END
      WHERE id = $1`,
    [
      deliveryId,
      outcome.status,
      r.responseCode,
      r.excerpt,
      r.error,
      r.durationMs,
      outcome.retryAt?.toISOString() ?? null,
      outcome.now.toISOString(),
    ],
  );
}

/** A success ends the endpoint's run of failures. */
export async function endpointSucceeded(db: Queryable, endpointId: number): Promise<void> {
  await db.query<NoRows>(
    `UPDATE webhook_endpoints SET consecutive_failures = 0, failing_since = NULL
      WHERE id = $1 AND (consecutive_failures > 0 OR failing_since IS NOT NULL)`,
    [endpointId],
  );
}

/**
 * Counts a failed attempt against the endpoint and disables it when the failures have lasted too
 * long or too many times in a row. Answers the endpoint when this failure disabled it (exactly once,
 * whatever the number of workers), for its owner to be told.
 */
export async function endpointFailed(
  db: Queryable,
  endpointId: number,
  now: Date,
  limits: { failures: number; sinceMs: number },
): Promise<{ email: string; url: string; reason: string } | null> {
  // One UPDATE (a row may not be changed twice in one statement): the right-hand sides read the old values.
  const rows = await db.query<{ email: string; url: string; reason: string }>(
    `WITH f AS (
       UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1,
              failing_since = coalesce(failing_since, $2),
              enabled = NOT (consecutive_failures + 1 >= $3 OR coalesce(failing_since, $2) <= $2::timestamptz - make_interval(secs => $4)),
              disabled_reason = CASE
                WHEN consecutive_failures + 1 >= $3 THEN 'Disabled after ' || (consecutive_failures + 1) || ' failed attempts in a row.'
                WHEN coalesce(failing_since, $2) <= $2::timestamptz - make_interval(secs => $4) THEN 'Disabled: every attempt failed since '
                  || to_char(failing_since AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') || ' UTC.' END
        WHERE id = $1 AND enabled RETURNING user_id, url, enabled, disabled_reason)
     SELECT u.email, f.url, f.disabled_reason AS reason FROM f JOIN users u ON u.id = f.user_id WHERE NOT f.enabled`,
    [endpointId, now.toISOString(), limits.failures, limits.sinceMs / 1000],
  );
  return rows[0] ?? null;
}

/** Pending deliveries of a disabled endpoint are not sent: each is closed with the reason. */
export async function failPendingOf(db: Queryable, endpointId: number, reason: string): Promise<void> {
  await db.query<NoRows>(
    `UPDATE webhook_deliveries SET status = 'failed', next_attempt_at = NULL, error = $2
      WHERE endpoint_id = $1 AND status = 'pending'`,
    [endpointId, reason],
  );
}
