import type { Queryable } from '../../db/client.js';

/**
 * Rebuilds the stored tsvector (name A, tagline and keywords B, description C — DESIGN §2) of the
 * given listings, or of every listing of a company, and adds their words to the typo lexicon.
 */
export async function reindexListings(db: Queryable, where: { listingIds?: number[]; companyIds?: number[]; all?: boolean }): Promise<void> {
  const cond = where.all ? 'TRUE' : where.listingIds ? 'l.id = ANY($1::int[])' : 'l.company_id = ANY($1::int[])';
  const params = where.all ? [] : [where.listingIds ?? where.companyIds ?? []];
  await db.query(
    `UPDATE listings l SET search_vector =
        setweight(to_tsvector('english', unaccent(c.name)), 'A') ||
        setweight(to_tsvector('english', unaccent(c.tagline || ' ' || l.headline)), 'B') ||
        setweight(to_tsvector('english', unaccent(array_to_string(c.keywords, ' '))), 'B') ||
        setweight(to_tsvector('english', unaccent(c.short_description || ' ' || c.description)), 'C')
       FROM companies c WHERE c.id = l.company_id AND ${cond}`, params);
  await db.query(
    `INSERT INTO search_words (word)
     SELECT DISTINCT w FROM listings l JOIN companies c ON c.id = l.company_id,
       regexp_split_to_table(lower(unaccent(c.name || ' ' || c.tagline || ' ' || array_to_string(c.keywords, ' ') || ' ' || c.description)), '[^a-z0-9]+') AS w
      WHERE ${cond} AND length(w) BETWEEN 3 AND 32
     ON CONFLICT (word) DO NOTHING`, params);
}
