/**
 * Word-level comparison of a written value with the text it claims to come from. Lenient enough
 * for a paraphrase ("Automatic invoice reminders" from "Invoices that remind themselves"), strict
 * enough that a claim whose words are not on the page fails. Also used to match features.
 */

// Words that carry no claim: an overlap made of them says nothing.
const STOPWORDS = new Set(
  `a an the and or but nor so yet of to in on at by for from with without into onto over under
about as is are was were be been being am do does did done has have had having it its it's this that these those there
their they them we our us you your yours he she his her i me my mine who whom whose which what when where why how all any
each every both few more most other some such no not only own same than too very can will just should would could may might
must also up down out off again further then once here s t don now via per plus get gets got make makes let lets use uses
used using one new like your across while within upon if else whether until because through during before after above below`.split(
    /\s+/,
  ),
);

const WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Lowercased words of a text, without stopwords, numbers or single letters. */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.toLowerCase().matchAll(WORD)) {
    const w = m[0].replace(/['’]/g, '');
    if (w.length < 2 || STOPWORDS.has(w) || /^\p{N}+$/u.test(w)) continue;
    out.push(w);
  }
  return out;
}

/**
 * Two words are the same when equal or when one is an inflection of the other: a shared start of
 * at least four letters that leaves at most three letters over (invoice/invoices/invoicing).
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 4) return false;
  let common = 0;
  while (common < shorter && a[common] === b[common]) common++;
  return common >= 4 && common >= shorter - 3 && Math.max(a.length, b.length) - common <= 4;
}

/** Share (0..1) of the value's content words that occur in the source; 0 when it has none. */
export function overlapShare(value: string, source: string): number {
  const words = contentWords(value);
  if (words.length === 0) return 0;
  const sourceWords = [...new Set(contentWords(source))];
  const found = words.filter((w) => sourceWords.some((s) => sameWord(w, s))).length;
  return found / words.length;
}

/**
 * The numbers of a text, in a comparable form: "$1,200/month" → "1200", "9.99" stays.
 * An invented price or count shows up here even when the words around it are right.
 */
export function numbersIn(text: string): string[] {
  return [...text.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => m[0].replace(/,(?=\d{3}(?!\d))/g, '').replace(/[.,]$/, ''));
}

/** Every number of the value occurs in the source. */
export function numbersAllIn(value: string, source: string): boolean {
  const have = new Set(numbersIn(source));
  return numbersIn(value).every((n) => have.has(n));
}

/**
 * Word-overlap similarity of two short texts (Dice coefficient over content words, inflections
 * counted as equal), 0..1: how two features are matched with each other.
 */
export function wordSimilarity(a: string, b: string): number {
  const wa = [...new Set(contentWords(a))];
  const wb = [...new Set(contentWords(b))];
  if (wa.length === 0 || wb.length === 0) return 0;
  const used = new Set<number>();
  let matched = 0;
  for (const w of wa) {
    const j = wb.findIndex((x, i) => !used.has(i) && sameWord(w, x));
    if (j >= 0) {
      used.add(j);
      matched++;
    }
  }
  return (2 * matched) / (wa.length + wb.length);
}

/** The phrase occurs in the text as whole words, case and whitespace aside. */
export function containsPhrase(text: string, phrase: string): boolean {
  const p = phrase.replace(/\s+/g, ' ').trim().toLowerCase();
  if (!p) return false;
  const t = text.replace(/\s+/g, ' ').toLowerCase();
  let at = t.indexOf(p);
  while (at >= 0) {
    const before = at === 0 ? '' : t[at - 1];
    const after = t[at + p.length] ?? '';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true;
    at = t.indexOf(p, at + 1);
  }
  return false;
}
