import type { Config } from './config.js';
import type { Db } from './db/client.js';
import type { Site } from './domain/site/site-repository.js';
import type { ListingCache } from './domain/listings/listing-cache.js';
import type { ViewCounter } from './domain/listings/view-counter.js';
import type { ListingAnalytics } from './domain/analytics/analytics-counter.js';
import type { CredentialCache } from './api/credential-cache.js';

/** What every handler, job and page can reach: built once at start-up, shared by all requests. */
export interface AppContext {
  db: Db;
  config: Config;
  site: Site;
  listingCache: ListingCache;
  /** Answers of public list reads (operations marked `cached`), per instance, for READ_CACHE_SECONDS. */
  readCache: ListingCache;
  views: ViewCounter;
  /** Page views, website clicks and referrers per listing per day, counted in memory and flushed each minute. */
  analytics: ListingAnalytics;
  /** Recently verified API keys and tokens (see credential-cache.ts). */
  credentials: CredentialCache;
  /** Signs cookies; shared by all instances through the database. */
  secret: string;
  /** The clock; tests replace it to move through launch weeks. */
  now(): Date;
}
