import type { Queryable } from '../../db/client.js';
import {
  SUMMARY_COLUMNS,
  SUMMARY_FROM,
  toSummary,
  type ListingSummary,
  type SummaryRow,
} from '../listings/listing-summary.js';

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
     SELECT id FROM tree`,
    [siteId, slug],
  );
  return rows.length ? rows.map((r) => r.id) : null;
}

/**
 * The whole tree with live listing counts; a parent counts each live listing in it or below it
 * once, whether it sits there as primary or extra category.
 */
export async function categoryTree(db: Queryable, siteId: number, includeEmpty: boolean): Promise<CategoryNode[]> {
  const cats = await db.query<{
    id: number;
    slug: string;
    name: string;
    description: string;
    parent_id: number | null;
  }>('SELECT id, slug, name, description, parent_id FROM categories WHERE site_id = $1 ORDER BY position, name', [
    siteId,
  ]);
  const counts = await liveCountsByCategory(db, siteId, cats);
  const nodes = new Map<number, CategoryNode>(
    cats.map((c) => [
      c.id,
      { slug: c.slug, name: c.name, description: c.description, live_listings: counts.get(c.id) ?? 0, children: [] },
    ]),
  );
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

export async function getCategory(
  db: Queryable,
  siteId: number,
  slug: string,
): Promise<(CategoryDetail & { id: number }) | null> {
  const rows = await db.query<{
    id: number;
    slug: string;
    name: string;
    description: string;
    attributes: { key: string; label: string }[];
    parent_slug: string | null;
    parent_name: string | null;
  }>(
    `SELECT c.id, c.slug, c.name, c.description, c.attributes, p.slug AS parent_slug, p.name AS parent_name
       FROM categories c LEFT JOIN categories p ON p.id = c.parent_id WHERE c.site_id = $1 AND c.slug = $2`,
    [siteId, slug],
  );
  const c = rows[0];
  if (!c) return null;
  const [subs, faqs] = await Promise.all([
    db.query<{ id: number; slug: string; name: string }>(
      'SELECT id, slug, name FROM categories WHERE parent_id = $1 ORDER BY position, name',
      [c.id],
    ),
    db.query<{ question: string; answer: string }>(
      'SELECT question, answer FROM category_faqs WHERE category_id = $1 ORDER BY position, id',
      [c.id],
    ),
  ]);
  const counts = await liveCountsByCategory(db, siteId);
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

type CategoryLink = { id: number; parent_id: number | null };

/**
 * Live listings per category including descendants, each listing counted once per category,
 * whether it sits there as primary or extra category. A listing's primary category and its
 * ancestors count it once each, so primaries are counted by one grouped index-only scan and rolled
 * up the tree here; only the few extra categories need per-listing sets, to skip an ancestor that
 * already counts the listing.
 */
export async function liveCountsByCategory(
  db: Queryable,
  siteId: number,
  known?: CategoryLink[],
): Promise<Map<number, number>> {
  const [cats, primaries, extras] = await Promise.all([
    known ?? db.query<CategoryLink>('SELECT id, parent_id FROM categories WHERE site_id = $1', [siteId]),
    db.query<{ category_id: number; n: number }>(
      `SELECT primary_category_id AS category_id, count(*)::int AS n FROM listings
        WHERE site_id = $1 AND status = 'live' AND primary_category_id IS NOT NULL GROUP BY primary_category_id`,
      [siteId],
    ),
    db.query<{ listing_id: number; category_id: number; primary_id: number | null }>(
      `SELECT e.listing_id, e.category_id, l.primary_category_id AS primary_id FROM listing_extra_categories e
        JOIN listings l ON l.id = e.listing_id
        WHERE l.site_id = $1 AND l.status = 'live'`,
      [siteId],
    ),
  ]);
  const parentOf = new Map(cats.map((c) => [c.id, c.parent_id]));
  const chain = (id: number | null): number[] => {
    const out: number[] = [];
    for (let at: number | null | undefined = id, depth = 0; at != null && depth < 20; at = parentOf.get(at), depth++)
      out.push(at);
    return out;
  };
  const counts = new Map<number, number>();
  const bump = (id: number, n: number) => {
    if (parentOf.has(id)) counts.set(id, (counts.get(id) ?? 0) + n);
  };
  for (const p of primaries) for (const id of chain(p.category_id)) bump(id, p.n);
  const seen = new Map<number, Set<number>>();
  for (const e of extras) {
    let ids = seen.get(e.listing_id);
    if (!ids) seen.set(e.listing_id, (ids = new Set(chain(e.primary_id))));
    for (const id of chain(e.category_id))
      if (!ids.has(id)) {
        ids.add(id);
        bump(id, 1);
      }
  }
  return counts;
}

/**
 * Live listings in the category or below it, most voted first. The best `limit + offset` of the
 * primary members (partial index by category and votes) and of the extra members are merged, so a
 * page costs the same with 100 listings in the category or 30,000; `total` is counted by the caller.
 */
export async function categoryListings(
  db: Queryable,
  siteId: number,
  categoryIds: number[],
  limit: number,
  offset: number,
): Promise<ListingSummary[]> {
  const rows = await db.query<SummaryRow>(
    `SELECT ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}
      WHERE l.id IN ((SELECT id FROM listings WHERE status = 'live' AND primary_category_id = ANY($2::int[])
      ORDER BY votes_count DESC, id LIMIT $5)
                     UNION
                     (SELECT x.id FROM listing_extra_categories e JOIN listings x ON x.id = e.listing_id
                       WHERE e.category_id = ANY($2::int[]) AND x.status = 'live' ORDER BY x.votes_count DESC, x.id
                       LIMIT $5))
        AND l.site_id = $1
      ORDER BY l.votes_count DESC, l.id LIMIT $3 OFFSET $4`,
    [siteId, categoryIds, limit, offset, limit + offset],
  );
  return rows.map(toSummary);
}
