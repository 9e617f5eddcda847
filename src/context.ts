import type { AppContext } from './app-context.js';
import type { Config } from './config.js';
import { openDatabase, type Db } from './db/client.js';
import { migrate } from './db/migrate.js';
import { ensureSite } from './domain/site/site-repository.js';
import { ensureServerSecret } from './domain/site/server-secret.js';
import { ListingCache, LISTINGS_CHANNEL } from './domain/listings/listing-cache.js';
import { ViewCounter } from './domain/listings/view-counter.js';
import { CredentialCache } from './api/credential-cache.js';
import { ensureCatalog } from './domain/orders/catalog.js';
import { dropSalesCatalog, SALES_CHANNEL } from './domain/orders/sales-catalog.js';
import { requireSecretsKeyForStoredKeys } from './domain/revenue/revenue-connection.js';

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
  const listingCache = new ListingCache();
  const readCache = new ListingCache(config.readCacheSeconds * 1000, config.readCacheSeconds * 1000, 2_000);
  // Listing writes on other instances arrive here (see forgetListingProfile); any of them can
  // change a list, so cached list answers go too.
  await db.listen(LISTINGS_CHANNEL, (key) => {
    listingCache.invalidate(key);
    readCache.clear();
  });
  // Prices and sales settings changed on another instance.
  await db.listen(SALES_CHANNEL, () => dropSalesCatalog(db));
  return {
    secret,
    credentials,
    db,
    config,
    site,
    listingCache,
    readCache,
    views: new ViewCounter(db),
    now: opts.now ?? (() => new Date()),
  };
}

export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.views.stop().catch(() => {});
  await ctx.db.close();
}
