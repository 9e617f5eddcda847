/**
 * How long a rate-limited (429) or overloaded (503, 529) endpoint asks to be left alone, in milliseconds, or null
 * when it does not say. Read in this order: `retry-after-ms` (OpenAI), `retry-after` as seconds or as an HTTP date
 * (both providers), then OpenAI's `x-ratelimit-reset-requests` / `-tokens` durations ("1s", "6m0s", "250ms"),
 * the later of the two since both limits must have reset.
 */
export function retryDelayMs(headers: Headers, now = Date.now()): number | null {
  const ms = Number(headers.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.ceil(ms);
  const after = headers.get('retry-after')?.trim();
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.ceil(Number(after) * 1000);
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  const resets = ['x-ratelimit-reset-requests', 'x-ratelimit-reset-tokens']
    .map((name) => durationMs(headers.get(name)))
    .filter((d): d is number => d !== null);
  return resets.length ? Math.max(...resets) : null;
}

const UNIT_MS: Record<string, number> = { h: 3_600_000, m: 60_000, s: 1000, ms: 1 };

/** A Go-style duration as OpenAI writes it ("6m0s", "1.5s", "20ms"); null when it is not one. */
function durationMs(raw: string | null): number | null {
  const text = raw?.trim();
  if (!text || !/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(text)) return null;
  let total = 0;
  for (const [, n, , unit] of text.matchAll(/(\d+(\.\d+)?)(h|ms|m|s)/g)) total += Number(n) * UNIT_MS[unit];
  return Math.ceil(total);
}
