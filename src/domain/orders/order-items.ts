import type { FieldError } from '../../errors/app-error.js';
import { compile, toFieldErrors } from '../../validation/json-schema.js';
import { parseDate } from '../weeks/weeks.js';
import { definitionOf, type ItemProperty, type Product, type ProductCode } from './catalog.js';
import { WEEK_PLACE_PRODUCTS, type WeekOnSale } from './paid-weeks.js';
import { formatUsd } from '../money/format-money.js';

/** One order item as sent to quote_order or create_checkout. */
export interface OrderItemInput {
  product: string;
  listing_id?: number;
  week?: string;
  amount_cents?: number;
  categories?: string[];
  options?: Record<string, unknown>;
}

/** What the rules need to know about a listing named by an item (loaded for the caller). */
export interface ListingFacts {
  id: number;
  name: string;
  slug: string;
  status: string;
  plan: string | null;
  launch_week: string | null;
  launched_at: string | null;
  primary_category: string | null;
  extra_categories: string[];
}

export interface ItemFacts {
  products: Product[];
  /** Listings the caller owns or co-owns, by id; `foreign` are ids that exist but are someone else's. */
  listings: Map<number, ListingFacts>;
  foreign: Set<number>;
  weeks: WeekOnSale[];
  categorySlugs: Set<string>;
}

export interface CheckedItem {
  index: number;
  product: Product;
  listing: ListingFacts | null;
  week: string | null;
  categories: string[];
  options: Record<string, unknown> | null;
  amountCents: number | null;
  quantity: number;
  unitPriceCents: number;
  netCents: number;
  /** Bundles: the products it contains, each becoming a line of its own at no extra cost. */
  parts: Product[];
}

/** Raised when an item names a listing that belongs to another account (403, never a 400). */
export class ForeignListingError extends Error {
  constructor(
    readonly path: string,
    readonly listingId: number,
  ) {
    super(`${path}: listing ${listingId} is not yours`);
  }
}

export const MAX_EXTRA_CATEGORIES = 3;
const LAUNCH_KINDS = new Set<string>(WEEK_PLACE_PRODUCTS);
const PROPERTY_PRODUCTS: Record<ItemProperty, string> = {
  week: 'launch, launch_bundle, skip_queue and relaunch',
  categories: 'extra_categories',
  amount_cents: 'billboard_min',
  options: 'products whose list_products entry has options',
};

const isLive = (l: ListingFacts) => l.status === 'live';
const hasPaidLaunch = (l: ListingFacts) => l.plan === 'paid' && (l.status === 'scheduled' || l.status === 'live');

/** What a product's own rules see of one item, and how they report what is wrong. */
interface RuleInput {
  item: OrderItemInput;
  product: Product;
  /** The caller's listing the item names, when it is one they may order for. */
  listing: ListingFacts | null;
  week: string | null;
  facts: ItemFacts;
  fail: (field: string, message: string) => void;
  /** A warning about this item (prefixed `items[i]: `). */
  warn: (message: string) => void;
}

/** What a product's rules read from the item besides its listing and week. */
interface RuleOutcome {
  categories?: string[];
  amountCents?: number;
}

type ItemRules = (c: RuleInput) => RuleOutcome;

/** A launch (or a bundle's launch part) for a listing that already has one is refused. */
function launchRules({ listing, fail }: RuleInput): RuleOutcome {
  if (listing && isLive(listing))
    fail('listing_id', `${listing.name} is already live; buy relaunch for a new launch in a later week`);
  else if (listing && hasPaidLaunch(listing))
    fail('listing_id', `${listing.name} already has a paid launch (week of ${listing.launch_week})`);
  return {};
}

// Options, when a product takes them, are checked against its schema for every product alike.
const noRules: ItemRules = () => ({});

