import type { NoRows } from '../db/client.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AppContext } from '../app-context.js';
import { sha256 } from '../crypto/sha256.js';
import { HttpError, badRequest, problemOf, type Problem } from './errors.js';
import { jsonTextOf } from './pre-serialized.js';

/**
 * The Idempotency-Key store of mutating operations, shared by REST and MCP: one row per
 * (user, key) in `idempotency_keys`, reserved atomically before the operation runs and completed
 * with its response. A retry with the same request gets the stored response; the same key for a
 * different request is a 400; a duplicate arriving while the first still runs waits for it, then
 * gets 409. Keys live 24 h (by the app clock), after which they may be reused and are purged.
 *
 * Row states: `status_code IS NULL` = in flight (reserved, running); otherwise completed, with
 * `response` = `{ body, headers? }` (a problem object as body for a stored 4xx). A reservation is
 * identified by its `created_at`, so a late finisher never completes or frees a newer one.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** An in-flight reservation this old belongs to an instance that died mid-request: it may be taken over. */
export const ABANDONED_AFTER_MS = 15 * 60_000;
const DEFAULT_WAIT_MS = 5_000;
const DEFAULT_POLL_MS = 50;

export interface IdempotentRequest {
  userId: number;
  key: string;
  operationId: string;
  /** See requestHash(): the operation and its whole input. */
  requestHash: string;
}

export interface IdempotentResponse {
  status: number;
  body: unknown;
}

export interface IdempotencyOptions {
  /** How long a duplicate waits for the first request to finish before answering 409. */
  waitMs?: number;
  pollMs?: number;
}

type Clocked = Pick<AppContext, 'db' | 'now'>;

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** The header's value, checked: 1–255 printable ASCII characters. Absent → undefined; invalid → 400 naming the header. */
export function parseIdempotencyKey(raw: string | string[] | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  if (!KEY_PATTERN.test(key)) {
    const message = 'must be 1 to 255 printable ASCII characters (a UUID is a good choice)';
    throw badRequest(`${IDEMPOTENCY_HEADER}: ${message}.`, [{ path: IDEMPOTENCY_HEADER, message }]);
  }
  return key;
}

/** JSON with object keys sorted at every level, so equal inputs hash alike whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (value instanceof Date) return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(',')}}`;
}

/**
 * The request's fingerprint: the operation plus its validated input (path parameters, query and
 * body merged, exactly as both REST and MCP hand it to the handler — the names never clash), so the
 * same call over either surface hashes alike.
 */
export const requestHash = (operationId: string, input: unknown) => sha256(`${operationId}\n${canonicalJson(input)}`);

/** A handler's result as the JSON a client receives (dates as strings, no undefined): what is stored and replayed. */
export function toStoredJson(result: unknown): unknown {
  return JSON.parse(jsonTextOf(result) ?? JSON.stringify(result ?? null));
}

/** 4xx answers are stored like successes (a retry gets the same answer), except "try again later" ones. */
const storesError = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

interface Row {
  operation_id: string;
  request_hash: string;
  status_code: number | null;
  response: { body: unknown; headers?: Record<string, string> } | null;
  created_at: string;
}

/**
 * Runs `run` at most once per (user, key) within 24 h. Returns the response with `replayed` set
 * when it comes from the store. A stored 4xx is thrown again as the same HttpError (with the
 * Idempotent-Replayed header). 5xx and unexpected errors free the key so a retry runs anew.
 */
