import type { NoRows, Db } from '../../db/client.js';
import type { DomainRatingProvider } from './provider.js';
import { claimDue, recordFailure, saveReading, settle, takeRequest } from './rating-repository.js';
import { normaliseDomain } from './domain-name.js';

export interface RefreshOptions {
  /** A domain is due once its latest reading from this provider is this many days old (default 30). */
  refreshDays: number;
  /** Requests per minute to the provider, across all workers. */
  requestsPerMinute: number;
  now: () => Date;
  /** Stop after this many requests in one run (the scheduler's loop calls again later). */
  maxRequests?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface RefreshResult {
  requests: number;
  refreshed: number;
  failed: number;
  stoppedBy: 'done' | 'budget' | 'unauthorised' | 'max';
}

const DAY = 86_400_000;
/** A claim outlives any request; a worker that dies mid-batch frees its domains after this. */
const LEASE_MS = 3_600_000;

/** After n failures in a row a domain is tried again in 1 h, 4 h, 16 h, … but never later than the cadence. */
export function retryDelayMs(failures: number, refreshDays: number): number {
  return Math.min(refreshDays * DAY, 3_600_000 * 4 ** Math.max(0, failures - 1));
}

/**
 * Refreshes the Domain Rating of every due company of a live listing, one request's worth of
 * domains at a time, within the provider's per-minute budget. Safe on any number of workers at
 * once: each due domain is claimed by one of them (claimDue) and requested once. A failure keeps
 * the last reading, is recorded for the administrator and is retried after a growing delay; a
 * refused key stops the run.
 */
export async function refreshDomainRatings(
  db: Db,
  provider: DomainRatingProvider,
  opts: RefreshOptions,
): Promise<RefreshResult> {
  const result: RefreshResult = { requests: 0, refreshed: 0, failed: 0, stoppedBy: 'done' };
  const spacingMs = 60_000 / opts.requestsPerMinute;
  const wait = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  while (true) {
    if (opts.maxRequests !== undefined && result.requests >= opts.maxRequests) {
      result.stoppedBy = 'max';
      break;
    }
    const now = opts.now();
    const staleBefore = new Date(now.getTime() - opts.refreshDays * DAY).toISOString().slice(0, 10);
    const batch = await claimDue(
      db,
      provider.name,
      now,
      staleBefore,
      new Date(now.getTime() + LEASE_MS),
      provider.domainsPerRequest,
    );
    if (batch.length === 0) break;
    if (!(await takeRequest(db, provider.name, now, opts.requestsPerMinute))) {
      // Give the claim back: the next run (next minute) takes it with a fresh budget.
      for (const c of batch)
        await db.query<NoRows>(
          'UPDATE domain_rating_schedule SET next_at = $3 WHERE company_id = $1 AND provider = $2',
          [c.companyId, provider.name, now.toISOString()],
        );
      result.stoppedBy = 'budget';
      break;
    }
    const started = Date.now();
    // Providers are asked for the bare host (companies.domain may hold "WWW.Example.com").
    const asked = batch.map((c) => ({ ...c, host: normaliseDomain(c.domain) }));
    const outcome = await provider.fetchRatings([...new Set(asked.map((c) => c.host))]);
    result.requests++;
    const at = opts.now();
    for (const c of asked) {
      const rating = outcome.ratings.get(c.host);
      if (rating !== undefined) {
        await saveReading(db, {
          companyId: c.companyId,
          provider: provider.name,
          scale: provider.scale,
          rating,
          measuredOn: at.toISOString().slice(0, 10),
          fetchedAt: at.toISOString(),
        });
        await settle(db, c.companyId, provider.name, true, () => new Date(at.getTime() + opts.refreshDays * DAY));
        result.refreshed++;
      } else {
        await recordFailure(db, {
          domain: c.domain,
          provider: provider.name,
          error: outcome.errors.get(c.host) ?? 'no rating in the answer',
          at,
        });
        await settle(
          db,
          c.companyId,
          provider.name,
          false,
          (n) => new Date(at.getTime() + retryDelayMs(n, opts.refreshDays)),
        );
        result.failed++;
      }
    }
    if (outcome.unauthorised) {
      result.stoppedBy = 'unauthorised';
      break;
    }
    // Spread the requests over the minute rather than spend the budget in one burst.
    const left = spacingMs - (Date.now() - started);
    if (left > 0) await wait(left);
  }
  return result;
}
