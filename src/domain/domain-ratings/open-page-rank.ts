import { getJson, ratingWithin, type DomainRatingProvider, type FetchOutcome, type HttpOptions } from './provider.js';

/** Open PageRank takes up to 100 domains in one request. */
export const OPEN_PAGE_RANK_BATCH = 100;

interface OprAnswer {
  status_code?: unknown;
  response?: unknown;
}

/**
 * Open PageRank: `GET /api/v1.0/getPageRank?domains[]=a&domains[]=b` with header `API-OPR: key`,
 * answering `{status_code, response: [{status_code, domain, page_rank_decimal, rank}]}`. Its score
 * runs 0–10 and is shown as "Open PageRank", never as a Domain Rating of another provider.
 */
export function openPageRankProvider(opts: { apiKey: string; baseUrl: string } & HttpOptions): DomainRatingProvider {
  return {
    name: 'openpagerank',
    label: 'Open PageRank',
    scale: 10,
    domainsPerRequest: OPEN_PAGE_RANK_BATCH,
    async fetchRatings(domains: string[]): Promise<FetchOutcome> {
      const out: FetchOutcome = { ratings: new Map(), errors: new Map(), unauthorised: false };
      for (let i = 0; i < domains.length; i += OPEN_PAGE_RANK_BATCH) {
        const batch = domains.slice(i, i + OPEN_PAGE_RANK_BATCH);
        const query = batch.map((d) => `domains[]=${encodeURIComponent(d)}`).join('&');
        const answer = await getJson(`${opts.baseUrl}/api/v1.0/getPageRank?${query}`, { 'API-OPR': opts.apiKey }, opts);
        if (!answer.ok) {
          // A refused key would be refused for the remaining batches too: stop here.
          for (const d of answer.unauthorised ? domains.slice(i) : batch) out.errors.set(d, answer.error);
          if (answer.unauthorised) {
            out.unauthorised = true;
            return out;
          }
          continue;
        }
        const body = answer.body as OprAnswer | null;
        if (!body || !Array.isArray(body.response)) {
          for (const d of batch) out.errors.set(d, 'malformed answer: no response list');
          continue;
        }
        const wanted = new Set(batch);
        for (const item of body.response as Record<string, unknown>[]) {
          const domain = typeof item?.domain === 'string' ? item.domain.toLowerCase() : null;
          if (!domain || !wanted.has(domain)) continue;
          if (item.status_code !== 200) {
            out.errors.set(
              domain,
              `not rated by Open PageRank (${String(item.status_code)}${item.error ? `: ${String(item.error)}` : ''})`,
            );
            continue;
          }
          const rating = ratingWithin(item.page_rank_decimal, 10);
          if (rating === null)
            out.errors.set(domain, 'malformed answer: page_rank_decimal is not a number from 0 to 10');
          else out.ratings.set(domain, rating);
        }
        for (const d of batch)
          if (!out.ratings.has(d) && !out.errors.has(d)) out.errors.set(d, 'missing from the answer');
      }
      return out;
    },
  };
}
