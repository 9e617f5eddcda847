import type { AppContext } from '../../app-context.js';
import { fromJson, type Queryable } from '../../db/client.js';
import { AppError, badRequest, forbidden, summarize } from '../../errors/app-error.js';
import {
  checkItems,
  ForeignListingError,
  type CheckedItem,
  type ListingFacts,
  type OrderItemInput,
} from './order-items.js';
import type { OrderSettings } from './order-settings.js';
import { salesCatalog, type SalesCatalog } from './sales-catalog.js';
import { PAID_WEEK_LOADS_SQL, weekAvailability, weeksOnSale } from './paid-weeks.js';
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

export interface VatSummary {
  kind: VatDecision['kind'];
  rate_bp: number;
  rate: string;
  country: string | null;
  vat_number: string | null;
  explanation: string;
  legal_mention: string | null;
}

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

export interface PricedOrder {
  quote: Quote;
  items: CheckedItem[];
  settings: OrderSettings;
  vat: VatDecision;
}

// Everything a quote reads that changes with each order, in one round trip: the places taken in
// the weeks on sale, and the named listings ($4) with whether the caller ($5) owns them.
const ORDER_FACTS = `SELECT
  (SELECT coalesce(json_agg(w), '[]') FROM (${PAID_WEEK_LOADS_SQL}) w) AS loads,
  (SELECT coalesce(json_agg(f), '[]') FROM (
     SELECT l.id, c.name, l.slug, l.status, l.plan, to_char(l.launch_week, 'YYYY-MM-DD') AS launch_week, l.launched_at,
            o.user_id IS NOT NULL AS owned
       FROM listings l JOIN companies c ON c.id = l.company_id
       LEFT JOIN listing_owners o ON o.listing_id = l.id AND o.user_id = $5
      WHERE l.site_id = $1 AND l.id = ANY($4::int[])) f) AS listings`;

// Only orders with extra_categories need the listings' categories.
const LISTING_CATEGORIES = `SELECT l.id, pc.slug AS primary_category,
       coalesce((SELECT array_agg(xc.slug ORDER BY xc.slug) FROM listing_extra_categories x
       JOIN categories xc ON xc.id = x.category_id WHERE x.listing_id = l.id), '{}') AS extra_categories
  FROM listings l LEFT JOIN categories pc ON pc.id = l.primary_category_id WHERE l.id = ANY($1::int[])`;

async function orderFacts(
  db: Queryable,
  siteId: number,
  weeks: string[],
  now: Date,
  ids: number[],
  userId: number,
  withCategories: boolean,
) {
  const [row] = await db.query<{ loads: unknown; listings: unknown }>(
    ORDER_FACTS,
    [siteId, weeks, now.toISOString(), ids, userId],
    { prepare: 'quote_order_facts' },
  );
  const listings = new Map<number, ListingFacts>();
  const foreign = new Set<number>();
  // JSON timestamps keep PostgreSQL's text form; the rules only ask whether there is one.
  for (const { owned, ...l } of fromJson<
    (Omit<ListingFacts, 'primary_category' | 'extra_categories'> & { owned: boolean })[]
  >(row.listings)) {
    if (owned) listings.set(l.id, { ...l, primary_category: null, extra_categories: [] });
    else foreign.add(l.id);
  }
  if (withCategories && listings.size) {
    for (const c of await db.query<{ id: number; primary_category: string | null; extra_categories: string[] }>(
      LISTING_CATEGORIES,
      [[...listings.keys()]],
    )) {
      Object.assign(listings.get(c.id)!, {
        primary_category: c.primary_category,
        extra_categories: c.extra_categories,
      });
    }
  }
  return {
    loads: new Map(fromJson<{ week: string; n: number }[]>(row.loads).map((r) => [r.week, r.n])),
    listings,
    foreign,
  };
}

/** Category slugs the items name that the catalogue copy does not know (added since it was read), checked in the
 *  database. */
async function withNewCategories(
  db: Queryable,
  siteId: number,
  known: Set<string>,
  items: OrderItemInput[],
): Promise<Set<string>> {
  const unknown = [...new Set(items.flatMap((i) => i.categories ?? []))].filter((s) => !known.has(s));
  if (unknown.length === 0) return known;
  const rows = await db.query<{ slug: string }>(
    'SELECT slug FROM categories WHERE site_id = $1 AND slug = ANY($2::text[])',
    [siteId, unknown],
  );
  return rows.length ? new Set([...known, ...rows.map((r) => r.slug)]) : known;
}

export function vatSummary(v: VatDecision): VatSummary {
  return {
    kind: v.kind,
    rate_bp: v.rate_bp,
    rate: formatRate(v.rate_bp),
    country: v.country,
    vat_number: v.vat_number,
    explanation: v.explanation,
    legal_mention: v.legal_mention,
  };
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
export function vatFor(
  sellerCountry: string | null,
  billingCountry: string | null | undefined,
  vatNumber: string | null | undefined,
): VatDecision {
  const problem = vatProblem({ billing_country: billingCountry, vat_number: vatNumber });
  if (problem) throw badRequest(`${problem.path}: ${problem.message}`, [problem]);
  return decideVat({ sellerCountry, buyerCountry: billingCountry ?? null, vatNumber: vatNumber ?? null });
}

/**
 * quote_order (and the pricing step of create_checkout): every item checked against the rules of
 * its product and priced at the current admin prices, with VAT for the billing country and VAT
 * number. Nothing is saved. 400 names every bad field (`items[i].field`); a listing of another
 * account is a 403.
 */
export async function priceOrder(
  ctx: AppContext,
  db: Queryable,
  userId: number,
  req: OrderRequest,
  catalog?: SalesCatalog,
): Promise<PricedOrder> {
  const now = ctx.now();
  // Inside a transaction the caller reads the catalogue first: embedded PGlite has one connection,
  // which the transaction holds until it ends.
  const { products, settings, categorySlugs } = catalog ?? (await salesCatalog(ctx));
  // Bad VAT fields are refused before anything is read.
  const vat = vatFor(settings.seller.country, req.billing_country, req.vat_number);
  const weeks = weeksOnSale(now, settings.weeksAhead);
  const ids = [...new Set(req.items.map((i) => i.listing_id).filter((id): id is number => typeof id === 'number'))];
  const { loads, ...owned } = await orderFacts(
    db,
    ctx.site.id,
    weeks,
    now,
    ids,
    userId,
    req.items.some((i) => i.product === 'extra_categories'),
  );
  const cats = await withNewCategories(db, ctx.site.id, categorySlugs, req.items);
  let checked;
  try {
    checked = checkItems(req.items, {
      products,
      ...owned,
      weeks: weekAvailability(weeks, loads, settings.paidWeekCapacity),
      categorySlugs: cats,
    });
  } catch (err) {
    if (err instanceof ForeignListingError)
      throw forbidden(
        `${err.path}: listing ${err.listingId} belongs to another account; you can order only for listings you ` +
          `own or co-own.`,
      );
    throw err;
  }
  if (checked.errors.length) throw new AppError(400, summarize(checked.errors), { errors: checked.errors });
  const lines = checked.items.map((i) => lineOf(i, vat));
  const warnings = [...checked.warnings];
  if (vat.kind === 'unknown_country')
    warnings.push('No billing_country given: VAT is added once the billing country is known (on the checkout page).');
  return {
    quote: {
      currency: 'USD',
      lines,
      ...totalsOf(lines),
      reverse_charge: vat.reverse_charge,
      vat: vatSummary(vat),
      warnings,
    },
    items: checked.items,
    settings,
    vat,
  };
}
