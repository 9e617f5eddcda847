import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { openDatabase, type Db, type NoRows } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ensureSite } from './domain/site/site-repository.js';
import { ensureServerSecret } from './domain/site/server-secret.js';
import { ListingCache, LISTINGS_CHANNEL, profileCacheKey } from './domain/listings/listing-cache.js';
import { ViewCounter } from './domain/listings/view-counter.js';
import { ListingAnalytics } from './domain/analytics/analytics-counter.js';
import { siteHost } from './domain/analytics/referrer-host.js';
import { CredentialCache } from './api/credential-cache.js';
import { ensureCatalog } from './domain/orders/catalog.js';
import { dropSalesCatalog, SALES_CHANNEL } from './domain/orders/sales-catalog.js';
import { requireSecretsKeyForStoredKeys } from './domain/revenue/revenue-connection.js';
import { dropVoteSettings } from './domain/votes/vote-settings.js';

/** Opens the database, applies pending migrations and assembles what every part shares. */
export async function createAppContext(config: Config, opts: { db?: Db; now?: () => Date } = {}): Promise<AppContext> {
  const db = opts.db ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrate(db);
  // Stored revenue keys cannot be read without SECRETS_KEY: refuse to start rather than break them silently.
  await requireSecretsKeyForStoredKeys(db, config);
  const site = await ensureSite(db, config.siteKey);
  const secret = await ensureServerSecret(db, site.id);
  await ensureCatalog(db, site.id);
  const credentials = new CredentialCache(db, 30_000, 20_000, () => (opts.now ?? (() => new Date()))().getTime());
  await credentials.start();
  // Profiles for five minutes (± a quarter): every write to a listing announces itself here and to
  // every instance, so the TTL only bounds what nobody announces (view counts, SQL typed by hand) —
  // and each profile read in that time is reloaded when it ends (ten queries), which at 10 s was
  // most of the embedded database's work for a few hundred busy listings.
  const listingCache = new ListingCache(300_000, 60_000, 5_000, Date.now, 0.25);
  const readCache = new ListingCache(config.readCacheSeconds * 1000, config.readCacheSeconds * 1000, 2_000);
  await dropCachedCopiesOnChange(db, listingCache, readCache);
  const now = opts.now ?? (() => new Date());
  const ctx: AppContext = {
    secret,
    credentials,
    db,
    config,
    site,
    listingCache,
    readCache,
    views: new ViewCounter(db),
    // ctx.config, not config: tests put the address they listen on in PUBLIC_URL after this.
    analytics: new ListingAnalytics(db, {
      enabled: config.analytics,
      ownHost: () => siteHost(ctx.config.publicUrl),
      now,
    }),
    now,
  };
  return ctx;
}

/** The LISTINGS_CHANNEL payload of a change to every listing at once (a profile key has a colon). */
const EVERY_LISTING = '*';

/**
 * The caches' side of db.changed (db/changes.ts): a write made here empties this instance's copies
 * before the writer's call returns, so its next read shows it; other instances hear of it through
 * NOTIFY. The payload on LISTINGS_CHANNEL is a profile key, `${siteId}:` (no listing has an empty
 * slug) when only the lists go, or EVERY_LISTING. The pages memoised from these reads
 * (site/page-memo.ts) go whenever the read cache is emptied.
 */
async function dropCachedCopiesOnChange(db: Db, listingCache: ListingCache, readCache: ListingCache): Promise<void> {
  const notify = (channel: string, payload: string) =>
    void db.query<NoRows>('SELECT pg_notify($1, $2)', [channel, payload]).catch(() => {});
  db.onChange((change) => {
    switch (change.kind) {
      case 'listing': {
        // Any listing write (a vote too) can change a list, so the cached list answers go too: a
        // vote shows on the next page anyone opens, on every instance.
        const key = profileCacheKey(change.siteId, change.slug);
        listingCache.invalidate(key);
        readCache.clear();
        notify(LISTINGS_CHANNEL, key);
        return;
      }
      case 'all_listings':
        listingCache.clear();
        readCache.clear();
        notify(LISTINGS_CHANNEL, EVERY_LISTING);
        return;
      case 'categories':
        // list_categories and get_category are cached reads and every profile names its categories.
        // Other instances empty their read cache at once; their profiles follow within the TTL.
        readCache.clear();
        listingCache.clear();
        dropSalesCatalog(db); // quotes check category slugs against it
        notify(LISTINGS_CHANNEL, `${change.siteId}:`);
        return;
      case 'content':
        // No cached read holds it, but the memoised pages go with the read cache, everywhere.
        readCache.clear();
        notify(LISTINGS_CHANNEL, ':');
        return;
      case 'site_settings':
        // Vote settings are reused for VOTE_SETTINGS_TTL_MS elsewhere; sales settings are told at once.
        dropVoteSettings(db, change.siteId);
        dropSalesCatalog(db);
        notify(SALES_CHANNEL, 'changed');
        return;
      case 'sales_catalog':
        dropSalesCatalog(db);
        notify(SALES_CHANNEL, 'changed');
        return;
    }
  });
  // Changes made on other instances.
  await db.listen(LISTINGS_CHANNEL, (key) => {
    if (key === EVERY_LISTING) listingCache.clear();
    else listingCache.invalidate(key);
    readCache.clear();
  });
  await db.listen(SALES_CHANNEL, () => dropSalesCatalog(db));
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.views.stop().catch(() => {});
  await ctx.analytics.stop().catch(() => {});
  await ctx.db.close();
}
