import type { Queryable } from '../../db/client.js';

export interface ComparisonRow {
  key: string;
  label: string;
  a: string | null;
  b: string | null;
}
export interface Comparison {
  a: { slug: string; name: string; url: string; category: string | null };
  b: { slug: string; name: string; url: string; category: string | null };
  rows: ComparisonRow[];
}

/** A listing as compareListings reads it: its common facts, its category's attribute facts and their definitions. */
interface CompareRow {
  slug: string;
  name: string;
  website_url: string;
  tagline: string;
  pricing_model: string | null;
  pricing_summary: string | null;
  stage: string | null;
  country: string | null;
  founded_year: number | null;
  votes_count: number;
  facts: Record<string, unknown> | null;
  category_name: string | null;
  attribute_defs: { key: string; label: string }[];
}

/** Facts every listing has, compared whatever its category. */
const COMMON_ROWS: { key: string; label: string; read: (r: CompareRow) => string | null }[] = [
  { key: 'tagline', label: 'Tagline', read: (r) => r.tagline || null },
  { key: 'pricing_model', label: 'Pricing model', read: (r) => r.pricing_model },
  { key: 'pricing_summary', label: 'Pricing', read: (r) => r.pricing_summary },
  { key: 'stage', label: 'Stage', read: (r) => r.stage },
  { key: 'country', label: 'Country', read: (r) => r.country },
  { key: 'founded_year', label: 'Founded', read: (r) => (r.founded_year == null ? null : String(r.founded_year)) },
  { key: 'votes', label: 'Community votes', read: (r) => String(r.votes_count) },
];

/**
 * Side by side on the attributes of both listings' categories (and their parents); a cell is
 * null when the listing does not state the fact, and a row stays (both null) when neither does.
 */
export async function compareListings(
  db: Queryable,
  siteId: number,
  a: string,
  b: string,
): Promise<Comparison | { missing: string }> {
  const rows = await db.query<CompareRow>(
    `SELECT l.slug, c.name, c.website_url, c.tagline, c.pricing_model, c.pricing_summary, c.stage, c.country,
      c.founded_year,
            l.votes_count, c.attributes AS facts, pc.name AS category_name,
            coalesce(pc.attributes, '[]'::jsonb) || coalesce(pp.attributes, '[]'::jsonb) AS attribute_defs
       FROM listings l JOIN companies c ON c.id = l.company_id
       LEFT JOIN categories pc ON pc.id = l.primary_category_id
       LEFT JOIN categories pp ON pp.id = pc.parent_id
      WHERE l.site_id = $1 AND l.slug = ANY($2::text[]) AND l.status IN ('live', 'scheduled')`,
    [siteId, [a, b]],
  );
  const ra = rows.find((r) => r.slug === a);
  const rb = rows.find((r) => r.slug === b);
  if (!ra) return { missing: a };
  if (!rb) return { missing: b };
  const defs = new Map<string, string>();
  for (const d of [...ra.attribute_defs, ...rb.attribute_defs]) if (!defs.has(d.key)) defs.set(d.key, d.label);
  const fact = (r: CompareRow, key: string) => {
    const v = r.facts?.[key];
    return v === undefined || v === null || v === '' ? null : String(v);
  };
  const out: ComparisonRow[] = COMMON_ROWS.map((row) => ({
    key: row.key,
    label: row.label,
    a: row.read(ra),
    b: row.read(rb),
  }));
  for (const [key, label] of defs) out.push({ key, label, a: fact(ra, key), b: fact(rb, key) });
  const head = (r: CompareRow) => ({
    slug: r.slug,
    name: r.name,
    url: r.website_url,
    category: r.category_name,
  });
  return { a: head(ra), b: head(rb), rows: out };
}
