/**
 * How listing text and search queries are cut into what the index holds, alike on both sides, in any script:
 * - words of scripts written with spaces (Latin, Cyrillic, Greek, Arabic, Devanagari…), lowercase and without
 *   accents; PostgreSQL's english configuration stems them and the lexicon gives them typo tolerance;
 * - runs of scripts written without spaces between words (Chinese, Japanese, Thai…), and Korean, whose words carry
 *   their particles (메모를), as overlapping pairs of characters: any part of a run, a word or a stem, is found by
 *   the pairs it is made of, whatever the words around it.
 * The folding is done here rather than in SQL: PostgreSQL lowercases only ASCII letters under the C locale.
 */

/** Letters NFKD does not take apart, written as `unaccent` writes them (ø → o). */
const LETTER_FOLDS: Record<string, string> = { ø: 'o', æ: 'ae', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', ð: 'd', þ: 'th' };

/** Lowercase, without accents (é → e, ø → o), compatibility forms unified (ｶﾞ → ガ, ① → 1). */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/[øæœßłđðþ]/g, (c) => LETTER_FOLDS[c]);
}

// Script_Extensions, so that marks shared by scripts (ー, 々) belong to the run they stand in.
const UNSPACED = String.raw`(?:(?=[\p{L}\p{M}\p{N}])[\p{scx=Hani}\p{scx=Hira}\p{scx=Kana}\p{scx=Hang}\p{scx=Thai}\p{scx=Laoo}\p{scx=Khmr}\p{scx=Mymr}])`;
const RUNS = new RegExp(String.raw`(${UNSPACED}+)|((?:(?!${UNSPACED})[\p{L}\p{M}\p{N}])+)`, 'gu');

/** The words and the unspaced runs of a folded text, in order. */
function splitFolded(folded: string): { words: string[]; runs: string[] } {
  const words: string[] = [];
  const runs: string[] = [];
  for (const m of folded.matchAll(RUNS)) {
    if (m[1]) runs.push(m[1]);
    else words.push(m[2]);
  }
  return { words, runs };
}

/** Text to index: its words (for to_tsvector and the lexicon) and its unspaced runs (for bigrams). */
export function indexTerms(text: string): { words: string[]; runs: string[] } {
  return splitFolded(foldText(text));
}

/** The overlapping character pairs of a run; a run of one character is itself. */
export function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return [run];
  return chars.slice(1).map((c, i) => chars[i] + c);
}

/** PostgreSQL's limits on a tsvector: the highest position, and positions kept per lexeme. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 256;

/** A lexeme quoted for tsvector and tsquery input. */
export const quoteLexeme = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The bigrams of weighted runs as tsvector input (`'画面':1A '面共':2A`): a run's pairs at consecutive positions, so
 * that a query's pairs match as a phrase, with a gap between runs; a run's last character stands alone too, at its
 * last pair's position, so that a one-character query (`猫:*`) finds every character. Null when there are none.
 */
export function bigramVector(parts: { runs: string[]; weight: 'A' | 'B' | 'C' }[]): string | null {
  const positions = new Map<string, string[]>();
  const add = (lexeme: string, at: string) => {
    const list = positions.get(lexeme);
    if (!list) positions.set(lexeme, [at]);
    else if (list.length < MAX_POSITIONS_PER_LEXEME) list.push(at);
  };
  let pos = 0;
  for (const { runs, weight } of parts)
    for (const run of runs) {
      if (pos >= MAX_POSITION) break;
      for (const pair of bigrams(run)) add(pair, `${Math.min(++pos, MAX_POSITION)}${weight}`);
      const last = [...run].at(-1)!;
      if (last !== run) add(last, `${Math.min(pos, MAX_POSITION)}${weight}`);
      pos++;
    }
  if (positions.size === 0) return null;
  return [...positions].map(([lexeme, at]) => `${quoteLexeme(lexeme)}:${at.join(',')}`).join(' ');
}

/** What a query asks for (see queryTerms). */
export interface QueryTerms {
  /** Words of spaced scripts, as the lexicon stores them. */
  words: string[];
  /** Words of unspaced runs, each as its pairs of characters (a phrase), or a single character. */
  grams: string[][];
}

const MAX_TERMS = 12;

/** The language whose word list cuts a run: kana is Japanese, Hangul Korean, Han alone Chinese. */
function runLocale(run: string): string {
  if (/[\p{sc=Hira}\p{sc=Kana}]/u.test(run)) return 'ja';
  if (/\p{sc=Hang}/u.test(run)) return 'ko';
  if (/\p{sc=Thai}/u.test(run)) return 'th';
  if (/\p{sc=Laoo}/u.test(run)) return 'lo';
  if (/\p{sc=Khmr}/u.test(run)) return 'km';
  if (/\p{sc=Mymr}/u.test(run)) return 'my';
  return 'zh';
}

const segmenters = new Map<string, Intl.Segmenter>();
function wordsOfRun(run: string): string[] {
  const locale = runLocale(run);
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  const words: string[] = [];
  let single = false;
  for (const { segment, isWordLike } of segmenter.segment(run)) {
    if (!isWordLike) continue;
    const one = [...segment].length === 1;
    // Characters cut one by one are mostly a word the dictionary lacks (开源 → 开, 源): kept together.
    if (one && single) words[words.length - 1] += segment;
    else words.push(segment);
    single = one;
  }
  return words;
}

/**
 * A query's terms: its spaced words, and the words of its unspaced runs as the segmenter of their language cuts them
 * ("画面共有アプリ" → 画面, 共有, アプリ), so that words typed together are each found wherever the listing has them;
 * each of those is matched by its pairs of characters. Repeats count once; at most twelve of each.
 */
export function queryTerms(q: string): QueryTerms {
  const { words, runs } = splitFolded(foldText(q));
  const segments = [...new Set(runs.flatMap(wordsOfRun))];
  return { words: [...new Set(words)].slice(0, MAX_TERMS), grams: segments.slice(0, MAX_TERMS).map(bigrams) };
}
