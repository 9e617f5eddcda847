import type { AppContext } from '../../app-context.js';
import type { ItemProperty } from './catalog.js';
import { salesCatalog } from './sales-catalog.js';
import { paidWeekLoads, weekAvailability, weeksOnSale, type WeekOnSale } from './paid-weeks.js';
import { paymentProviderFor } from '../../payments/providers.js';

export interface ProductEntry {
  code: string;
  name: string;
  description: string;
  price_cents: number;
  /** `item` (per item) or `category` (extra_categories: per category) or `minimum` (billboard_min: amount_cents, at
   *  least this). */
  price_per: 'item' | 'category' | 'minimum';
  needs_listing: boolean;
  takes: ItemProperty[];
  week_required: boolean;
  options: Record<string, unknown> | null;
  includes: { code: string; name: string }[];
  min_amount_cents: number | null;
}

export interface ProductList {
  items: ProductEntry[];
  weeks: WeekOnSale[];
  billboard_min_cents: number | null;
  currency: 'USD';
  vat_note: string;
  seller_country: string | null;
  payment: { provider: string; test_mode: boolean };
}

/** list_products: what is on sale, at what price, with the launch weeks that still have paid places. */
export async function listProducts(ctx: AppContext): Promise<ProductList> {
  const now = ctx.now();
  const { products, settings } = await salesCatalog(ctx);
  const weeks = weeksOnSale(now, settings.weeksAhead);
  const loads = await paidWeekLoads(ctx.db, ctx.site.id, weeks, now);
  const names = new Map<string, string>(products.map((p) => [p.code, p.name]));
  const billboard = products.find((p) => p.code === 'billboard_min');
  const provider = paymentProviderFor(ctx.config);
  return {
    items: products.map((p) => ({
      code: p.code,
      name: p.name,
      description: p.description,
      price_cents: p.priceCents,
      price_per: p.code === 'billboard_min' ? 'minimum' : p.pricedPerCategory ? 'category' : 'item',
      needs_listing: p.needsListing,
      takes: p.takes,
      week_required: p.weekRequired,
      options: p.options,
      includes:
        p.code === 'launch_bundle'
          ? p.includes.filter((c) => names.has(c)).map((c) => ({ code: c, name: names.get(c)! }))
          : [],
      min_amount_cents: p.code === 'billboard_min' ? p.priceCents : null,
    })),
    weeks: weekAvailability(weeks, loads, settings.paidWeekCapacity),
    billboard_min_cents: billboard?.priceCents ?? null,
    currency: 'USD',
    vat_note:
      "Prices are in USD cents and exclude VAT. EU consumers pay their country's VAT; EU businesses with a " +
      'valid VAT number from another EU country than ours are reverse charged; outside the EU no VAT is added. ' +
      'quote_order shows the VAT for a billing_country and vat_number.',
    seller_country: settings.seller.country,
    payment: { provider: provider.name, test_mode: provider.testMode },
  };
}
