import type { Queryable } from '../../db/client.js';
import { deletionVariants } from './search-index.js';
import { queryTerms, quoteLexeme } from './search-text.js';

/** Query words of spaced scripts as the lexicon stores them: lowercase, unaccented, letters and digits only. */
export function queryWords(q: string): string[] {
  return queryTerms(q).words;
}

/** Damerau–Levenshtein distance (with adjacent swaps), stopping early past `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin > max) return max + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * How likely a one-edit slip turns `word` into `typed`: swapped neighbours are the commonest slip,
 * then a letter doubled or dropped, then a wrong letter. Lower is likelier.
 */
function slipCost(typed: string, word: string): number {
  if (typed.length !== word.length) return 1;
  const diff = [...typed].flatMap((c, i) => (c === word[i] ? [] : [i]));
  return diff.length === 2 && diff[1] === diff[0] + 1 ? 0 : 2;
}

/** One-edit corrections, likeliest first (then the same first letter, then alphabetically). */
export function rankCorrections(typed: string, words: string[]): string[] {
  const key = (w: string) => [slipCost(typed, w), w[0] === typed[0] ? 0 : 1] as const;
  return [...words].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0] - kb[0] || ka[1] - kb[1] || (a < b ? -1 : a > b ? 1 : 0);
  });
}

/** How the search reads one query word (see readWords). */
export interface WordReading {
  /** Lexicon words one or two edits away, when the word is not in the lexicon. */
  corrections: string[];
  /** Lexicon words that begin with it, when it is not in the lexicon: it may be half typed. */
  completions: string[];
}

const MAX_COMPLETIONS = 10;

/**
 * For each query word, what it may stand for. A word in the lexicon stands for itself. Otherwise:
 * the words one edit away, found by exact lookups of its one-letter deletions (migration 002),
 * else, for longer words, the nearest words by trigram distance within two edits; and the
 * shortest words it begins (search as you type).
 */
export async function readWords(db: Queryable, words: string[]): Promise<Map<string, WordReading>> {
  const result = new Map<string, WordReading>(words.map((w) => [w, { corrections: [], completions: [] }]));
  const candidates = words.filter((w) => w.length >= 3 && w.length <= 32);
  if (candidates.length === 0) return result;
  const inputs: string[] = [];
  const variants: string[] = [];
  for (const w of candidates)
    for (const v of deletionVariants(w)) {
      inputs.push(w);
      variants.push(v);
    }
  const rows = await db.query<{ input: string; word: string }>(
    `SELECT DISTINCT v.input, s.word FROM unnest($1::text[], $2::text[]) AS v(input, variant)
       JOIN search_word_variants s ON s.variant = v.variant`,
    [inputs, variants],
  );
  const far: string[] = [];
  const unknown: string[] = [];
  for (const w of candidates) {
    const found = rows.filter((r) => r.input === w).map((r) => r.word);
    if (found.includes(w)) continue; // spelt as indexed
    unknown.push(w);
    const near = rankCorrections(
      w,
      found.filter((f) => editDistance(w, f, 1) <= 1),
    );
    if (near.length > 0) result.get(w)!.corrections = near.slice(0, 3);
    else if (w.length >= 5) far.push(w);
  }
  if (unknown.length === 0) return result;
  // Completions come from the lexicon rather than a tsquery prefix (word:*): a prefix match makes
  // the index read every posting of every matching word (30 ms for "work" over a million listings),
  // while exact words let it skip to the rows the rarest word allows.
  const [completions, knn] = await Promise.all([
    db.query<{ input: string; word: string }>(
      `SELECT w.input, s.word FROM unnest($1::text[]) AS w(input)
         CROSS JOIN LATERAL (SELECT word FROM search_words
                              WHERE word COLLATE "C" > w.input AND word COLLATE "C" < w.input || chr(1114111) -- begins with it: U+10FFFF sorts last
                              ORDER BY length(word), word LIMIT ${MAX_COMPLETIONS}) s`,
      [unknown],
    ),
    // Two edits away: rarer, and slower (a trigram KNN scan of the lexicon), so only when needed.
    far.length === 0
      ? []
      : db.query<{ input: string; word: string }>(
          `SELECT w.input, s.word FROM unnest($1::text[]) AS w(input)
         CROSS JOIN LATERAL (SELECT word FROM search_words ORDER BY word <-> w.input LIMIT 8) s`,
          [far],
        ),
  ]);
  for (const w of far) {
    const near = knn.filter((r) => r.input === w && editDistance(w, r.word, 2) <= 2).map((r) => r.word);
    if (near.length > 0) result.get(w)!.corrections = near.slice(0, 3);
  }
  for (const r of completions) result.get(r.input)!.completions.push(r.word);
  return result;
}

/**
 * A to_tsquery expression: each word matches itself, its completions or its corrections; words
 * are joined with `joiner` (& for all, | for any).
 */
export function tsQueryText(readings: Map<string, WordReading>, joiner: '&' | '|'): string {
  const groups = [...readings.entries()].map(
    ([w, r]) => `(${[...new Set([w, ...r.completions, ...r.corrections])].join(' | ')})`,
  );
  return groups.join(` ${joiner} `);
}

/**
 * A tsquery (in its own syntax: the lexemes are the index's, not to be parsed again) for words of unspaced scripts:
 * each matches its character pairs as a phrase, a single character any pair it begins; joined by `joiner`.
 */
export function gramQueryText(grams: string[][], joiner: '&' | '|'): string {
  return grams
    .map((pairs) =>
      [...pairs[0]].length === 1 ? `${quoteLexeme(pairs[0])}:*` : `(${pairs.map(quoteLexeme).join(' <-> ')})`,
    )
    .join(` ${joiner} `);
}
