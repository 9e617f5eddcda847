import type { NoRows, Queryable } from '../../db/client.js';

/**
 * Rebuilds the stored tsvector (name A, tagline and keywords B, description C) of the
 * given listings, or of every listing of a company, and adds their words to the typo lexicon.
 */
export async function reindexListings(
  db: Queryable,
  where: { listingIds?: number[]; companyIds?: number[]; all?: boolean },
): Promise<void> {
  const cond = where.all ? 'TRUE' : where.listingIds ? 'l.id = ANY($1::int[])' : 'l.company_id = ANY($1::int[])';
  const params = where.all ? [] : [where.listingIds ?? where.companyIds ?? []];
  await db.query<NoRows>(
    `UPDATE listings l SET search_vector =
        setweight(to_tsvector('english', unaccent(c.name)), 'A') ||
        setweight(to_tsvector('english', unaccent(c.tagline || ' ' || l.headline)), 'B') ||
        setweight(to_tsvector('english', unaccent(array_to_string(c.keywords, ' '))), 'B') ||
        setweight(to_tsvector('english', unaccent(c.short_description || ' ' || c.description)), 'C')
       FROM companies c WHERE c.id = l.company_id AND ${cond}`,
    params,
  );
  const added = await db.query<{ word: string }>(
    `INSERT INTO search_words (word)
     SELECT DISTINCT w FROM listings l JOIN companies c ON c.id = l.company_id,
       regexp_split_to_table(lower(unaccent(c.name || ' ' || c.tagline || ' ' || array_to_string(c.keywords, ' ') || ' ' || c.description)), '[^a-z0-9]+') AS w
      WHERE ${cond} AND length(w) BETWEEN 3 AND 32
     ON CONFLICT (word) DO NOTHING RETURNING word`,
    params,
  );
  if (added.length > 0)
    await addWordVariants(
      db,
      added.map((r) => r.word),
    );
}

/** The word itself and every one-letter deletion of it (see migration 002). */
export function deletionVariants(word: string): string[] {
  const out = new Set([word]);
  for (let i = 0; i < word.length; i++) out.add(word.slice(0, i) + word.slice(i + 1));
  return [...out];
}

async function addWordVariants(db: Queryable, words: string[]): Promise<void> {
  // In chunks: one statement per 5,000 words keeps parameters and memory small on 100k-word loads.
  for (let i = 0; i < words.length; i += 5_000) {
    await db.query<NoRows>(
      `INSERT INTO search_word_variants (variant, word)
       SELECT substr(w, 1, i - 1) || substr(w, i + 1), w FROM unnest($1::text[]) AS w, generate_series(1, length(w)) AS i
       UNION SELECT w, w FROM unnest($1::text[]) AS w
       ON CONFLICT DO NOTHING`,
      [words.slice(i, i + 5_000)],
    );
  }
}
