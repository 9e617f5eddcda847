import type { Db } from '../../db/client.js';
import { loadCatalog, type Product } from './catalog.js';
import { loadOrderSettings, type OrderSettings } from './order-settings.js';

/** What every quote reads and administrators rarely change: products with prices, sales settings, category slugs. */
export interface SalesCatalog {
  products: Product[];
  settings: OrderSettings;
  categorySlugs: Set<string>;
}

/**
 * How long an instance reuses its copy. A change made through the admin page or CLI is seen at once
 * on the instance that made it and, through a NOTIFY, on every other one; this bounds what a
 * missed notification (or a change made straight in the database) can leave stale.
 */
export const SALES_CATALOG_TTL_MS = 5_000;
export const SALES_CHANNEL = 'launchdeck_sales';

type Ctx = { db: Db; site: { id: number; name: string }; now(): Date };
const copies = new WeakMap<Db, Map<number, { loadedAt: number; value: Promise<SalesCatalog> }>>();

async function load(ctx: Ctx): Promise<SalesCatalog> {
  const [products, settings, cats] = await Promise.all([
    loadCatalog(ctx.db, ctx.site.id, ctx.now()),
    loadOrderSettings(ctx.db, ctx.site.id, ctx.site.name),
    ctx.db.query<{ slug: string }>('SELECT slug FROM categories WHERE site_id = $1', [ctx.site.id]),
  ]);
  return { products, settings, categorySlugs: new Set(cats.map((c) => c.slug)) };
}

/** This instance's copy of the site's sales catalogue, at most SALES_CATALOG_TTL_MS old (wall clock). */
export function salesCatalog(ctx: Ctx): Promise<SalesCatalog> {
  let perSite = copies.get(ctx.db);
  if (!perSite) copies.set(ctx.db, (perSite = new Map()));
  const hit = perSite.get(ctx.site.id);
  if (hit && Date.now() - hit.loadedAt < SALES_CATALOG_TTL_MS) return hit.value;
  const value = load(ctx);
  perSite.set(ctx.site.id, { loadedAt: Date.now(), value });
  // A failed load is not kept: the next quote tries again.
  value.catch(() => {
    if (perSite!.get(ctx.site.id)?.value === value) perSite!.delete(ctx.site.id);
  });
  return value;
}

/** Drops this instance's copies (all sites of the database): after a change here or a NOTIFY (context.ts). */
export function dropSalesCatalog(db: Db): void {
  copies.delete(db);
}
