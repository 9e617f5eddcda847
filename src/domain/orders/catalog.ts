import type { NoRows, Queryable } from '../../db/client.js';

/** The item properties a product may take besides listing_id (an order item of quote_order and create_checkout). */
export type ItemProperty = 'week' | 'categories' | 'amount_cents' | 'options';

/** Every product the site can sell, in catalogue order. A new one must be given a definition here, rules in
 *  order-items.ts and a fulfilment in fulfil-line.ts: each is a table over this list. */
export const PRODUCT_CODES = [
  'launch',
  'skip_queue',
  'featured',
  'done_for_you',
  'launch_bundle',
  'extra_categories',
  'relaunch',
  'ai_review',
  'billboard_min',
  'trophy_cabinet',
] as const;
export type ProductCode = (typeof PRODUCT_CODES)[number];

export const isProductCode = (code: string): code is ProductCode => (PRODUCT_CODES as readonly string[]).includes(code);

export interface ProductDefinition {
  code: ProductCode;
  name: string;
  /** What the buyer gets, in plain words. */
  description: string;
  needsListing: boolean;
  takes: ItemProperty[];
  /** `week` must be given (skip_queue, relaunch); otherwise it is optional where taken. */
  weekRequired: boolean;
  /** One item of this product per listing and order makes sense; a second is refused. */
  oncePerListing: boolean;
  /** JSON Schema of `options`, for products that take them. */
  options: Record<string, unknown> | null;
  /** Price when the site is first set up, USD cents excluding VAT; the administrator changes it. */
  defaultPriceCents: number;
  /** Bundles only: the products it contains, until the administrator says otherwise. */
  defaultIncludes?: ProductCode[];
  /** The price is per category (extra_categories) rather than per item. */
  pricedPerCategory?: boolean;
}

export const TROPHY_STYLES = ['classic', 'glass', 'gold', 'minimal'] as const;
export const TROPHY_AWARDS = ['all', 'launch-of-the-week', 'top-voted', 'featured'] as const;

/** Every product on sale (list_products shows them), a trophy cabinet among them (a product with options). */
const DEFINITIONS: { [P in ProductCode]: Omit<ProductDefinition, 'code'> } = {
  launch: {
    name: 'Paid launch',
    description:
      'Publishes your listing on the paid plan: live at once, or on the Monday of the launch week you choose. ' +
      'Unlocks the story, milestones and media sections and up to 3 extra categories.',
    needsListing: true,
    takes: ['week'],
    weekRequired: false,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 4900,
  },
  skip_queue: {
    name: 'Skip the free queue',
    description:
      'Moves a listing waiting in the free queue to an earlier launch week of your choice. It stays on the ' +
      'free plan (our badge is still needed to go live).',
    needsListing: true,
    takes: ['week'],
    weekRequired: true,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 1900,
  },
  featured: {
    name: 'Featured placement',
    description:
      'Shows your listing in the Featured spot on the home page and marks it Featured in search results, for ' +
      'the period the site sets (7 days by default).',
    needsListing: true,
    takes: [],
    weekRequired: false,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 9900,
  },
  done_for_you: {
    name: 'Done-for-you profile',
    description:
      'Our team polishes your listing by hand: description, features, FAQs, screenshots and SEO. You are told ' +
      'when it is done.',
    needsListing: true,
    takes: [],
    weekRequired: false,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 29900,
  },
  launch_bundle: {
    name: 'Launch bundle',
    description:
      'A paid launch with extras at a lower price than buying them one by one (the contents are listed below).',
    needsListing: true,
    takes: ['week'],
    weekRequired: false,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 14900,
    defaultIncludes: ['launch', 'featured', 'ai_review'],
  },
  extra_categories: {
    name: 'Extra categories',
    description: 'Lists your product in up to 3 more categories besides its primary one. Priced per category.',
    needsListing: true,
    takes: ['categories'],
    weekRequired: false,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 1500,
    pricedPerCategory: true,
  },
  relaunch: {
    name: 'Relaunch',
    description:
      "A new launch of a listing that has launched before, in the week you choose: it appears in that week's " +
      'launches again.',
    needsListing: true,
    takes: ['week'],
    weekRequired: true,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 2900,
  },
  ai_review: {
    name: 'Profile review',
    description:
      "A written review of your listing's profile and website: what is missing or weak, each point quoting " +
      "your profile. Shown on your order and your listing's page in My listings.",
    needsListing: true,
    takes: [],
    weekRequired: false,
    oncePerListing: true,
    options: null,
    defaultPriceCents: 3900,
  },
  billboard_min: {
    name: 'Billboard contribution',
    description:
      'Money you contribute to rank on the paid Billboard board (always labelled as paid). Choose the amount ' +
      'with amount_cents, at least the minimum.',
    needsListing: true,
    takes: ['amount_cents'],
    weekRequired: false,
    oncePerListing: false,
    options: null,
    defaultPriceCents: 1000,
  },
  trophy_cabinet: {
    name: 'Trophy cabinet',
    description: 'A trophy cabinet on your listing page displaying your awards and badges in the style you choose.',
    needsListing: true,
    takes: ['options'],
    weekRequired: false,
    oncePerListing: false,
    defaultPriceCents: 2500,
    options: {
      type: 'object',
      additionalProperties: false,
      required: ['style'],
      properties: {
        style: { type: 'string', enum: [...TROPHY_STYLES], description: 'How the cabinet looks' },
        award: { type: 'string', enum: [...TROPHY_AWARDS], default: 'all', description: 'Which awards it displays' },
        caption: { type: 'string', maxLength: 80, description: 'A line shown under the cabinet' },
      },
    },
  },
};

