import { fetch } from 'undici';

/** What one call to a provider gave: a rating per domain it could read, a reason per domain it could not. */
export interface FetchOutcome {
  ratings: Map<string, number>;
  errors: Map<string, string>;
  /** The provider refused the key (401/403): further requests would fail the same way. */
  unauthorised: boolean;
}

/** A third-party source of Domain Ratings. Its figures are shown under `label`, on its own `scale`. */
export interface DomainRatingProvider {
  /** Stored with every reading, e.g. `ahrefs`. */
  name: string;
  /** What pages and the API call the figure, e.g. "Ahrefs Domain Rating". */
  label: string;
  /** The best possible rating (Ahrefs 100, Open PageRank 10). */
  scale: number;
  /** How many domains one request may carry: the refresh job budgets requests, not domains. */
  domainsPerRequest: number;
  fetchRatings(domains: string[]): Promise<FetchOutcome>;
}

export interface HttpOptions {
  /** Per request, in ms. */
  timeoutMs?: number;
  /** The longest Retry-After the adapter waits for before giving up on that request. */
  maxRetryWaitMs?: number;
  /** Retries after a 429 or a network error, per request. */
  retries?: number;
  sleep?: (ms: number) => Promise<void>;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export type HttpAnswer = { ok: true; body: unknown } | { ok: false; unauthorised: boolean; error: string };

/** Retry-After is either seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * One GET with a timeout. A 429 is waited out (Retry-After, else a growing backoff) and retried
 * within a bound; a network error is retried the same way. Never throws: every failure comes back
 * as a reason to record, so a provider outage can never become a 5xx or stop the worker.
 */
export async function getJson(
  url: string,
  headers: Record<string, string>,
  opts: HttpOptions = {},
): Promise<HttpAnswer> {
  const { timeoutMs = 15_000, maxRetryWaitMs = 60_000, retries = 3, sleep: wait = sleep } = opts;
  let lastError = 'no answer';
  for (let attempt = 0; attempt <= retries; attempt++) {
    let res;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json', ...headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      lastError = `request failed: ${(err as Error).message}`;
      if (attempt < retries) await wait(Math.min(maxRetryWaitMs, 1000 * 2 ** attempt));
      continue;
    }
    if (res.status === 429) {
      await res.body?.cancel().catch(() => {});
      const waitMs = retryAfterMs(res.headers.get('retry-after')) ?? 1000 * 2 ** attempt;
      lastError = `rate limited (429, Retry-After ${res.headers.get('retry-after') ?? 'absent'})`;
      if (waitMs > maxRetryWaitMs || attempt === retries) break;
      await wait(waitMs);
      continue;
    }
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel().catch(() => {});
      return { ok: false, unauthorised: true, error: `the provider refused the API key (${res.status})` };
    }
    const text = await res.text().catch(() => '');
    if (res.status < 200 || res.status >= 300)
      return { ok: false, unauthorised: false, error: `HTTP ${res.status}: ${text.slice(0, 200)}` };
    try {
      return { ok: true, body: JSON.parse(text) };
    } catch {
      return { ok: false, unauthorised: false, error: `malformed answer (not JSON): ${text.slice(0, 200)}` };
    }
  }
  return { ok: false, unauthorised: false, error: lastError };
}

/** A provider's number, accepted only when it is a finite value within its scale. */
export function ratingWithin(value: unknown, scale: number): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= scale ? Math.round(n * 100) / 100 : null;
}
