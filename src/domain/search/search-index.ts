import type { NoRows, Queryable } from '../../db/client.js';
import { bigramVector, indexTerms } from './search-text.js';

/** Listings read, indexed and written back at a time: bounded memory and statement size on a million listings. */
const BATCH = 1_000;

interface TextRow {
  id: number;
  name: string;
  tagline: string;
  headline: string;
  keywords: string[];
  short_description: string;
  description: string;
}

/**
 * Rebuilds the stored tsvector (name A, tagline, headline and keywords B, descriptions C) of the given listings, or
 * of every listing of a company, and adds their words to the typo lexicon. The text is cut here (search-text.ts):
 * words of spaced scripts go to to_tsvector('english'), runs of unspaced ones become weighted bigrams.
 */
export async function reindexListings(
  db: Queryable,
  where: { listingIds?: number[]; companyIds?: number[]; all?: boolean },
): Promise<void> {
  const cond = where.all ? 'TRUE' : where.listingIds ? 'l.id = ANY($2::int[])' : 'l.company_id = ANY($2::int[])';
  for (let after = 0; ; ) {
    const rows = await db.query<TextRow>(
      `SELECT l.id, c.name, c.tagline, l.headline, c.keywords, c.short_description, c.description
         FROM listings l JOIN companies c ON c.id = l.company_id
        WHERE l.id > $1 AND ${cond} ORDER BY l.id LIMIT ${BATCH}`,
      where.all ? [after] : [after, where.listingIds ?? where.companyIds ?? []],
    );
    if (rows.length === 0) return;
    await indexRows(db, rows);
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1].id;
  }
}

async function indexRows(db: Queryable, rows: TextRow[]): Promise<void> {
  const lexicon = new Set<string>();
  const columns: [number[], string[], string[], string[], (string | null)[]] = [[], [], [], [], []];
  for (const r of rows) {
    const a = indexTerms(r.name);
    const b = indexTerms(`${r.tagline}\n${r.headline}\n${r.keywords.join('\n')}`);
    const c = indexTerms(`${r.short_description}\n${r.description}`);
    for (const w of [...a.words, ...b.words, ...c.words]) {
      const n = [...w].length;
      if (n >= 3 && n <= 32) lexicon.add(w);
    }
    columns[0].push(r.id);
    columns[1].push(a.words.join(' '));
    columns[2].push(b.words.join(' '));
    columns[3].push(c.words.join(' '));
    columns[4].push(
      bigramVector([
        { runs: a.runs, weight: 'A' },
        { runs: b.runs, weight: 'B' },
        { runs: c.runs, weight: 'C' },
      ]),
    );
  }
  await db.query<NoRows>(
    `UPDATE listings l SET search_vector =
        setweight(to_tsvector('english', v.a), 'A') || setweight(to_tsvector('english', v.b), 'B') ||
        setweight(to_tsvector('english', v.c), 'C') || coalesce(v.grams::tsvector, '')
       FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[]) AS v(id, a, b, c, grams)
      WHERE l.id = v.id`,
    columns,
  );
  const added = await db.query<{ word: string }>(
    'INSERT INTO search_words (word) SELECT unnest($1::text[]) ON CONFLICT (word) DO NOTHING RETURNING word',
    [[...lexicon]],
  );
  if (added.length > 0)
    await addWordVariants(
      db,
      added.map((r) => r.word),
    );
}

/** The word itself and every one-letter deletion of it (see migration 002). */
export function deletionVariants(word: string): string[] {
  const chars = [...word];
  const out = new Set([word]);
  for (let i = 0; i < chars.length; i++) out.add([...chars.slice(0, i), ...chars.slice(i + 1)].join(''));
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