/** Each product's own rules (weeks, categories, billboard minimum, options), checked after those every item shares. */
const PRODUCT_RULES: { [P in ProductCode]: ItemRules } = {
  launch: launchRules,
  launch_bundle: (c) => (c.product.includes.includes('launch') ? launchRules(c) : {}),
  skip_queue: ({ listing, week, fail }) => {
    if (!listing) return {};
    const queued = listing.plan === 'free' && (listing.status === 'awaiting_badge' || listing.status === 'scheduled');
    if (!queued)
      fail(
        'listing_id',
        `skip_queue applies only to a listing waiting in the free queue; ${listing.name} is ` +
          `${listing.status}${listing.plan ? ` on the ${listing.plan} plan` : ''} (a paid launch chooses its ` +
          `week on the launch product)`,
      );
    else if (week && listing.launch_week && week >= listing.launch_week)
      fail('week', `must be earlier than the free-queue week of ${listing.name} (${listing.launch_week})`);
    return {};
  },
  relaunch: ({ listing, fail }) => {
    if (listing && !(isLive(listing) && listing.launched_at))
      fail(
        'listing_id',
        `relaunch is for a listing that has launched before; ${listing.name} is ${listing.status} (launch it first)`,
      );
    return {};
  },
  featured: ({ listing, warn }) => {
    if (listing && !isLive(listing) && listing.status !== 'scheduled')
      warn(
        `${listing.name} is not public yet; featured placement starts when the order is paid and shows once ` +
          `the listing is live.`,
      );
    return {};
  },
  done_for_you: noRules,
  ai_review: noRules,
  extra_categories: ({ item, listing, facts, fail }) => {
    const wanted = item.categories ?? [];
    if (wanted.length === 0)
      fail('categories', 'is required for extra_categories: 1 to 3 category slugs (list_categories)');
    if (new Set(wanted).size !== wanted.length) fail('categories', 'must not repeat a category');
    const existing = listing?.extra_categories ?? [];
    if (wanted.length > MAX_EXTRA_CATEGORIES)
      fail('categories', `must have at most ${MAX_EXTRA_CATEGORIES} categories`);
    else if (listing && existing.length + wanted.length > MAX_EXTRA_CATEGORIES) {
      fail(
        'categories',
        `${listing.name} already has ${existing.length} extra categor${existing.length === 1 ? 'y' : 'ies'}; ` +
          `at most ${MAX_EXTRA_CATEGORIES} in all, so ${MAX_EXTRA_CATEGORIES - existing.length} more`,
      );
    }
    wanted.forEach((slug, j) => {
      if (!facts.categorySlugs.has(slug))
        fail(`categories[${j}]`, `"${slug}" is not a category slug (list_categories)`);
      else if (listing && slug === listing.primary_category)
        fail(`categories[${j}]`, `"${slug}" is already the primary category of ${listing.name}`);
      else if (listing && existing.includes(slug)) fail(`categories[${j}]`, `${listing.name} is already in "${slug}"`);
    });
    return { categories: wanted };
  },
  billboard_min: ({ item, product, listing, fail, warn }) => {
    if (listing && !isLive(listing))
      warn(
        `${listing.name} is not live; the billboard ranks live listings only, so the contribution shows once it is.`,
      );
    const amountCents = item.amount_cents ?? product.priceCents;
    if (amountCents < product.priceCents)
      fail(
        'amount_cents',
        `must be at least the billboard minimum of ${product.priceCents} cents (${formatUsd(product.priceCents)})`,
      );
    return { amountCents };
  },
  trophy_cabinet: noRules,
};

/**
 * Checks every item against its product's rules and prices it at the current prices. Returns the priced items,
 * every field error found (paths `items[i].field`) and warnings; throws ForeignListingError for a
 * listing of another account. `weekLoads` counts places already taken, so items of this very order
 * compete for a week's last places too.
 */
