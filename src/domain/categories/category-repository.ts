import type { Queryable } from '../../db/client.js';
import { SUMMARY_COLUMNS, SUMMARY_FROM, toSummary, type ListingSummary } from '../listings/listing-summary.js';

export interface CategoryNode {
  slug: string;
  name: string;
  description: string;
  live_listings: number;
  children: CategoryNode[];
}

/** Ids of the category and everything below it, or null when the slug is unknown. */
export async function categoryAndDescendantIds(db: Queryable, siteId: number, slug: string): Promise<number[] | null> {
  const rows = await db.query<{ id: number }>(
    `WITH RECURSIVE tree AS (
        SELECT id FROM categories WHERE site_id = $1 AND slug = $2
        UNION ALL SELECT c.id FROM categories c JOIN tree t ON c.parent_id = t.id)
     SELECT id FROM tree`, [siteId, slug]);
  return rows.length ? rows.map((r) => r.id) : null;
}

/**
 * The whole tree with live listing counts; a parent counts each live listing in it or below it
 * once, whether it sits there as primary or extra category.
 */
export async function categoryTree(db: Queryable, siteId: number, includeEmpty: boolean): Promise<CategoryNode[]> {
  const cats = await db.query<{ id: number; slug: string; name: string; description: string; parent_id: number | null }>(
    'SELECT id, slug, name, description, parent_id FROM categories WHERE site_id = $1 ORDER BY position, name', [siteId]);
  const memberships = await db.query<{ listing_id: number; category_id: number }>(
    `SELECT l.id AS listing_id, l.primary_category_id AS category_id FROM listings l
      WHERE l.site_id = $1 AND l.status = 'live' AND l.primary_category_id IS NOT NULL
     UNION
     SELECT e.listing_id, e.category_id FROM listing_extra_categories e JOIN listings l ON l.id = e.listing_id
      WHERE l.site_id = $1 AND l.status = 'live'`, [siteId]);
  const parentOf = new Map(cats.map((c) => [c.id, c.parent_id]));
  const listingsIn = new Map<number, Set<number>>(cats.map((c) => [c.id, new Set()]));
  for (const m of memberships) {
    // Walk up the tree so every ancestor counts the listing (sets keep it counted once).
    for (let id: number | null | undefined = m.category_id, depth = 0; id != null && depth < 20; id = parentOf.get(id), depth++) {
      listingsIn.get(id)?.add(m.listing_id);
    }
  }
  const nodes = new Map<number, CategoryNode>(cats.map((c) => [c.id, { slug: c.slug, name: c.name, description: c.description, live_listings: listingsIn.get(c.id)!.size, children: [] }]));
  const roots: CategoryNode[] = [];
  for (const c of cats) {
    const node = nodes.get(c.id)!;
    if (!includeEmpty && node.live_listings === 0) continue;
    const parent = c.parent_id != null ? nodes.get(c.parent_id) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export interface CategoryDetail {
  slug: string;
  name: string;
  description: string;
  parent: { slug: string; name: string } | null;
  subcategories: { slug: string; name: string; live_listings: number }[];
  faqs: { question: string; answer: string }[];
  attributes: { key: string; label: string }[];
  live_listings: number;
}

export async function getCategory(db: Queryable, siteId: number, slug: string): Promise<(CategoryDetail & { id: number }) | null> {
  const rows = await db.query<{ id: number; slug: string; name: string; description: string; attributes: { key: string; label: string }[]; parent_slug: string | null; parent_name: string | null }>(
    `SELECT c.id, c.slug, c.name, c.description, c.attributes, p.slug AS parent_slug, p.name AS parent_name
       FROM categories c LEFT JOIN categories p ON p.id = c.parent_id WHERE c.site_id = $1 AND c.slug = $2`, [siteId, slug]);
  const c = rows[0];
  if (!c) return null;
  const [subs, faqs] = await Promise.all([
    db.query<{ id: number; slug: string; name: string }>('SELECT id, slug, name FROM categories WHERE parent_id = $1 ORDER BY position, name', [c.id]),
    db.query<{ question: string; answer: string }>('SELECT question, answer FROM category_faqs WHERE category_id = $1 ORDER BY position, id', [c.id]),
  ]);
  const counts = await liveCounts(db, siteId, [c.id, ...subs.map((s) => s.id)]);
  return {
    id: c.id,
    slug: c.slug,
    name: c.name,
    description: c.description,
    parent: c.parent_slug ? { slug: c.parent_slug, name: c.parent_name! } : null,
    subcategories: subs.map((s) => ({ slug: s.slug, name: s.name, live_listings: counts.get(s.id) ?? 0 })),
    faqs,
    attributes: c.attributes,
    live_listings: counts.get(c.id) ?? 0,
  };
}

/** Live listings counted per category including descendants, each listing once per category. */
async function liveCounts(db: Queryable, siteId: number, categoryIds: number[]): Promise<Map<number, number>> {
  const rows = await db.query<{ root: number; n: number }>(
    `WITH RECURSIVE tree AS (
        SELECT id AS root, id FROM categories WHERE id = ANY($2::int[])
        UNION ALL SELECT t.root, c.id FROM categories c JOIN tree t ON c.parent_id = t.id)
     SELECT t.root, count(DISTINCT l.id)::int AS n
       FROM tree t JOIN listings l ON l.site_id = $1 AND l.status = 'live'
        AND (l.primary_category_id = t.id OR EXISTS (SELECT 1 FROM listing_extra_categories e WHERE e.listing_id = l.id AND e.category_id = t.id))
      GROUP BY t.root`, [siteId, categoryIds]);
  return new Map(rows.map((r) => [r.root, r.n]));
}

/** Live listings in the category or below it, most voted first. */
export async function categoryListings(db: Queryable, siteId: number, categoryIds: number[], limit: number, offset: number): Promise<{ items: ListingSummary[]; total: number }> {
  const rows = await db.query(
    `SELECT ${SUMMARY_COLUMNS}, count(*) OVER () AS total_count FROM ${SUMMARY_FROM}
      WHERE l.site_id = $1 AND l.status = 'live'
        AND (l.primary_category_id = ANY($2::int[]) OR EXISTS (SELECT 1 FROM listing_extra_categories e WHERE e.listing_id = l.id AND e.category_id = ANY($2::int[])))
      ORDER BY l.votes_count DESC, l.id LIMIT $3 OFFSET $4`, [siteId, categoryIds, limit, offset]);
  return { items: rows.map(toSummary), total: rows[0]?.total_count ?? 0 };
}
