import { getJson, ratingWithin, type DomainRatingProvider, type FetchOutcome, type HttpOptions } from './provider.js';

/**
 * Ahrefs API v3, Site Explorer "domain-rating": one domain per request,
 * `GET /v3/site-explorer/domain-rating?target=…&date=YYYY-MM-DD` with a bearer key,
 * answering `{ "domain_rating": { "domain_rating": 57, "ahrefs_rank": … } }`.
 */
export function ahrefsProvider(
  opts: { apiKey: string; baseUrl: string; today: () => string } & HttpOptions,
): DomainRatingProvider {
  return {
    name: 'ahrefs',
    label: 'Ahrefs Domain Rating',
    scale: 100,
    domainsPerRequest: 1,
    async fetchRatings(domains: string[]): Promise<FetchOutcome> {
      const out: FetchOutcome = { ratings: new Map(), errors: new Map(), unauthorised: false };
      for (const [i, domain] of domains.entries()) {
        const url = `${opts.baseUrl}/v3/site-explorer/domain-rating?target=${encodeURIComponent(domain)}&date=${opts.today()}`;
        const answer = await getJson(url, { authorization: `Bearer ${opts.apiKey}` }, opts);
        if (!answer.ok) {
          if (answer.unauthorised) {
            // The same key would be refused for every other domain: stop here.
            for (const d of domains.slice(i)) out.errors.set(d, answer.error);
            out.unauthorised = true;
            return out;
          }
          out.errors.set(domain, answer.error);
          continue;
        }
        const rating = ratingWithin(
          (answer.body as { domain_rating?: { domain_rating?: unknown } } | null)?.domain_rating?.domain_rating,
          100,
        );
        if (rating === null) out.errors.set(domain, 'malformed answer: no domain_rating.domain_rating from 0 to 100');
        else out.ratings.set(domain, rating);
      }
      return out;
    },
  };
}