export function checkItems(
  items: OrderItemInput[],
  facts: ItemFacts,
): { items: CheckedItem[]; errors: FieldError[]; warnings: string[] } {
  const errors: FieldError[] = [];
  const warnings: string[] = [];
  const out: CheckedItem[] = [];
  const byCode = new Map<string, Product>(facts.products.map((p) => [p.code, p]));
  const weekLeft = new Map(facts.weeks.map((w) => [w.week, w.places_left]));
  const onSale = facts.weeks.map((w) => w.week);
  // Per listing: the products this order already gives it, to refuse what makes no sense twice.
  const given = new Map<number, Map<string, number>>();

  items.forEach((item, i) => {
    const at = (field: string) => `items[${i}].${field}`;
    const fail = (field: string, message: string) => {
      errors.push({ path: at(field), message });
    };
    const product = byCode.get(item.product);
    if (!product) {
      fail(
        'product',
        `is not a product on sale here; choose one of: ${facts.products.map((p) => p.code).join(', ')} (list_products)`,
      );
      return;
    }
    const before = errors.length;
    for (const prop of ['week', 'categories', 'amount_cents', 'options'] as ItemProperty[]) {
      if (item[prop] !== undefined && !product.takes.includes(prop))
        fail(prop, `applies only to ${PROPERTY_PRODUCTS[prop]}, not to ${product.code}`);
    }

    // The listing
    let listing: ListingFacts | null = null;
    if (item.listing_id === undefined) {
      if (product.needsListing)
        fail('listing_id', `is required for ${product.code} (the id of one of your listings, from list_my_listings)`);
    } else if (!product.needsListing) {
      fail('listing_id', `does not apply to ${product.code}`);
    } else if (facts.foreign.has(item.listing_id)) {
      throw new ForeignListingError(at('listing_id'), item.listing_id);
    } else {
      listing = facts.listings.get(item.listing_id) ?? null;
      if (!listing) fail('listing_id', `there is no listing with id ${item.listing_id}`);
      // Buying a launch or a placement must not bring back what a moderator took off the site.
      else if (listing.status === 'hidden') {
        fail(
          'listing_id',
          `listing ${item.listing_id} was hidden by the site's moderators and cannot be ordered for; contact ` +
            `the site's administrators`,
        );
        listing = null;
      }
    }

    // The week
    let week: string | null = null;
    if (item.week !== undefined) {
      const date = parseDate(item.week);
      if (!date) fail('week', 'must be a real date, YYYY-MM-DD');
      else if (date.getUTCDay() !== 1) fail('week', 'must be a Monday (launch weeks run Monday to Sunday, UTC)');
      else if (!weekLeft.has(item.week))
        fail(
          'week',
          `is not a launch week on sale; choose one of ${onSale[0]} … ${onSale[onSale.length - 1]} (list_products)`,
        );
      else if ((weekLeft.get(item.week) ?? 0) <= 0)
        fail(
          'week',
          `the week of ${item.week} has no paid launch place left; choose another week (list_products shows ` +
            `which have room)`,
        );
      else week = item.week;
    } else if (product.weekRequired) {
      fail('week', `is required for ${product.code}: a launch-week Monday from list_products`);
    }

    // Product-specific rules
    const warn = (message: string) => warnings.push(`items[${i}]: ${message}`);
    const ruled = PRODUCT_RULES[product.code]({ item, product, listing, week, facts, fail, warn });
    const categories = ruled.categories ?? [];
    const amountCents = ruled.amountCents ?? null;
    let options: Record<string, unknown> | null = null;
    if (product.options) {
      if (item.options === undefined) {
        if (Array.isArray(product.options.required) && product.options.required.length)
          fail('options', `is required for ${product.code}: ${JSON.stringify(product.options)}`);
      } else {
        // A copy: the schema's defaults are filled in without touching what the caller sent.
        const copy = JSON.parse(JSON.stringify(item.options)) as Record<string, unknown>;
        const validate = compile(product.options, false);
        if (!validate(copy)) for (const e of toFieldErrors(validate.errors, at('options'))) errors.push(e);
        else options = copy;
      }
    }

    // The same thing twice for one listing
    if (listing) {
      const mine = given.get(listing.id) ?? new Map<string, number>();
      const codes = product.code === 'launch_bundle' ? [...product.includes, product.code] : [product.code];
      for (const code of codes) {
        const def = definitionOf(code);
        if (def?.oncePerListing && mine.has(code))
          fail(
            'product',
            `${code} for listing ${listing.id} is already in this order (item ${mine.get(code)}); one is enough`,
          );
        const otherLaunch = LAUNCH_KINDS.has(code)
          ? [...mine.keys()].find((c) => LAUNCH_KINDS.has(c) && c !== code)
          : undefined;
        if (otherLaunch)
          fail(
            'product',
            `${code} and ${otherLaunch} for listing ${listing.id} cannot be in one order: a listing gets one ` +
              `launch at a time`,
          );
      }
      for (const code of codes) if (!mine.has(code)) mine.set(code, i);
      given.set(listing.id, mine);
    }

    if (errors.length > before) return;
    const launchPart =
      product.code === 'launch' || (product.code === 'launch_bundle' && product.includes.includes('launch'));
    // A week place this item takes is no longer free for the next items.
    if (week && (LAUNCH_KINDS.has(product.code) || launchPart)) weekLeft.set(week, (weekLeft.get(week) ?? 0) - 1);
    const quantity = product.pricedPerCategory ? categories.length : 1;
    // A chosen amount (billboard_min) is the price.
    const unitPriceCents = amountCents ?? product.priceCents;
    const parts =
      product.code === 'launch_bundle'
        ? product.includes.map((c) => byCode.get(c)).filter((p): p is Product => Boolean(p))
        : [];
    out.push({
      index: i,
      product,
      listing,
      week,
      categories,
      options,
      amountCents,
      quantity,
      unitPriceCents,
      netCents: unitPriceCents * quantity,
      parts,
    });
  });
  return { items: out, errors, warnings };
}