export const PRODUCT_DEFINITIONS: readonly ProductDefinition[] = PRODUCT_CODES.map((code) => ({
  code,
  ...DEFINITIONS[code],
}));

export const definitionOf = (code: string): ProductDefinition | null =>
  isProductCode(code) ? { code, ...DEFINITIONS[code] } : null;

/** The products bundles may contain: those that need nothing but the listing (and the bundle's week). */
export const BUNDLEABLE = ['launch', 'featured', 'done_for_you', 'ai_review'] as const satisfies readonly ProductCode[];

export interface Product extends ProductDefinition {
  id: number;
  priceCents: number;
  includes: string[];
}

/** Adds any product of the catalogue the site does not have yet, at its default price; existing ones are left alone. */
export async function ensureCatalog(db: Queryable, siteId: number): Promise<void> {
  const have = new Set(
    (await db.query<{ code: string }>('SELECT code FROM products WHERE site_id = $1', [siteId])).map((r) => r.code),
  );
  for (const [i, p] of PRODUCT_DEFINITIONS.entries()) {
    if (have.has(p.code)) continue;
    const rows = await db.query<{ id: number }>(
      `INSERT INTO products (site_id, code, name, description, needs_listing, options, position, includes)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (site_id, code) DO NOTHING RETURNING id`,
      [
        siteId,
        p.code,
        p.name,
        p.description,
        p.needsListing,
        p.options ? JSON.stringify(p.options) : null,
        i,
        p.defaultIncludes ?? [],
      ],
    );
    // Dated at the epoch so an order quoted with a clock in the past still finds a price.
    if (rows[0])
      await db.query<NoRows>(
        `INSERT INTO product_prices (product_id, amount_cents, effective_from) VALUES ($1, $2, 'epoch')`,
        [rows[0].id, p.defaultPriceCents],
      );
  }
}

/** The active products of the site with their current prices (the newest price in effect at `now`), in catalogue
 *  order. */
export async function loadCatalog(db: Queryable, siteId: number, now: Date): Promise<Product[]> {
  const rows = await db.query<{
    id: number;
    code: string;
    name: string;
    description: string;
    includes: string[];
    price: number | null;
  }>(
    `SELECT p.id, p.code, p.name, p.description, p.includes,
            (SELECT amount_cents FROM product_prices pp WHERE pp.product_id = p.id AND pp.effective_from <= $2
              ORDER BY pp.effective_from DESC, pp.id DESC LIMIT 1) AS price
       FROM products p WHERE p.site_id = $1 AND p.active ORDER BY p.position, p.id`,
    [siteId, now.toISOString()],
  );
  const out: Product[] = [];
  for (const r of rows) {
    const def = definitionOf(r.code);
    // A product row with no definition here (added by a newer version) cannot be fulfilled: not on sale.
    if (!def || r.price === null) continue;
    out.push({
      ...def,
      id: r.id,
      name: r.name,
      description: r.description,
      priceCents: Number(r.price),
      includes: r.includes,
    });
  }
  return out;
}

/** A new price for new quotes and orders; orders already built keep theirs. */
export async function setPrice(db: Queryable, siteId: number, code: string, cents: number, at: Date): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO product_prices (product_id, amount_cents, effective_from)
     SELECT id, $3, $4 FROM products WHERE site_id = $1 AND code = $2 RETURNING id`,
    [siteId, code, cents, at.toISOString()],
  );
  if (rows.length) db.changed({ kind: 'sales_catalog', siteId });
  return rows.length > 0;
}

/** Why these bundle contents cannot be saved, or null. */
export function bundleProblem(code: string, includes: string[]): string | null {
  if (code !== 'launch_bundle') return 'only launch_bundle is a bundle';
  if (includes.length === 0) return 'a bundle must include at least one product';
  const wrong = includes.filter((c) => !(BUNDLEABLE as readonly string[]).includes(c));
  if (wrong.length) return `a bundle can include only ${BUNDLEABLE.join(', ')} (not ${wrong.join(', ')})`;
  if (new Set(includes).size !== includes.length) return 'a bundle includes each product once';
  return null;
}

export async function setBundleContents(
  db: Queryable,
  siteId: number,
  code: string,
  includes: string[],
): Promise<boolean> {
  const rows = await db.query<{ id: number }>(
    'UPDATE products SET includes = $3 WHERE site_id = $1 AND code = $2 RETURNING id',
    [siteId, code, includes],
  );
  if (rows.length) db.changed({ kind: 'sales_catalog', siteId });
  return rows.length > 0;
}
