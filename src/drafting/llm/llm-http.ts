import { setTimeout as sleep } from 'node:timers/promises';
import { LlmError } from './llm-error.js';
import { retryDelayMs } from './retry-after.js';

/**
 * The HTTP part every provider adapter shares: one time bound for the whole call (retries included), cancellation,
 * a bounded read of the reply, waiting out rate limits, and error messages that never carry the API key.
 */

// A reply larger than this is not a draft; reading it whole would only waste memory.
const MAX_REPLY_CHARS = 2_000_000;
/** Tries after the first while the endpoint is rate-limited or overloaded. */
const MAX_RETRIES = 2;
/** The wait when a busy endpoint does not say how long: 1 s, then 2 s. */
const BACKOFF_MS = 1000;
/** Rate-limited (429), unavailable (503), overloaded (Anthropic's 529): worth one more try after a wait. */
const BUSY = new Set([429, 503, 529]);

/** One language-model call: its deadline (shared by every request it makes), its cancellation, its redaction. */
export interface LlmExchange {
  signal: AbortSignal;
  deadline: number;
  redact: (s: string) => string;
  timeoutMs: number;
  timeout: AbortSignal;
  cancel?: AbortSignal;
}

export function openExchange(apiKey: string | null | undefined, timeoutMs: number, cancel?: AbortSignal): LlmExchange {
  const timeout = AbortSignal.timeout(timeoutMs);
  return {
    signal: cancel ? AbortSignal.any([timeout, cancel]) : timeout,
    deadline: Date.now() + timeoutMs,
    redact: redactor(apiKey),
    timeoutMs,
    timeout,
    cancel,
  };
}

export interface LlmReply {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * POSTs a JSON body and returns the reply whatever its status. A 429, 503 or 529 is tried again after the wait the
 * endpoint asks for (or 1 s, then 2 s), at most twice, and only when that wait ends before the deadline: otherwise
 * the busy reply is returned as it is, for `replyJson` to turn into a `rate_limited` error.
 */
export async function postJson(
  ex: LlmExchange,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<LlmReply> {
  const payload = JSON.stringify(body);
  for (let attempt = 0; ; attempt++) {
    const reply = await postOnce(ex, url, headers, payload);
    if (!BUSY.has(reply.status) || attempt >= MAX_RETRIES || outOfQuota(reply.text)) return reply;
    const wait = retryDelayMs(reply.headers) ?? BACKOFF_MS * 2 ** attempt;
    // Waiting past the deadline would only end in a timeout; the rate limit is the truer error.
    if (Date.now() + wait >= ex.deadline) return reply;
    try {
      await sleep(wait, undefined, { signal: ex.signal });
    } catch {
      throw stopped(ex);
    }
  }
}

// A kept-alive connection the endpoint closed while idle fails the next request at once with one of these; fetch
// does not send a POST again by itself, so it is sent once more on a fresh connection.
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

async function postOnce(ex: LlmExchange, url: string, headers: Record<string, string>, payload: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await fetch(url, { method: 'POST', headers, body: payload, signal: ex.signal });
      return { status: res.status, headers: res.headers, text: await readBounded(res, MAX_REPLY_CHARS) };
    } catch (err) {
      if (ex.signal.aborted) throw stopped(ex);
      const cause = causeOf(err);
      if (attempt === 0 && STALE_CONNECTION.has(cause)) continue;
      throw new LlmError('network', ex.redact(`The language model endpoint could not be reached (${cause})`));
    }
  }
}

function stopped(ex: LlmExchange): LlmError {
  if (ex.cancel?.aborted && !ex.timeout.aborted)
    return new LlmError('aborted', 'The language model request was cancelled');
  return new LlmError('timeout', `The language model did not answer within ${Math.round(ex.timeoutMs / 1000)} s`);
}

/** The envelope of a 2xx reply, parsed; any other reply becomes the LlmError that says why. */
export function replyJson(ex: LlmExchange, reply: LlmReply, shape: string): unknown {
  if (reply.status < 200 || reply.status > 299) throw failure(ex, reply);
  if (reply.text.length >= MAX_REPLY_CHARS) throw new LlmError('bad_response', 'The language model reply is too large');
  try {
    return JSON.parse(reply.text);
  } catch {
    throw new LlmError('bad_response', `The language model endpoint did not answer like ${shape}`);
  }
}

function failure(ex: LlmExchange, { status, headers, text }: LlmReply): LlmError {
  const detail = errorDetail(text);
  if (BUSY.has(status) && !outOfQuota(text)) {
    const wait = retryDelayMs(headers);
    const hint = wait === null ? '' : `; it asks to wait ${Math.ceil(wait / 1000)} s`;
    return new LlmError(
      'rate_limited',
      ex.redact(`The language model endpoint is rate-limited or overloaded (HTTP ${status}${detail})${hint}`),
      status,
    );
  }
  return new LlmError('http', ex.redact(`The language model endpoint answered HTTP ${status}${detail}`), status);
}

/** A 429 that no wait cures: OpenAI's exhausted quota, Anthropic's monthly spend limit. */
function outOfQuota(body: string): boolean {
  try {
    const e = (JSON.parse(body) as { error?: { code?: unknown; type?: unknown; details?: { error_code?: unknown } } })
      ?.error;
    return (
      e?.code === 'insufficient_quota' ||
      e?.type === 'insufficient_quota' ||
      e?.details?.error_code === 'enforced_spend_limit_reached'
    );
  } catch {
    return false;
  }
}

/** The body as text, cut at `max` characters (a cut reply then fails as too large, not as out of memory). */
async function readBounded(res: Response, max: number): Promise<string> {
  if (!res.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    text += decoder.decode(chunk, { stream: true });
    // Leaving the loop early cancels the stream, so the rest is never downloaded.
    if (text.length >= max) return text.slice(0, max);
  }
  return text + decoder.decode();
}

/**
 * A short, single-line detail from an error body: `error.message` (OpenAI, Anthropic's
 * `{type:"error", error:{type, message}}`), a top-level `message` (vLLM), or the text itself.
 */
function errorDetail(body: string): string {
  let detail = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof m === 'string') detail = m;
  } catch {
    /* not JSON: use the text */
  }
  detail = detail.replace(/\s+/g, ' ').trim().slice(0, 200);
  return detail ? `: ${detail}` : '';
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message.slice(0, 120);
  return err instanceof Error ? err.message.slice(0, 120) : 'unknown error';
}

/**
 * Servers sometimes echo the credential in their error text, whole or in part ("sk-pr…xyz");
 * it must never reach a log or a user, so any word sharing 8 characters in a row with it goes.
 */
function redactor(apiKey: string | null | undefined): (s: string) => string {
  if (!apiKey) return (s) => s;
  const pieces = new Set<string>();
  for (let i = 0; i + 8 <= apiKey.length; i++) pieces.add(apiKey.slice(i, i + 8));
  const leaks = (word: string) => word.includes(apiKey) || [...pieces].some((p) => word.includes(p));
  return (s) =>
    s
      .split(/(\s+)/)
      .map((w) => (leaks(w) ? '[redacted]' : w))
      .join('');
}
