import type { Queryable } from '../../db/client.js';

/** Query words as the lexicon stores them: lowercase, unaccented, letters and digits only. */
export function queryWords(q: string): string[] {
  const words = q.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);
  return [...new Set(words)].slice(0, 12);
}

/** Edit distance a correction may have: short words tolerate one typo, longer ones two. */
const maxDistance = (w: string) => (w.length <= 4 ? 1 : 2);

/**
 * For each query word, the lexicon words it may have meant: itself when indexed, else the nearest
 * words by trigram distance (GiST KNN on a small table) within a small Levenshtein distance.
 */
export async function correctWords(db: Queryable, words: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(words.map((w) => [w, []]));
  const candidates = words.filter((w) => w.length >= 3 && w.length <= 32);
  if (candidates.length === 0) return result;
  const rows = await db.query<{ input: string; word: string; distance: number }>(
    `SELECT w.input, s.word, levenshtein(s.word, w.input) AS distance
       FROM unnest($1::text[]) AS w(input)
       CROSS JOIN LATERAL (SELECT word FROM search_words ORDER BY word <-> w.input LIMIT 6) s`,
    [candidates]);
  for (const w of candidates) {
    const mine = rows.filter((r) => r.input === w);
    if (mine.some((r) => r.word === w)) continue; // spelt as indexed
    const best = mine.filter((r) => r.distance <= maxDistance(w)).sort((a, b) => a.distance - b.distance);
    if (best.length === 0) continue;
    const top = best[0].distance;
    result.set(w, best.filter((r) => r.distance === top).slice(0, 3).map((r) => r.word));
  }
  return result;
}

/**
 * A to_tsquery expression: each word matches itself (as a prefix, for search-as-you-type)
 * or any of its corrections; words are joined with `joiner` (& for all, | for any).
 */
export function tsQueryText(corrections: Map<string, string[]>, joiner: '&' | '|'): string {
  const groups = [...corrections.entries()].map(([w, alts]) => {
    const terms = [w.length >= 3 ? `${w}:*` : w, ...alts];
    return `(${terms.join(' | ')})`;
  });
  return groups.join(` ${joiner} `);
}