export async function withIdempotency(
  ctx: Clocked,
  req: IdempotentRequest,
  run: () => Promise<IdempotentResponse>,
  opts: IdempotencyOptions = {},
): Promise<IdempotentResponse & { replayed: boolean }> {
  const key = parseIdempotencyKey(req.key)!;
  const waitMs = opts.waitMs ?? DEFAULT_WAIT_MS;
  const pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
  const deadline = Date.now() + waitMs;
  for (;;) {
    const now = ctx.now();
    const reservedAt = now.toISOString();
    // One statement: a new key is inserted, an expired or abandoned one is taken over; a live one is left alone.
    const reserved = await ctx.db.query<{ reserved: number }>(
      `INSERT INTO idempotency_keys AS k (user_id, key, operation_id, request_hash, created_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, key) DO UPDATE
         SET operation_id = EXCLUDED.operation_id, request_hash = EXCLUDED.request_hash,
             status_code = NULL, response = NULL, created_at = EXCLUDED.created_at
         WHERE k.created_at < $6 OR (k.status_code IS NULL AND k.created_at < $7)
       RETURNING 1 AS reserved`,
      [
        req.userId,
        key,
        req.operationId,
        req.requestHash,
        reservedAt,
        new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString(),
        new Date(now.getTime() - ABANDONED_AFTER_MS).toISOString(),
      ],
    );
    if (reserved.length > 0) return { ...(await runReserved(ctx, req.userId, key, reservedAt, run)), replayed: false };

    const [row] = await ctx.db.query<Row>(
      `SELECT operation_id, request_hash, status_code, response, created_at FROM idempotency_keys WHERE user_id = $1 AND key = $2`,
      [req.userId, key],
    );
    // Freed (the first run failed) or just expired between the two statements: try to reserve again.
    if (!row || Date.parse(row.created_at) < ctx.now().getTime() - IDEMPOTENCY_TTL_MS) {
      if (Date.now() < deadline) continue;
      throw inProgress();
    }
    if (row.operation_id !== req.operationId || row.request_hash !== req.requestHash) {
      const message =
        row.operation_id !== req.operationId
          ? `was already used for a ${row.operation_id} request in the last 24 hours; use a new key for a new request`
          : 'was already used for a request with different parameters or body in the last 24 hours; use a new key for a new request';
      throw badRequest(`${IDEMPOTENCY_HEADER} ${message}.`, [{ path: IDEMPOTENCY_HEADER, message }]);
    }
    if (row.status_code !== null && row.response) return replay(row.status_code, row.response);
    if (Date.now() >= deadline) throw inProgress();
    await sleep(Math.min(pollMs, Math.max(1, deadline - Date.now())));
  }
}

const inProgress = () =>
  new HttpError(
    409,
    `A request with this ${IDEMPOTENCY_HEADER} is still in progress; retry in a moment to get its response.`,
    { headers: { 'Retry-After': '1' } },
  );

async function runReserved(
  ctx: Clocked,
  userId: number,
  key: string,
  reservedAt: string,
  run: () => Promise<IdempotentResponse>,
): Promise<IdempotentResponse> {
  const complete = (status: number, response: Row['response']) =>
    ctx.db.query<NoRows>(
      `UPDATE idempotency_keys SET status_code = $4, response = $5::jsonb
     WHERE user_id = $1 AND key = $2 AND created_at = $3 AND status_code IS NULL`,
      [userId, key, reservedAt, status, JSON.stringify(response)],
    );
  const release = () =>
    ctx.db.query<NoRows>(
      `DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND created_at = $3 AND status_code IS NULL`,
      [userId, key, reservedAt],
    );
  let out: IdempotentResponse;
  try {
    out = await run();
  } catch (err) {
    if (err instanceof HttpError && storesError(err.status)) {
      const headers = Object.keys(err.headers).length > 0 ? err.headers : undefined;
      await complete(err.status, { body: problemOf(err), ...(headers ? { headers } : {}) });
    } else {
      // Our failure (or a transient refusal): nothing was promised, so a retry may run again.
      await release().catch(() => {});
    }
    throw err;
  }
  if (out.status >= 500) {
    await release();
  } else {
    await complete(out.status, { body: out.body === undefined ? null : out.body });
  }
  return out;
}

function replay(status: number, response: NonNullable<Row['response']>): IdempotentResponse & { replayed: true } {
  if (status >= 400) {
    const { type: _type, title: _title, status: _status, detail, errors, ...extra } = response.body as Problem;
    throw new HttpError(status, detail, { errors, extra, headers: { ...response.headers, [REPLAYED_HEADER]: 'true' } });
  }
  return { status, body: response.body, replayed: true };
}

/** Deletes keys older than 24 h (the scheduler calls it hourly); returns how many went. */
export async function purgeExpiredIdempotencyKeys(ctx: Clocked): Promise<number> {
  const [row] = await ctx.db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
    [new Date(ctx.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString()],
  );
  return row?.n ?? 0;
}
