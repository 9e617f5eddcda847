import type { AppContext } from '../../app-context.js';
import type { Queryable } from '../../db/client.js';
import { HttpError, badRequest, forbidden } from '../../api/errors.js';
import { summarize } from '../../api/validation.js';
import { loadCatalog } from './catalog.js';
import { checkItems, ForeignListingError, type CheckedItem, type ListingFacts, type OrderItemInput } from './order-items.js';
import { loadOrderSettings, type OrderSettings } from './order-settings.js';
import { paidWeekLoads, weekAvailability, weeksOnSale } from './paid-weeks.js';
import { decideVat, formatRate, vatOnNet, vatProblem, type VatDecision } from './vat.js';

export interface OrderRequest {
  items: OrderItemInput[];
  billing_country?: string;
  vat_number?: string;
}

/** One priced line as quote_order, create_checkout and get_order show it. */
export interface QuoteLine {
  product: string;
  name: string;
  listing_id: number | null;
  listing_name: string | null;
  week: string | null;
  categories: string[];
  options: Record<string, unknown> | null;
  amount_cents: number | null;
  quantity: number;
  unit_price_cents: number;
  net_cents: number;
  vat_rate_bp: number;
  vat_rate: string;
  vat_cents: number;
  total_cents: number;
  /** Bundles: what it contains (each fulfilled on its own). */
  includes: string[];
}

export interface VatSummary { kind: VatDecision['kind']; rate_bp: number; rate: string; country: string | null; vat_number: string | null; explanation: string; legal_mention: string | null }

export interface Quote {
  currency: 'USD';
  lines: QuoteLine[];
  subtotal_cents: number;
  vat_cents: number;
  total_cents: number;
  reverse_charge: boolean;
  vat: VatSummary;
  warnings: string[];
}

export interface PricedOrder { quote: Quote; items: CheckedItem[]; settings: OrderSettings; vat: VatDecision }

const LISTING_FACTS = `SELECT l.id, c.name, l.slug, l.status, l.plan, to_char(l.launch_week, 'YYYY-MM-DD') AS launch_week, l.launched_at,
       pc.slug AS primary_category,
       coalesce((SELECT array_agg(xc.slug ORDER BY xc.slug) FROM listing_extra_categories x JOIN categories xc ON xc.id = x.category_id WHERE x.listing_id = l.id), '{}') AS extra_categories,
       EXISTS (SELECT 1 FROM listing_owners o WHERE o.listing_id = l.id AND o.user_id = $3) AS owned
  FROM listings l JOIN companies c ON c.id = l.company_id LEFT JOIN categories pc ON pc.id = l.primary_category_id
 WHERE l.site_id = $1 AND l.id = ANY($2::int[])`;

async function listingFacts(db: Queryable, siteId: number, ids: number[], userId: number) {
  const rows = ids.length ? await db.query<ListingFacts & { owned: boolean }>(LISTING_FACTS, [siteId, ids, userId]) : [];
  const listings = new Map<number, ListingFacts>();
  const foreign = new Set<number>();
  for (const { owned, ...l } of rows) (owned ? listings.set(l.id, l) : foreign.add(l.id));
  return { listings, foreign };
}

export function vatSummary(v: VatDecision): VatSummary {
  return { kind: v.kind, rate_bp: v.rate_bp, rate: formatRate(v.rate_bp), country: v.country, vat_number: v.vat_number, explanation: v.explanation, legal_mention: v.legal_mention };
}

/** A checked item priced with VAT: VAT is computed per line, rounded half up. */
export function lineOf(item: CheckedItem, vat: VatDecision): QuoteLine {
  const vatCents = vatOnNet(item.netCents, vat.rate_bp);
  return {
    product: item.product.code,
    name: item.product.name,
    listing_id: item.listing?.id ?? null,
    listing_name: item.listing?.name ?? null,
    week: item.week,
    categories: item.categories,
    options: item.options,
    amount_cents: item.amountCents,
    quantity: item.quantity,
    unit_price_cents: item.unitPriceCents,
    net_cents: item.netCents,
    vat_rate_bp: vat.rate_bp,
    vat_rate: formatRate(vat.rate_bp),
    vat_cents: vatCents,
    total_cents: item.netCents + vatCents,
    includes: item.parts.map((p) => p.code),
  };
}

export function totalsOf(lines: { net_cents: number; vat_cents: number }[]) {
  const subtotal = lines.reduce((s, l) => s + l.net_cents, 0);
  const vat = lines.reduce((s, l) => s + l.vat_cents, 0);
  return { subtotal_cents: subtotal, vat_cents: vat, total_cents: subtotal + vat };
}

/** Refuses bad VAT fields with a 400 naming the field; otherwise the VAT decision for them. */
export function vatFor(sellerCountry: string | null, billingCountry: string | null | undefined, vatNumber: string | null | undefined): VatDecision {
  const problem = vatProblem({ billing_country: billingCountry, vat_number: vatNumber });
  if (problem) throw badRequest(`${problem.path}: ${problem.message}`, [problem]);
  return decideVat({ sellerCountry, buyerCountry: billingCountry ?? null, vatNumber: vatNumber ?? null });
}

/**
 * quote_order (and the pricing step of create_checkout): every item checked against the rules of
 * SPEC §4.5 and priced at the current admin prices, with VAT for the billing country and VAT
 * number. Nothing is saved. 400 names every bad field (`items[i].field`); a listing of another
 * account is a 403.
 */
export async function priceOrder(ctx: AppContext, db: Queryable, userId: number, req: OrderRequest): Promise<PricedOrder> {
  const now = ctx.now();
  const settings = await loadOrderSettings(db, ctx.site.id, ctx.site.name);
  const weeks = weeksOnSale(now, settings.weeksAhead);
  const ids = [...new Set(req.items.map((i) => i.listing_id).filter((id): id is number => typeof id === 'number'))];
  const reads = [
    () => loadCatalog(db, ctx.site.id, now),
    () => paidWeekLoads(db, ctx.site.id, weeks, now),
    () => listingFacts(db, ctx.site.id, ids, userId),
    () => db.query<{ slug: string }>('SELECT slug FROM categories WHERE site_id = $1', [ctx.site.id]),
  ] as const;
  // In a transaction (create_checkout) one connection serves them in turn; otherwise from the pool at once.
  const inTx = db !== ctx.db;
  const [products, loads, owned, cats] = inTx
    ? [await reads[0](), await reads[1](), await reads[2](), await reads[3]()]
    : await Promise.all([reads[0](), reads[1](), reads[2](), reads[3]()]);
  const vat = vatFor(settings.seller.country, req.billing_country, req.vat_number);
  let checked;
  try {
    checked = checkItems(req.items, { products, ...owned, weeks: weekAvailability(weeks, loads, settings.paidWeekCapacity), categorySlugs: new Set(cats.map((c) => c.slug)) });
  } catch (err) {
    if (err instanceof ForeignListingError) throw forbidden(`${err.path}: listing ${err.listingId} belongs to another account; you can order only for listings you own or co-own.`);
    throw err;
  }
  if (checked.errors.length) throw new HttpError(400, summarize(checked.errors), { errors: checked.errors });
  const lines = checked.items.map((i) => lineOf(i, vat));
  const warnings = [...checked.warnings];
  if (vat.kind === 'unknown_country') warnings.push('No billing_country given: VAT is added once the billing country is known (on the checkout page).');
  return {
    quote: { currency: 'USD', lines, ...totalsOf(lines), reverse_charge: vat.reverse_charge, vat: vatSummary(vat), warnings },
    items: checked.items, settings, vat,
  };
}

