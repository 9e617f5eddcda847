import type { AppContext } from '../../src/app-context.js';
import type { Queryable } from '../../src/db/client.js';
import { reindexListings } from '../../src/domain/search/search-index.js';
import { reindexBlogPosts } from '../../src/domain/blog/blog-repository.js';

export interface ListingFixture {
  slug: string;
  name: string;
  tagline?: string;
  description?: string;
  keywords?: string[];
  category?: string;
  extraCategories?: string[];
  status?: string;
  plan?: 'free' | 'paid' | null;
  launchWeek?: string | null;
  launchedAt?: string | null;
  country?: string | null;
  stage?: string | null;
  pricingModel?: string | null;
  domain?: string;
  attributes?: Record<string, string>;
  notFound?: string[];
  unlocked?: string[];
  views?: number;
  followers?: number;
  verified?: boolean;
}

export async function addCategory(
  db: Queryable,
  siteId: number,
  c: {
    slug: string;
    name: string;
    parent?: string;
    attributes?: { key: string; label: string }[];
    faqs?: { question: string; answer: string }[];
    position?: number;
  },
): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO categories (site_id, slug, name, description, parent_id, attributes, position)
     VALUES ($1, $2, $3, $4, (SELECT id FROM categories WHERE site_id = $1 AND slug = $5), $6, $7) RETURNING id`,
    [
      siteId,
      c.slug,
      c.name,
      `All about ${c.name}.`,
      c.parent ?? null,
      JSON.stringify(c.attributes ?? []),
      c.position ?? 0,
    ],
  );
  for (const [i, f] of (c.faqs ?? []).entries()) {
    await db.query('INSERT INTO category_faqs (category_id, question, answer, position) VALUES ($1, $2, $3, $4)', [
      rows[0].id,
      f.question,
      f.answer,
      i,
    ]);
  }
  return rows[0].id;
}

export async function addListing(
  db: Queryable,
  siteId: number,
  f: ListingFixture,
): Promise<{ listingId: number; companyId: number }> {
  const domain = f.domain ?? `${f.slug}.example`;
  const co = await db.query<{ id: number }>(
    `INSERT INTO companies (name, domain, website_url, tagline, short_description, description, keywords, country, stage, pricing_model, pricing_summary, attributes, not_found_on_website, features, socials)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      f.name,
      domain,
      `https://${domain}`,
      f.tagline ?? `${f.name} does things`,
      `${f.name} in short`,
      f.description ?? `${f.name} is a product.`,
      f.keywords ?? [],
      f.country ?? null,
      f.stage ?? null,
      f.pricingModel ?? null,
      f.pricingModel ? `${f.pricingModel} plans` : null,
      JSON.stringify(f.attributes ?? {}),
      f.notFound ?? [],
      ['Fast', 'Simple'],
      JSON.stringify({ x: `https://x.example/${f.slug}` }),
    ],
  );
  const status = f.status ?? 'live';
  const l = await db.query<{ id: number }>(
    `INSERT INTO listings (site_id, company_id, slug, status, plan, primary_category_id, launch_week, launched_at, unlocked_sections, views_count, followers_count, is_verified, headline, seo_title, seo_description)
     VALUES ($1, $2, $3, $4, $5, (SELECT id FROM categories WHERE site_id = $1 AND slug = $6), $7, $8, $9, $10, $11, $12, $13, $14, $15) RETURNING id`,
    [
      siteId,
      co[0].id,
      f.slug,
      status,
      f.plan === undefined ? 'free' : f.plan,
      f.category ?? null,
      f.launchWeek ?? null,
      f.launchedAt === undefined
        ? status === 'live' && f.launchWeek
          ? `${f.launchWeek}T09:00:00Z`
          : null
        : f.launchedAt,
      f.unlocked ?? [],
      f.views ?? 0,
      f.followers ?? 0,
      f.verified ?? false,
      `${f.name} headline`,
      `${f.name} SEO`,
      `${f.name} SEO description`,
    ],
  );
  for (const slug of f.extraCategories ?? []) {
    await db.query(
      `INSERT INTO listing_extra_categories (listing_id, category_id) SELECT $1, id FROM categories WHERE site_id = $2 AND slug = $3`,
      [l[0].id, siteId, slug],
    );
  }
  return { listingId: l[0].id, companyId: co[0].id };
}

let voterSeq = 0;
/** Adds `n` votes from new members at the given instant and refreshes the listing's vote count. */
export async function addVotes(db: Queryable, listingId: number, n: number, at: string): Promise<void> {
  for (let i = 0; i < n; i++) {
    voterSeq++;
    const u = await db.query<{ id: number }>(`INSERT INTO users (email, name) VALUES ($1, 'Voter') RETURNING id`, [
      `voter${voterSeq}-${listingId}-${Math.random().toString(36).slice(2, 8)}@test.invalid`,
    ]);
    await db.query('INSERT INTO votes (listing_id, user_id, created_at) VALUES ($1, $2, $3)', [listingId, u[0].id, at]);
  }
  await db.query('UPDATE listings SET votes_count = (SELECT count(*) FROM votes WHERE listing_id = $1) WHERE id = $1', [
    listingId,
  ]);
}

export async function finishFixtures(ctx: AppContext): Promise<void> {
  await reindexListings(ctx.db, { all: true });
  await reindexBlogPosts(ctx.db, ctx.site.id);
  ctx.listingCache.clear();
}
