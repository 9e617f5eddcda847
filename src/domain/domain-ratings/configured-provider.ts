import type { DomainRatingConfig } from '../../config.js';
import { ahrefsProvider } from './ahrefs.js';
import { openPageRankProvider } from './open-page-rank.js';
import type { DomainRatingProvider } from './provider.js';

/** The provider the settings name, or null: then readings only come from the CSV import. */
export function configuredProvider(c: DomainRatingConfig, now: () => Date): DomainRatingProvider | null {
  if (c.provider === 'ahrefs' && c.ahrefs.apiKey)
    return ahrefsProvider({
      apiKey: c.ahrefs.apiKey,
      baseUrl: c.ahrefs.baseUrl,
      today: () => now().toISOString().slice(0, 10),
    });
  if (c.provider === 'openpagerank' && c.openPageRank.apiKey)
    return openPageRankProvider({ apiKey: c.openPageRank.apiKey, baseUrl: c.openPageRank.baseUrl });
  return null;
}
